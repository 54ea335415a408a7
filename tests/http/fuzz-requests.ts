import fc from "fast-check";
import type { RawRequest } from "../support/raw-http";
import {
  FIELD_NAMES,
  INTENTS,
  MALFORMED_HOSTS,
  NASTY_VALUES,
  ODD_METHODS,
  QUERY_NAMES,
  ROUTE_SLUGS,
  ROUTES,
} from "./fuzz-vocabulary";

/**
 * Requests a careless, curious or hostile client may send to the shop: every route of
 * app/routes.ts and every action, with odd methods, bodies, headers and cookies. Each comes with
 * what the request gate must answer where the answer is known whatever the route (`expected`).
 */

export interface ShopFixtures {
  /** `127.0.0.1:<port>`: the Host a client of this shop sends. */
  host: string;
  origin: string;
  /** Pages that exist (from the sitemap), for requests that reach deep into real routes. */
  knownPaths: string[];
  variantIds: string[];
  /** Cookies of a signed-in commercial customer with a cart. */
  signedInCookie: string;
  /** The same cookies with their values altered, so their signatures no longer match. */
  tamperedCookie: string;
}

export interface FuzzRequest extends RawRequest {
  /** The status whatever the route, when the gate decides (405, 400, 403, 413). */
  expected?: number;
  /** A client's mistake the route must answer with a 4xx (malformed JSON to an API). */
  expectedClientError?: boolean;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_BODY_BYTES = 64 * 1024;

const method = fc.oneof(
  { weight: 8, arbitrary: fc.constant("GET") },
  { weight: 7, arbitrary: fc.constant("POST") },
  { weight: 2, arbitrary: fc.constant("HEAD") },
  { weight: 3, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH", "OPTIONS") },
  { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
);

/** Text that breaks things: unicode, control characters, markup, numbers too large to be numbers. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(...NASTY_VALUES),
  fc.string({ minLength: 500, maxLength: 5000 }),
);

/** Percent-encoded UTF-8 (a lone surrogate becomes U+FFFD, as a browser would send it). */
const encodeText = (text: string) => encodeURIComponent(Buffer.from(text).toString());

/** A path segment: often a real slug, else text that should not match anything. */
const segment = (known: string[]) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...known) },
    { weight: 8, arbitrary: nastyText.map(encodeText) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "%",
        "%zz",
        "%E0%A4%A",
        "..",
        "%2e%2e",
        "%2F",
        "%00",
        ".",
        "a%2Fb",
      ),
    },
    { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  );

const cursor = fc.oneof(
  fc.base64String({ maxLength: 80 }),
  fc.string({ maxLength: 40 }).map((text) => Buffer.from(text).toString("base64")),
  fc
    .jsonValue({ maxDepth: 2 })
    .map((value) => Buffer.from(JSON.stringify(value)).toString("base64")),
);

const queryValue = fc.oneof(
  nastyText,
  cursor,
  fc.constantFrom(
    "featured",
    "price-ascending",
    "price-descending",
    "newest",
    "pool",
    "chlorine",
    "pump*",
    "a OR b",
  ),
);

const query = fc.oneof(
  { weight: 3, arbitrary: fc.constant("") },
  {
    weight: 5,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...QUERY_NAMES), queryValue), { maxLength: 4 })
      .map((pairs) => (pairs.length ? `?${new URLSearchParams(pairs)}` : "")),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "?q=%",
      "?q=%zz&page=%",
      "?&&==&",
      "?q[]=1&q[x]=2",
      "?page=1&page=2",
    ),
  },
);

const fields = (fixtures: ShopFixtures) =>
  fc.array(
    fc.tuple(
      fc.constantFrom(...FIELD_NAMES),
      fc.oneof(
        nastyText,
        fc.constantFrom(...INTENTS),
        fc.constantFrom(...fixtures.variantIds),
        fc.integer().map(String),
      ),
    ),
    { maxLength: 8 },
  );

