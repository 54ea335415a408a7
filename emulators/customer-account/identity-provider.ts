import { createECDH, createHash, hkdfSync, randomBytes } from "node:crypto";
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWK, jwtVerify } from "jose";
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from "oidc-provider";
import { escapeHtml } from "../shared/html";
import type { CustomerStore } from "./customer-records";
import { renderPage } from "./pages";

export const CUSTOMER_ACCOUNT_SCOPE = "customer-account-api:full";
const OIDC_SCOPES = "openid email";

export interface EmulatorClient {
  clientId: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
}

export interface IdentityProviderOptions {
  issuer: string;
  clients: EmulatorClient[];
  accessTokenTtlSeconds: number;
  store: CustomerStore;
  /**
   * The signing key is derived from this secret when given (the shop's SESSION_SECRET), so
   * every instance of a shop behind one load balancer, and the next build's, accept each
   * other's access tokens, as Shopify's one provider would. Otherwise a key of its own.
   */
  signingSecret?: string;
}

const DAY = 24 * 60 * 60;

/** An ES256 key of this process's own: generated in milliseconds (an RSA key: half a second). */
async function generatedSigningKey(): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { privateJwk: await exportJWK(privateKey), publicJwk: await exportJWK(publicKey) };
}

/** The same ES256 (P-256) key from the same secret, in every process. */
function derivedSigningKey(secret: string): { privateJwk: JWK; publicJwk: JWK } {
  for (let attempt = 0; ; attempt += 1) {
    const scalar = Buffer.from(
      hkdfSync("sha256", secret, "", `lagoon customer-account emulator signing key ${attempt}`, 32),
    );
    const ecdh = createECDH("prime256v1");
    try {
      // Refused for the rare scalar at or above the curve's order: the next attempt then.
      ecdh.setPrivateKey(scalar);
    } catch {
      continue;
    }
    const point = ecdh.getPublicKey();
    const publicJwk: JWK = {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    };
    return { privateJwk: { ...publicJwk, d: scalar.toString("base64url") }, publicJwk };
  }
}

/** Where the Customer Account GraphQL API lives; also the audience of its access tokens. */
export function customerApiResource(issuer: string) {
  return `${issuer.replace(/\/$/, "")}/account/customer/api`;
}

/**
 * Shopify's Customer Account login as an oidc-provider: a public client with PKCE, refresh
 * tokens without offline_access, JWT access tokens for the Customer Account API.
 */
