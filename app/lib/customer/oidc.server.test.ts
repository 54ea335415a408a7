import express from "express";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  browse,
  CookieJar,
  signInAtEmulator,
  signOutAtEmulator,
  startCustomerAccountEmulator,
} from "../../../tests/support/customer-account-emulator";
import { type LoopbackServer, listenOnLoopback } from "../../../tests/support/loopback";
import {
  CODE_EXCHANGE_DEADLINE_MS,
  type CustomerAccountOidcSettings,
  createSignInRequest,
  createSignOutUrl,
  exchangeAuthorizationCode,
  IdentityProviderUnavailableError,
  RefreshRejectedError,
  refreshCustomerTokens,
  revokeRefreshToken,
  SignInFailedError,
} from "./oidc.server";

let emulator: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;
let settings: CustomerAccountOidcSettings;

beforeAll(async () => {
  emulator = await startCustomerAccountEmulator({ accessTokenTtlSeconds: 120 });
  settings = {
    issuer: emulator.issuer,
    clientId: emulator.clientId,
    redirectUri: emulator.redirectUri,
    postLogoutRedirectUri: emulator.postLogoutRedirectUri,
    timeoutSeconds: 5,
  };
});

afterAll(async () => {
  await emulator.close();
});

async function signIn(email: string, jar = new CookieJar()) {
  const { url, pending } = await createSignInRequest(settings);
  const callback = await signInAtEmulator(url, email, jar);
  return exchangeAuthorizationCode(settings, callback, pending);
}

describe("sign-in", () => {
  test("asks for the Customer Account scopes with PKCE S256, state and nonce", async () => {
    const first = await createSignInRequest(settings);
    const second = await createSignInRequest(settings);
    const parameters = first.url.searchParams;
    expect(first.url.href.startsWith(`${emulator.issuer}/`)).toBe(true);
    expect(parameters.get("client_id")).toBe(emulator.clientId);
    expect(parameters.get("redirect_uri")).toBe(emulator.redirectUri);
    expect(parameters.get("scope")).toBe("openid email customer-account-api:full");
    expect(parameters.get("code_challenge_method")).toBe("S256");
    expect(parameters.get("code_challenge")).not.toBe(first.pending.codeVerifier);
    expect(parameters.get("state")).toBe(first.pending.state);
    expect(parameters.get("nonce")).toBe(first.pending.nonce);
    expect(second.pending.state).not.toBe(first.pending.state);
    expect(second.pending.codeVerifier).not.toBe(first.pending.codeVerifier);
  });

  test("exchanges the code for access, refresh and id tokens", async () => {
    const before = Date.now();
    const tokens = await signIn("olivia.bennett@example.com");
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.idToken).toEqual(expect.any(String));
    expect(tokens.accessTokenExpiresAt).toBeGreaterThanOrEqual(before + 119_000);
    expect(tokens.accessTokenExpiresAt).toBeLessThanOrEqual(Date.now() + 120_000);
  });

  test("refuses a callback whose state is not the one sent", async () => {
    const { url, pending } = await createSignInRequest(settings);
    const callback = await signInAtEmulator(url, "olivia.bennett@example.com");
    const exchange = exchangeAuthorizationCode(settings, callback, {
      ...pending,
      state: "someone-elses-state",
    });
    await expect(exchange).rejects.toBeInstanceOf(SignInFailedError);
  });

  test("refuses the code with the wrong PKCE verifier, and a code used twice", async () => {
    const { url, pending } = await createSignInRequest(settings);
    const callback = await signInAtEmulator(url, "olivia.bennett@example.com");
    const wrongVerifier = exchangeAuthorizationCode(settings, callback, {
      ...pending,
      codeVerifier: "x".repeat(43),
    });
    await expect(wrongVerifier).rejects.toMatchObject({
      name: "SignInFailedError",
      code: "invalid_grant",
    });

    const second = await createSignInRequest(settings);
    const secondCallback = await signInAtEmulator(second.url, "olivia.bennett@example.com");
    await exchangeAuthorizationCode(settings, secondCallback, second.pending);
    await expect(
      exchangeAuthorizationCode(settings, secondCallback, second.pending),
    ).rejects.toMatchObject({ code: "invalid_grant" });
  });

  test("a cancelled sign-in is a SignInFailedError with access_denied", async () => {
    const { url, pending } = await createSignInRequest(settings);
    const jar = new CookieJar();
    const page = await browse(jar, url);
    if ("redirectedTo" in page) throw new Error("expected the sign-in page");
    const abortAction = /action="([^"]*\/abort)"/.exec(page.html)?.[1] ?? "";
    const result = await browse(jar, new URL(abortAction, page.url), { method: "POST" });
    if (!("redirectedTo" in result)) throw new Error("expected a redirect to the shop");
    await expect(
      exchangeAuthorizationCode(settings, result.redirectedTo, pending),
    ).rejects.toMatchObject({ name: "SignInFailedError", code: "access_denied" });
  });
});

