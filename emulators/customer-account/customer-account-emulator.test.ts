import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  browse,
  CookieJar,
  readForm,
  signInAtEmulator,
  startCustomerAccountEmulator,
} from "../../tests/support/customer-account-emulator";

let emulator: Awaited<ReturnType<typeof startCustomerAccountEmulator>>;

beforeAll(async () => {
  emulator = await startCustomerAccountEmulator();
});

afterAll(async () => {
  await emulator.close();
});

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  revocation_endpoint: string;
  code_challenge_methods_supported: string[];
  token_endpoint_auth_methods_supported: string[];
}

async function discovery(): Promise<Discovery> {
  const response = await fetch(`${emulator.issuer}/.well-known/openid-configuration`);
  return (await response.json()) as Discovery;
}

/** A login with nothing but HTTP: what any OAuth client would do. */
async function signInWithPlainHttp(email: string) {
  const metadata = await discovery();
  const verifier = randomBytes(32).toString("base64url");
  const authorizationUrl = new URL(metadata.authorization_endpoint);
  authorizationUrl.search = new URLSearchParams({
    client_id: emulator.clientId,
    redirect_uri: emulator.redirectUri,
    response_type: "code",
    scope: "openid email customer-account-api:full",
    state: "state-1",
    nonce: "nonce-1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  }).toString();
  const callback = await signInAtEmulator(authorizationUrl, email);
  const response = await fetch(metadata.token_endpoint, {
    method: "POST",
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code: callback.searchParams.get("code") ?? "",
      redirect_uri: emulator.redirectUri,
      client_id: emulator.clientId,
      code_verifier: verifier,
    }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { access_token: string; refresh_token?: string };
}

function graphql(query: string, authorization?: string, variables?: Record<string, unknown>) {
  return fetch(emulator.graphqlUrl, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(authorization ? { authorization } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
}

function decodeJwtPayload(token: string): Record<string, unknown> {
  const payload = token.split(".")[1] ?? "";
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

describe("OpenID Connect provider", () => {
  test("publishes discovery below the mount prefix with PKCE S256 only and public clients", async () => {
    const metadata = await discovery();
    expect(metadata.issuer).toBe(emulator.issuer);
    expect(metadata.authorization_endpoint.startsWith(`${emulator.issuer}/`)).toBe(true);
    expect(metadata.token_endpoint.startsWith(`${emulator.issuer}/`)).toBe(true);
    expect(metadata.end_session_endpoint.startsWith(`${emulator.issuer}/`)).toBe(true);
    expect(metadata.revocation_endpoint.startsWith(`${emulator.issuer}/`)).toBe(true);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.token_endpoint_auth_methods_supported).toContain("none");
  });

  test("refuses an authorization request without PKCE", async () => {
    const metadata = await discovery();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: emulator.clientId,
      redirect_uri: emulator.redirectUri,
      response_type: "code",
      scope: "openid email customer-account-api:full",
      state: "s",
    }).toString();
    const result = await browse(new CookieJar(), url);
    expect("redirectedTo" in result && result.redirectedTo.searchParams.get("error")).toBe(
      "invalid_request",
    );
  });

  test("issues a JWT access token for the Customer Account API and a refresh token", async () => {
    const tokens = await signInWithPlainHttp("olivia.bennett@example.com");
    const claims = decodeJwtPayload(tokens.access_token);
    expect(claims.sub).toBe("gid://shopify/Customer/1001");
    expect(claims.aud).toBe(`${emulator.issuer}/account/customer/api`);
    expect(String(claims.scope).split(" ")).toContain("customer-account-api:full");
    expect(tokens.refresh_token).toEqual(expect.any(String));
  });
});

describe("findSignedInCustomer", () => {
  test("knows the customer from the browser's provider session, and nobody without one", async () => {
    emulator.app.get("/whoami", async (req, res) => {
      const customer = await emulator.emulator.findSignedInCustomer(req, res);
      res.json({ email: customer?.email ?? null });
    });
    const whoami = async (jar: CookieJar) => {
      const response = await fetch(`${emulator.origin}/whoami`, {
        headers: { cookie: jar.header() },
      });
      return ((await response.json()) as { email: string | null }).email;
    };

    const jar = new CookieJar();
    expect(await whoami(jar)).toBeNull();
    const metadata = await discovery();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: emulator.clientId,
      redirect_uri: emulator.redirectUri,
      response_type: "code",
      scope: "openid email customer-account-api:full",
      code_challenge: createHash("sha256").update("whoami-verifier").digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    await signInAtEmulator(url, "sophie.harrington@example.com", jar);
    expect(await whoami(jar)).toBe("sophie.harrington@example.com");
  });
});

describe("consent", () => {
  test("is never asked for, even when the client sends prompt=consent", async () => {
    const jar = new CookieJar();
    const metadata = await discovery();
    const authorize = (prompt?: string) => {
      const url = new URL(metadata.authorization_endpoint);
      url.search = new URLSearchParams({
        client_id: emulator.clientId,
        redirect_uri: emulator.redirectUri,
        response_type: "code",
        scope: "openid email customer-account-api:full",
        code_challenge: createHash("sha256").update("consent-verifier").digest("base64url"),
        code_challenge_method: "S256",
        ...(prompt ? { prompt } : {}),
      }).toString();
      return url;
    };
    await signInAtEmulator(authorize(), "sophie.harrington@example.com", jar);
    const again = await browse(jar, authorize("consent"));
    expect("redirectedTo" in again && again.redirectedTo.searchParams.has("code")).toBe(true);
  });
});

describe("sign-in page", () => {
  async function openSignInPage(jar: CookieJar) {
    const metadata = await discovery();
    const url = new URL(metadata.authorization_endpoint);
    url.search = new URLSearchParams({
      client_id: emulator.clientId,
      redirect_uri: emulator.redirectUri,
      response_type: "code",
      scope: "openid email customer-account-api:full",
      state: "page-state",
      code_challenge: createHash("sha256").update("verifier-for-page-tests").digest("base64url"),
      code_challenge_method: "S256",
    }).toString();
    const page = await browse(jar, url);
    if ("redirectedTo" in page) throw new Error("expected the sign-in page");
    return page;
  }

  test("lists the demo customers as buttons beside a labelled email field, under one h1", async () => {
    const page = await openSignInPage(new CookieJar());
    expect(page.response.status).toBe(200);
    expect(page.html.match(/<h1\b/g)).toHaveLength(1);
    expect(page.html).toContain('<html lang="en">');
    expect(page.html).toMatch(/<label for="email">Email<\/label>\s*<input id="email" name="email"/);
    for (const name of [
      "Olivia Bennett",
      "Marcus Reid",
      "Sophie Harrington",
      "Liam O&#39;Connor",
    ]) {
      expect(page.html).toContain(`>Sign in as ${name}</button>`);
    }
  });

  test("an unknown email shows an error on the page and keeps what was typed", async () => {
    const jar = new CookieJar();
    const page = await openSignInPage(jar);
    const { action } = readForm(page.html, "/login");
    const result = await browse(jar, new URL(action, page.url), {
      method: "POST",
      form: { email: "nobody@example.com" },
    });
    if ("redirectedTo" in result) throw new Error("an unknown email must not sign in");
    expect(result.response.status).toBe(400);
    expect(result.html).toContain('role="alert"');
    expect(result.html).toContain("No customer account uses nobody@example.com.");
    expect(result.html).toContain('value="nobody@example.com" aria-invalid="true"');

    const retry = await browse(jar, new URL(action, page.url), {
      method: "POST",
      form: { email: "OLIVIA.BENNETT@example.com" },
    });
    expect("redirectedTo" in retry && retry.redirectedTo.searchParams.has("code")).toBe(true);
  });

  test("cancelling returns to the shop with access_denied", async () => {
    const jar = new CookieJar();
    const page = await openSignInPage(jar);
    const { action } = readForm(page.html, "/abort");
    const result = await browse(jar, new URL(action, page.url), { method: "POST" });
    if (!("redirectedTo" in result)) throw new Error("expected a redirect to the shop");
    expect(result.redirectedTo.origin + result.redirectedTo.pathname).toBe(emulator.redirectUri);
    expect(result.redirectedTo.searchParams.get("error")).toBe("access_denied");
    expect(result.redirectedTo.searchParams.get("state")).toBe("page-state");
  });

  test("an expired or unknown interaction shows an explanation instead of a stack trace", async () => {
    const response = await fetch(`${emulator.issuer}/interaction/does-not-exist`);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This sign-in has expired");
  });
});

describe("Customer Account GraphQL authentication", () => {
  const query = "query { customer { id emailAddress { emailAddress } } }";

  test("answers 401 JSON without a token or with a forged one", async () => {
    const missing = await graphql(query);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({
      errors: [{ message: "No access token found", extensions: { code: "UNAUTHORIZED" } }],
    });

    const forged = await graphql(query, "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.");
    expect(forged.status).toBe(401);
  });

  test("accepts the raw token as Shopify sends it, and a Bearer token", async () => {
    const { access_token: token } = await signInWithPlainHttp("marcus@reid-aquatic.example.com");
    for (const authorization of [token, `Bearer ${token}`]) {
      const response = await graphql(query, authorization);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        data: {
          customer: {
            id: "gid://shopify/Customer/1002",
            emailAddress: { emailAddress: "marcus@reid-aquatic.example.com" },
          },
        },
      });
    }
  });

  test("resolves skipDefault, single metafields, sort keys and order ownership", async () => {
    const { access_token: token } = await signInWithPlainHttp("olivia.bennett@example.com");
    const response = await graphql(
      `query {
        customer {
          defaultAddress { id }
          addresses(first: 5, skipDefault: true) { nodes { id formatted(withName: true) } }
          byNumber: orders(first: 3, sortKey: ORDER_NUMBER, reverse: true) { nodes { number } }
          byTotal: orders(first: 1, sortKey: TOTAL_PRICE, reverse: true) {
            nodes { totalPrice { amount } lineItems(first: 1) { nodes { title image { url } } } }
          }
          vip: metafield(namespace: "custom", key: "vip_access") { value }
        }
      }`,
      token,
    );
    const { data } = (await response.json()) as {
      data: {
        customer: {
          defaultAddress: { id: string };
          addresses: { nodes: { id: string; formatted: string[] }[] };
          byNumber: { nodes: { number: number }[] };
          byTotal: { nodes: { totalPrice: { amount: string }; lineItems: { nodes: unknown[] } }[] };
          vip: null;
        };
      };
    };
    const { customer } = data;
    expect(customer.addresses.nodes).toHaveLength(1);
    expect(customer.addresses.nodes[0]?.id).not.toBe(customer.defaultAddress.id);
    expect(customer.addresses.nodes[0]?.formatted[0]).toBe("Olivia Bennett");
    const numbers = customer.byNumber.nodes.map((order) => order.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(customer.byTotal.nodes[0]?.totalPrice.amount).toBe("2290.00");
    expect(customer.byTotal.nodes[0]?.lineItems.nodes).toEqual([
      {
        title: "Astral Viron P320 Eco Pump",
        image: {
          url: `${emulator.origin}/_emulators/storefront/images/products/astral-viron-p320-eco-pump/1.svg`,
        },
      },
    ]);
    expect(customer.vip).toBeNull();
  });

  test("reports invalid queries as GraphQL errors, like Shopify", async () => {
    const { access_token: token } = await signInWithPlainHttp("marcus@reid-aquatic.example.com");
    const response = await graphql("query { customer { favouriteColour } }", token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]?.message).toContain('Cannot query field "favouriteColour"');

    const malformed = await fetch(emulator.graphqlUrl, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: "{ not json",
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      errors: [{ message: "The request body is not valid JSON" }],
    });
  });

  test("answers 404 for an API version that does not exist", async () => {
    const { access_token: token } = await signInWithPlainHttp("marcus@reid-aquatic.example.com");
    const response = await fetch(emulator.graphqlUrl.replace("2026-04", "2026-05"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: token },
      body: JSON.stringify({ query }),
    });
    expect(response.status).toBe(404);
  });
});

describe("signing key", () => {
  /** The public keys an emulator publishes for checking its tokens (its JWKS). */
  async function publishedKeys(signingSecret?: string) {
    const other = await startCustomerAccountEmulator({ signingSecret });
    try {
      const metadata = (await (
        await fetch(`${other.issuer}/.well-known/openid-configuration`)
      ).json()) as { jwks_uri: string };
      return (await (await fetch(metadata.jwks_uri)).json()) as { keys: { kid: string }[] };
    } finally {
      await other.close();
    }
  }

  test("is the same in every emulator given one secret (every instance of a shop), else its own", async () => {
    const secret = randomBytes(32).toString("hex");
    const first = await publishedKeys(secret);
    expect(first.keys).toHaveLength(1);
    expect(await publishedKeys(secret)).toEqual(first);
    expect(await publishedKeys(randomBytes(32).toString("hex"))).not.toEqual(first);
    const unset = await publishedKeys();
    expect(unset.keys).toHaveLength(1);
    expect(await publishedKeys()).not.toEqual(unset);
  });
});