/** A body and the Content-Type it is sent with: right, wrong, or lying. */
const body = (fixtures: ShopFixtures) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant({}) },
    {
      weight: 5,
      arbitrary: fields(fixtures).map((pairs) => ({
        type: "application/x-www-form-urlencoded",
        text: new URLSearchParams(pairs).toString(),
      })),
    },
    {
      weight: 3,
      arbitrary: fc
        .oneof(
          fields(fixtures).map((pairs) => JSON.stringify(Object.fromEntries(pairs))),
          fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          fc.constantFrom('{"addressData": {"address1": 1e999}}', '{"limit": 1e400, "page": -0}'),
        )
        .map((text) => ({ type: "application/json", text })),
    },
    {
      weight: 2,
      arbitrary: fc.oneof(
        fc
          .constantFrom("{", '{"intent":', "[1,2", '{"a":1}}', "NaN", "\u0000", "{'a': 1}")
          .map((text) => ({ type: "application/json", text, malformed: true })),
        nastyText.map((text) => ({ type: "application/json", text })),
      ),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "text/plain",
            "application/xml",
            "multipart/form-data",
            "multipart/form-data; boundary=x",
            "application/x-www-form-urlencoded; charset=utf-16",
            "application/json; charset=latin1",
            "garbage",
            "",
          ),
          fc.oneof(
            nastyText,
            fields(fixtures).map((pairs) => new URLSearchParams(pairs).toString()),
            fc.constant('--x\r\nContent-Disposition: form-data; name="intent"\r\n\r\nadd\r\n--x'),
          ),
        )
        .map(([type, text]) => ({ type, text })),
    },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 100 * 1024 }).map((size) => ({
        type: "application/x-www-form-urlencoded",
        text: `intent=add&notes=${"a".repeat(size)}`,
      })),
    },
  );

/** Usually `usual` (a browser's header, or none), sometimes one of the odd values. */
const mostly = <T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>, oddWeight = 2) =>
  fc.oneof({ weight: 12, arbitrary: usual }, { weight: oddWeight, arbitrary: odd });

const none = fc.constant(undefined);

const headers = (fixtures: ShopFixtures) =>
  fc.record({
    host: mostly(
      fc.constant(fixtures.host),
      fc.constantFrom(
        "evil.example",
        "localhost",
        "[::1]:8080",
        "SHOP.EXAMPLE:443",
        "-",
        ...MALFORMED_HOSTS,
      ),
    ),
    origin: mostly(
      fc.constantFrom(undefined, fixtures.origin),
      fc.constantFrom("https://evil.example", "null", "garbage"),
    ),
    fetchSite: mostly(
      fc.constantFrom(undefined, "same-origin"),
      fc.constantFrom("same-site", "cross-site", "none", "bogus"),
    ),
    accept: fc.constantFrom(
      undefined,
      "text/html,application/xhtml+xml",
      "application/json",
      "*/*",
      "text/x-component",
      "image/avif",
      ";;;",
    ),
    cookie: fc.oneof(
      { weight: 3, arbitrary: none },
      { weight: 4, arbitrary: fc.constant(fixtures.signedInCookie) },
      { weight: 1, arbitrary: fc.constant(fixtures.tamperedCookie) },
      {
        weight: 2,
        arbitrary: fc.constantFrom(
          "lagoon_cart=garbage",
          "lagoon_session=; lagoon_access_token=x",
          "lagoon_session=not-a-session.sig; lagoon_sign_in=x",
          "lagoon_cart=eyJpZCI6ImdpZDovL3Nob3BpZnkvQ2FydC9ub3BlIn0%3D.sig",
          "io.prismic.preview=%7B%22bad",
          "=;;=; a=%; b",
          `lagoon_cart=${"x".repeat(4000)}`,
        ),
      },
      { weight: 1, arbitrary: nastyText.map((text) => `lagoon_session=${encodeText(text)}`) },
    ),
    forwarded: mostly(
      none,
      fc.constantFrom("evil.example", "a b", "[::1]", "shop.example, other.example"),
      1,
    ),
    encoding: fc.constantFrom(undefined, "gzip", "br", "identity", "*;q=0", "garbage"),
  });