describe("the code exchange's deadline (issue 14, finding 10)", () => {
  let hanging: LoopbackServer;
  beforeAll(async () => {
    // A provider whose token endpoint never answers: its discovery document is the emulator's,
    // with this server as issuer and token endpoint.
    const app = express();
    hanging = await listenOnLoopback(app);
    app.get("/.well-known/openid-configuration", async (_req, res) => {
      const metadata = await (
        await fetch(`${emulator.issuer}/.well-known/openid-configuration`)
      ).json();
      res.json({
        ...metadata,
        issuer: hanging.origin,
        token_endpoint: `${hanging.origin}/token`,
        authorization_response_iss_parameter_supported: false,
      });
    });
    app.post("/token", () => {});
  });
  afterAll(() => hanging.close());

  test("a token endpoint that hangs is 'unavailable' at the deadline, not after the provider's timeouts", async () => {
    const slow = { ...settings, issuer: hanging.origin, timeoutSeconds: 60 };
    const { pending } = await createSignInRequest(slow);
    const callback = new URL(slow.redirectUri);
    callback.searchParams.set("code", "a-code");
    callback.searchParams.set("state", pending.state);
    expect(CODE_EXCHANGE_DEADLINE_MS).toBeLessThanOrEqual(10_000);
    await expect(
      exchangeAuthorizationCode(slow, callback, pending, { deadlineMs: 300 }),
    ).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
  });
});

describe("refresh", () => {
  test("gives a new access token and rotates the refresh token; the old one is then rejected", async () => {
    const tokens = await signIn("sophie.harrington@example.com");
    const refreshed = await refreshCustomerTokens(settings, tokens.refreshToken ?? "");
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toEqual(expect.any(String));
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);

    await expect(refreshCustomerTokens(settings, tokens.refreshToken ?? "")).rejects.toBeInstanceOf(
      RefreshRejectedError,
    );
  });

  test("a revoked refresh token gives RefreshRejectedError", async () => {
    const tokens = await signIn("marcus@reid-aquatic.example.com");
    await revokeRefreshToken(settings, tokens.refreshToken ?? "");
    await expect(refreshCustomerTokens(settings, tokens.refreshToken ?? "")).rejects.toBeInstanceOf(
      RefreshRejectedError,
    );
  });

  test("an unreachable provider is a transient failure, not a rejection", async () => {
    const other = await startCustomerAccountEmulator();
    const otherSettings = {
      ...settings,
      issuer: other.issuer,
      clientId: other.clientId,
      redirectUri: other.redirectUri,
      postLogoutRedirectUri: other.postLogoutRedirectUri,
    };
    const { url, pending } = await createSignInRequest(otherSettings);
    const callback = await signInAtEmulator(url, "olivia.bennett@example.com");
    const tokens = await exchangeAuthorizationCode(otherSettings, callback, pending);
    await other.close();

    const refresh = refreshCustomerTokens(otherSettings, tokens.refreshToken ?? "");
    await expect(refresh).rejects.toBeInstanceOf(IdentityProviderUnavailableError);
    await expect(refresh).rejects.not.toBeInstanceOf(RefreshRejectedError);
  });
});

describe("the emulator's control that ends a customer's grants (for the end-to-end tests)", () => {
  test("makes the customer's refresh tokens refused, and exists only with test controls", async () => {
    const controlled = await startCustomerAccountEmulator({ testControls: true });
    try {
      const own = {
        issuer: controlled.issuer,
        clientId: controlled.clientId,
        redirectUri: controlled.redirectUri,
        postLogoutRedirectUri: controlled.postLogoutRedirectUri,
      };
      const { url, pending } = await createSignInRequest(own);
      const callback = await signInAtEmulator(url, "liam.oconnor@example.com");
      const tokens = await exchangeAuthorizationCode(own, callback, pending);
      const revoke = (issuer: string) =>
        fetch(`${issuer}/_test/revoke-grants`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "liam.oconnor@example.com" }),
        });
      expect((await revoke(emulator.issuer)).status).toBe(404);
      expect((await revoke(controlled.issuer)).status).toBe(204);
      await expect(
        refreshCustomerTokens(own, tokens.refreshToken as string),
      ).rejects.toBeInstanceOf(RefreshRejectedError);
    } finally {
      await controlled.close();
    }
  });
});

describe("sign-out", () => {
  test("the end-session URL ends the provider session and returns to the post-logout URI", async () => {
    const jar = new CookieJar();
    const tokens = await signIn("liam.oconnor@example.com", jar);

    // While the provider session lasts, a new sign-in skips the sign-in page.
    const silent = await createSignInRequest(settings);
    const silentResult = await browse(jar, silent.url);
    expect(
      "redirectedTo" in silentResult && silentResult.redirectedTo.searchParams.has("code"),
    ).toBe(true);

    const signOutUrl = await createSignOutUrl(settings, tokens.idToken);
    expect(signOutUrl.searchParams.get("id_token_hint")).toBe(tokens.idToken);
    expect(signOutUrl.searchParams.get("post_logout_redirect_uri")).toBe(
      emulator.postLogoutRedirectUri,
    );

    const landedOn = await signOutAtEmulator(signOutUrl, jar);
    expect(landedOn.href).toBe(emulator.postLogoutRedirectUri);

    const after = await createSignInRequest(settings);
    const afterResult = await browse(jar, after.url);
    expect("html" in afterResult && afterResult.html).toContain("Sign in as");
  });
});
