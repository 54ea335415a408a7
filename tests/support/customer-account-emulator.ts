import express from "express";
import { createSignInRequest, exchangeAuthorizationCode } from "../../app/lib/customer/oidc.server";
import {
  type CustomerAccountEmulatorOptions,
  createCustomerAccountEmulator,
} from "../../emulators/customer-account";
import { listenOnLoopback } from "./loopback";

/**
 * Test helpers: the emulator on a real HTTP server, and a customer's browser (cookies, manual
 * redirects, form posts) for its sign-in and sign-out pages.
 */

export const EMULATOR_PREFIX = "/_emulators/customer-account";
export const TEST_CLIENT_ID = "lagoon-test";

export async function startCustomerAccountEmulator({
  clientId = TEST_CLIENT_ID,
  ...options
}: Pick<
  CustomerAccountEmulatorOptions,
  "accessTokenTtlSeconds" | "store" | "storage" | "testControls" | "signingSecret"
> & {
  /** The OAuth client it knows (the shop's own, `lagoon-embedded`, for the app's sign-in). */
  clientId?: string;
} = {}) {
  const app = express();
  const server = await listenOnLoopback(app);
  const { origin } = server;
  const issuer = `${origin}${EMULATOR_PREFIX}`;
  const redirectUri = `${origin}/account/authorize`;
  const postLogoutRedirectUri = `${origin}/`;
  const emulator = await createCustomerAccountEmulator({
    ...options,
    issuer,
    clients: [
      {
        clientId,
        redirectUris: [redirectUri],
        postLogoutRedirectUris: [postLogoutRedirectUri],
      },
    ],
  });
  // Mounted as server/emulators.ts does: a router at /_emulators holding one per service.
  app.use("/_emulators", express.Router().use("/customer-account", emulator.router));

  return {
    app,
    emulator,
    origin,
    issuer,
    graphqlUrl: `${issuer}/account/customer/api/2026-04/graphql`,
    clientId,
    redirectUri,
    postLogoutRedirectUri,
    store: emulator.store,
    async close() {
      await emulator.close();
      await server.close();
    },
  };
}

/** Just enough of a browser's cookie store: one value per name, expired cookies removed. */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = header.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = "", attributeValue = ""] = attribute.trim().split("=");
        if (key.toLowerCase() === "max-age") return Number(attributeValue) <= 0;
        if (key.toLowerCase() === "expires") return Date.parse(attributeValue) <= Date.now();
        return false;
      });
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface BrowserResponse {
  response: Response;
  url: URL;
  html: string;
}

/**
 * Requests `url` and follows redirects until one leaves the emulator (e.g. to the shop's
 * callback), returning that location; or returns the page the chain ends on.
 */
export async function browse(
  jar: CookieJar,
  url: URL,
  init: { method?: string; form?: Record<string, string> } = {},
): Promise<{ redirectedTo: URL } | BrowserResponse> {
  let current = url;
  let method = init.method ?? "GET";
  let body: URLSearchParams | undefined = init.form ? new URLSearchParams(init.form) : undefined;
  for (let hop = 0; hop < 10; hop++) {
    const headers: Record<string, string> = { cookie: jar.header() };
    if (body) headers["content-type"] = "application/x-www-form-urlencoded";
    const response = await fetch(current, { method, headers, body, redirect: "manual" });
    jar.store(response);
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, current);
      await response.body?.cancel();
      if (!next.pathname.startsWith(EMULATOR_PREFIX)) return { redirectedTo: next };
      current = next;
      method = "GET";
      body = undefined;
      continue;
    }
    return { response, url: current, html: await response.text() };
  }
  throw new Error(`Too many redirects from ${url}`);
}

/** The action and hidden fields of the form whose action ends with `actionSuffix`. */
export function readForm(html: string, actionSuffix: string) {
  for (const match of html.matchAll(/<form\b[^>]*>[\s\S]*?<\/form>/g)) {
    const form = match[0];
    const action = /action="([^"]*)"/.exec(form)?.[1]?.replaceAll("&amp;", "&");
    if (!action?.endsWith(actionSuffix)) continue;
    const fields: Record<string, string> = {};
    for (const input of form.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(input[0])?.[1];
      const value = /value="([^"]*)"/.exec(input[0])?.[1];
      if (name) fields[name] = value ?? "";
    }
    return { action, fields };
  }
  throw new Error(`No form posting to …${actionSuffix}`);
}

/** Signs in at the emulator as the customer with `email`; returns the shop's callback URL. */
export async function signInAtEmulator(
  authorizationUrl: URL,
  email: string,
  jar = new CookieJar(),
): Promise<URL> {
  const page = await browse(jar, authorizationUrl);
  if ("redirectedTo" in page) return page.redirectedTo;
  const { action } = readForm(page.html, "/login");
  const result = await browse(jar, new URL(action, page.url), {
    method: "POST",
    form: { email },
  });
  if ("redirectedTo" in result) return result.redirectedTo;
  throw new Error(`Sign-in did not complete (HTTP ${result.response.status})`);
}

/** Opens the end-session URL like a browser with JS would; returns where the provider sent us. */
export async function signOutAtEmulator(endSessionUrl: URL, jar: CookieJar): Promise<URL> {
  const page = await browse(jar, endSessionUrl);
  if ("redirectedTo" in page) return page.redirectedTo;
  const { action, fields } = readForm(page.html, "/session/end/confirm");
  const result = await browse(jar, new URL(action, page.url), {
    method: "POST",
    form: { ...fields, logout: "yes" },
  });
  if ("redirectedTo" in result) return result.redirectedTo;
  throw new Error(`Sign-out did not complete (HTTP ${result.response.status})`);
}

/** A customer's access token from a real sign-in at the emulator (PKCE, code exchange). */
export async function accessTokenFor(
  target: Awaited<ReturnType<typeof startCustomerAccountEmulator>>,
  email: string,
): Promise<string> {
  const settings = {
    issuer: target.issuer,
    clientId: target.clientId,
    redirectUri: target.redirectUri,
    postLogoutRedirectUri: target.postLogoutRedirectUri,
  };
  const { url, pending } = await createSignInRequest(settings);
  const callback = await signInAtEmulator(url, email);
  return (await exchangeAuthorizationCode(settings, callback, pending)).accessToken;
}