export function fuzzRequest(fixtures: ShopFixtures): fc.Arbitrary<FuzzRequest> {
  const known = [
    ...ROUTE_SLUGS,
    ...fixtures.knownPaths.map((path) => path.split("/").at(-1) ?? ""),
  ];
  const path = fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(fc.constantFrom(...ROUTES), segment(known), segment(known))
        .map(([route, s, t]) => route(s, t)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...fixtures.knownPaths) },
  );
  return fc
    .record({
      method,
      path,
      query,
      body: body(fixtures),
      headers: headers(fixtures),
      chunked: fc.boolean(),
    })
    .map(({ method, path, query, body, headers: picked, chunked }) => {
      const sent: Record<string, string> = { Host: picked.host };
      if (picked.origin) sent.Origin = picked.origin;
      if (picked.fetchSite) sent["Sec-Fetch-Site"] = picked.fetchSite;
      if (picked.accept) sent.Accept = picked.accept;
      // The session would end for the rest of the run: signing out gets the other cookies.
      if (
        picked.cookie &&
        !(path.startsWith("/account/logout") && picked.cookie === fixtures.signedInCookie)
      ) {
        sent.Cookie = picked.cookie;
      }
      if (picked.forwarded) sent["X-Forwarded-Host"] = picked.forwarded;
      if (picked.encoding) sent["Accept-Encoding"] = picked.encoding;
      if ("type" in body && body.type) sent["Content-Type"] = body.type;
      const text = "text" in body ? body.text : undefined;
      const request: FuzzRequest = {
        method,
        path: `${path}${query}`,
        headers: sent,
        // A HEAD request with a body is not HTTP a client can send.
        body: method === "HEAD" ? undefined : text,
        chunked: text !== undefined && chunked,
      };
      request.expected = expectedStatus(request, fixtures);
      request.expectedClientError =
        request.expected === undefined &&
        method === "POST" &&
        path.startsWith("/api/") &&
        "malformed" in body;
      // fast-check shows a failing batch by these: the method and path, not 100 KB of body.
      Object.defineProperty(request, fc.toStringMethod, {
        value: () => `${request.method} ${request.path.slice(0, 200)}`,
      });
      return request;
    });
}

/** What the request gate answers whatever the route (server/request-gate.ts), if it decides. */
function expectedStatus(request: FuzzRequest, fixtures: ShopFixtures): number | undefined {
  const method = request.method ?? "GET";
  const headers = request.headers ?? {};
  if (ODD_METHODS.includes(method)) return 405;
  if (MALFORMED_HOSTS.includes(headers.Host ?? "")) return 400;
  // Behind a trusted proxy (loopback) the first X-Forwarded-Host is the host.
  const forwarded = headers["X-Forwarded-Host"]?.split(",")[0]?.trim();
  if (forwarded !== undefined && !/^[\w.:[\]-]+$/.test(forwarded)) return 400;
  if (/%(?![0-9A-Fa-f]{2})/.test(request.path.split("?")[0] ?? "")) return 400;
  const size = request.body === undefined ? 0 : Buffer.byteLength(request.body);
  const tooLarge = method !== "GET" && method !== "HEAD" && size > MAX_BODY_BYTES;
  if (!STATE_CHANGING.has(method)) return tooLarge ? 413 : undefined;
  const fetchSite = headers["Sec-Fetch-Site"];
  if (fetchSite === "cross-site") return 403;
  const ownOrigin =
    headers.Origin === fixtures.origin || headers.Origin === `http://${headers.Host}`;
  if (fetchSite !== "same-origin" && headers.Origin !== undefined && !ownOrigin) return 403;
  return tooLarge ? 413 : undefined;
}