export async function createIdentityProvider(options: IdentityProviderOptions) {
  const { issuer, store } = options;
  const issuerPath = new URL(issuer).pathname.replace(/\/$/, "");
  const resource = customerApiResource(issuer);

  const { privateJwk, publicJwk } = options.signingSecret
    ? derivedSigningKey(options.signingSecret)
    : await generatedSigningKey();
  const kid = createHash("sha256").update(JSON.stringify(publicJwk)).digest("hex").slice(0, 16);
  const signingKey = { ...privateJwk, kid, alg: "ES256", use: "sig" };
  const verificationKeys = createLocalJWKSet({
    keys: [{ ...publicJwk, kid, alg: "ES256", use: "sig" }],
  });

  const configuration: Configuration = {
    clients: options.clients.map((client) => ({
      client_id: client.clientId,
      redirect_uris: client.redirectUris,
      post_logout_redirect_uris: client.postLogoutRedirectUris,
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      id_token_signed_response_alg: "ES256",
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString("base64url")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    scopes: ["openid", "email"],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      revocation: {
        enabled: true,
        // A client revokes only its own tokens (another client's are silently ignored, RFC 7009).
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      rpInitiatedLogout: { enabled: true, logoutSource: renderLogoutPage },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resourceIndicator) => {
          if (resourceIndicator !== resource) throw new errors.InvalidTarget();
          return {
            scope: CUSTOMER_ACCOUNT_SCOPE,
            audience: resource,
            accessTokenTTL: options.accessTokenTtlSeconds,
            accessTokenFormat: "jwt",
            jwt: { sign: { alg: "ES256" } },
          };
        },
      },
    },
    // Shopify hands out refresh tokens to every customer login, not only with offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    rotateRefreshToken: true,
    // Customers never see a consent screen at Shopify: the shop's own app is trusted.
    loadExistingGrant: async (ctx) => {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      return grantCustomerAccountAccess(ctx.oidc.provider, {
        grantId,
        accountId: session.accountId,
        clientId: client.clientId,
      });
    },
    findAccount: async (_ctx, sub) => {
      const customer = await store.getCustomer(sub);
      if (!customer) return undefined;
      return {
        accountId: customer.id,
        claims: async () => ({ sub: customer.id, email: customer.email, email_verified: true }),
      };
    },
    interactions: { url: (_ctx, interaction) => `${issuerPath}/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: (_ctx, token) =>
        token.resourceServer?.accessTokenTTL ?? options.accessTokenTtlSeconds,
      AuthorizationCode: 60,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      RefreshToken: 14 * DAY,
      Grant: 14 * DAY,
      Session: 14 * DAY,
    },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = renderPage({
        title: "Sign-in error",
        body: `<h1>Something went wrong</h1>
<p>${escapeHtml(String(out.error_description ?? out.error ?? "Unknown error"))}</p>
<p><code>${escapeHtml(String(out.error ?? ""))}</code></p>`,
      });
    },
  };

  const provider = new Provider(issuer, configuration);

  /** The customer id of a valid, unexpired Customer Account API token, else undefined. */
  async function verifyAccessToken(token: string): Promise<string | undefined> {
    try {
      const { payload } = await jwtVerify(token, verificationKeys, {
        issuer,
        audience: resource,
        algorithms: ["ES256"],
        typ: "at+jwt",
      });
      const scopes = typeof payload.scope === "string" ? payload.scope.split(" ") : [];
      return scopes.includes(CUSTOMER_ACCOUNT_SCOPE) ? payload.sub : undefined;
    } catch {
      return undefined;
    }
  }

  // Grants by customer, so a test can end every session a customer has (see revokeGrantsOf).
  const grantsByAccount = new Map<string, Set<string>>();

  /** Everything the shop's app asks for, granted without a consent screen. */
  async function grantCustomerAccountAccess(
    oidcProvider: Provider,
    { grantId, accountId, clientId }: { grantId?: string; accountId: string; clientId: string },
  ) {
    const existing = grantId ? await oidcProvider.Grant.find(grantId) : undefined;
    const grant = existing ?? new oidcProvider.Grant({ clientId, accountId });
    grant.addOIDCScope(OIDC_SCOPES);
    grant.addResourceScope(resource, CUSTOMER_ACCOUNT_SCOPE);
    const id = await grant.save();
    const grants = grantsByAccount.get(accountId) ?? new Set<string>();
    grantsByAccount.set(accountId, grants.add(id));
    return grant;
  }

  /**
   * Ends everything the customer was granted, as a platform does when it signs a customer out
   * everywhere: their refresh tokens are then refused with invalid_grant.
   */
  async function revokeGrantsOf(accountId: string) {
    for (const grantId of grantsByAccount.get(accountId) ?? []) {
      await provider.RefreshToken.revokeByGrantId(grantId);
      await (await provider.Grant.find(grantId))?.destroy();
    }
    grantsByAccount.delete(accountId);
  }

  return {
    provider,
    verifyAccessToken,
    grantAccess: (access: { grantId?: string; accountId: string; clientId: string }) =>
      grantCustomerAccountAccess(provider, access),
    revokeGrantsOf,
  };
}

const logoutScript = 'document.getElementById("op.logoutForm").submit();';

// Shopify signs the customer out without asking; the form submits itself (a button without JS).
async function renderLogoutPage(ctx: KoaContextWithOIDC, form: string) {
  allowInlineScript(ctx, logoutScript);
  ctx.type = "html";
  ctx.body = renderPage({
    title: "Signing out",
    body: `<h1>Signing out…</h1>
${form}
<input type="hidden" form="op.logoutForm" name="logout" value="yes">
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script>${logoutScript}</script>`,
  });
}

/** Adds the script's hash to a Content-Security-Policy set by the host app, if any. */
function allowInlineScript(ctx: KoaContextWithOIDC, script: string) {
  const policy = ctx.response.get("content-security-policy");
  if (!policy) return;
  const hash = `'sha256-${createHash("sha256").update(script).digest("base64")}'`;
  const directives = policy.split(";").map((directive) => directive.trim());
  const index = directives.findIndex((directive) => directive.startsWith("script-src "));
  if (index >= 0) directives[index] = `${directives[index]} ${hash}`;
  else directives.push(`script-src ${hash}`);
  ctx.set("content-security-policy", directives.filter(Boolean).join("; "));
}
