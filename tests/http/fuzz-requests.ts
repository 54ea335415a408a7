import { createHmac, randomUUID } from "node:crypto";
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
 * app/routes.ts and every action, with odd methods, bodies, headers and cookies (`chaos`), and as
 * many aimed at one route's loader or action with what it takes (`aimed`): the demo catalogue's
 * variants, the customers' own orders and others', purchase-order forms and decision links,
 * certificates, VIP pages, signed webhooks, each valid or spoiled in one way. Each comes with what
 * the request gate must answer where the answer is known whatever the route (`expected`), and the
 * route's pattern it is aimed at (`label`, the reach table's row).
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
  /** The shop cookies of each demo customer, signed in (the commercial one is signedInCookie). */
  customers: { everyday: string; vip: string; trainee: string };
  /** Order ids: the commercial customer's own, and other customers'. */
  orderIds: { own: string[]; others: string[] };
  /** The commercial customer's cart lines. */
  cartLineIds: string[];
  /** The trainee's certificate pages (path and query, as their account links them). */
  certificatePaths: string[];
  /** Verification codes of issued certificates. */
  certificateCodes: string[];
  /** What the purchase-order form offers the commercial customer. */
  purchaseOrderChoices: { locationIds: string[]; addressIds: string[] };
  /** Decision links' tokens for submitted purchase orders: [approve, reject] for each. */
  decisionTokens: string[];
  /** Signs the Shopify webhooks (SHOPIFY_WEBHOOK_SECRET of the shop under test). */
  webhookSecret: string;
  /** Product and collection handles, for webhook payloads. */
  handles: string[];
}

export interface FuzzRequest extends RawRequest {
  /** The route pattern the request is aimed at (app/routes.ts), or where its path came from. */
  label: string;
  /** The status whatever the route, when the gate decides (405, 400, 403, 413). */
  expected?: number;
  /** A client's mistake the route must answer with a 4xx (malformed JSON to an API). */
  expectedClientError?: boolean;
}

const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const MAX_BODY_BYTES = 64 * 1024;
/** Shopify's product webhooks carry every variant: their route takes more (server/app.ts). */
const WEBHOOK_PATH = "/api/webhooks/shopify";
const WEBHOOK_MAX_BODY_BYTES = 1024 * 1024;

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
      { weight: 2, arbitrary: fc.constantFrom(...Object.values(fixtures.customers)) },
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

/** Every request of the run: chaos and aimed ones, as many of each. */
export function fuzzRequest(fixtures: ShopFixtures): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(chaosRequest(fixtures), aimedRequest(fixtures));
}

function chaosRequest(fixtures: ShopFixtures): fc.Arbitrary<FuzzRequest> {
  const known = [
    ...ROUTE_SLUGS,
    ...fixtures.knownPaths.map((path) => path.split("/").at(-1) ?? ""),
  ];
  const path = fc.oneof(
    {
      weight: 9,
      arbitrary: fc
        .tuple(fc.constantFrom(...ROUTES), segment(known), segment(known))
        .map(([[label, route], s, t]) => ({ label, path: route(s, t) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...fixtures.knownPaths).map((path) => ({
        label: "sitemap's pages",
        path,
      })),
    },
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
    .map(({ method, path: { label, path }, query, body, headers: picked, chunked }) => {
      const sent: Record<string, string> = { Host: picked.host };
      if (picked.origin) sent.Origin = picked.origin;
      if (picked.fetchSite) sent["Sec-Fetch-Site"] = picked.fetchSite;
      if (picked.accept) sent.Accept = picked.accept;
      // The session would end for the rest of the run: signing out gets the other cookies.
      if (
        picked.cookie &&
        !(path.startsWith("/account/logout") && isSession(fixtures, picked.cookie))
      ) {
        sent.Cookie = picked.cookie;
      }
      if (picked.forwarded) sent["X-Forwarded-Host"] = picked.forwarded;
      if (picked.encoding) sent["Accept-Encoding"] = picked.encoding;
      if ("type" in body && body.type) sent["Content-Type"] = body.type;
      const text = "text" in body ? body.text : undefined;
      const request: FuzzRequest = {
        label,
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
      return shownShort(request);
    });
}

/** fast-check shows a failing batch by these: the method and path, not 100 KB of body. */
function shownShort(request: FuzzRequest): FuzzRequest {
  Object.defineProperty(request, fc.toStringMethod, {
    value: () => `${request.method} ${request.path.slice(0, 200)}`,
  });
  return request;
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
  const limit =
    request.path.split("?")[0] === WEBHOOK_PATH ? WEBHOOK_MAX_BODY_BYTES : MAX_BODY_BYTES;
  const tooLarge = method !== "GET" && method !== "HEAD" && size > limit;
  if (!STATE_CHANGING.has(method)) return tooLarge ? 413 : undefined;
  const fetchSite = headers["Sec-Fetch-Site"];
  if (fetchSite === "cross-site") return 403;
  const ownOrigin =
    headers.Origin === fixtures.origin || headers.Origin === `http://${headers.Host}`;
  if (fetchSite !== "same-origin" && headers.Origin !== undefined && !ownOrigin) return 403;
  return tooLarge ? 413 : undefined;
}

/** Whether `cookie` is one of the run's signed-in sessions, which signing out would end. */
const isSession = (fixtures: ShopFixtures, cookie: string) =>
  cookie === fixtures.signedInCookie || Object.values(fixtures.customers).includes(cookie);

// ——— Aimed requests: one route's loader or action, with what it takes, valid or spoiled. ———

/** Valid, or spoiled in one of a few ways (about half of each). */
const validOr = <T>(valid: fc.Arbitrary<T>, ...spoiled: fc.Arbitrary<T>[]) =>
  fc.oneof({ weight: spoiled.length, arbitrary: valid }, ...spoiled);

/**
 * A form whose fields are all valid about half the time, and otherwise have exactly one field
 * spoiled (each field as likely as another): a request that fails, fails for one reason.
 */
function formOf<K extends string>(
  fields: Record<K, [valid: fc.Arbitrary<string>, spoiled: fc.Arbitrary<string>]>,
): fc.Arbitrary<Record<K, string>> {
  const names = Object.keys(fields) as K[];
  const valid = fc.record(
    Object.fromEntries(names.map((name) => [name, fields[name][0]])),
  ) as fc.Arbitrary<Record<K, string>>;
  const spoil = fc.oneof(
    { weight: names.length, arbitrary: fc.constant(null) },
    ...names.map((name) => fields[name][1].map((value) => [name, value] as const)),
  );
  return fc
    .tuple(valid, spoil)
    .map(
      ([form, spoiled]): Record<K, string> =>
        spoiled ? { ...form, [spoiled[0]]: spoiled[1] } : form,
    );
}

/** A text field's value, spoiled: empty, too long, or nasty. */
const spoiledText = fc.oneof(
  fc.constant(""),
  fc.string({ minLength: 3000, maxLength: 3000 }),
  fc.constantFrom(...NASTY_VALUES),
);

interface Aim {
  label: string;
  method: "GET" | "POST";
  path: string;
  cookie?: string;
  /** A form body (urlencoded), or a JSON or raw one with its type. */
  form?: Record<string, string>;
  raw?: { type: string; text: string };
  headers?: Record<string, string>;
  /** The API answers JSON to this Accept, as fetch-based forms ask. */
  json?: boolean;
}

/** A browser's request for `aim`, from the shop's own page: the gate lets it through. */
function aimed(fixtures: ShopFixtures, aim: Aim): FuzzRequest {
  const headers: Record<string, string> = { Host: fixtures.host, ...aim.headers };
  if (aim.method === "POST") {
    headers.Origin = fixtures.origin;
    headers["Sec-Fetch-Site"] = "same-origin";
  }
  headers.Accept = aim.json ? "application/json" : "text/html,application/xhtml+xml";
  if (aim.cookie) headers.Cookie = aim.cookie;
  let body: string | undefined;
  if (aim.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(aim.form).toString();
  } else if (aim.raw) {
    headers["Content-Type"] = aim.raw.type;
    body = aim.raw.text;
  }
  return shownShort({ label: aim.label, method: aim.method, path: aim.path, headers, body });
}

/** Alters one character of `text` (a signature or a token), as a tampering client would. */
const tampered = (text: string) =>
  fc.nat({ max: Math.max(text.length - 1, 0) }).map((at) => {
    const swap = text[at] === "A" ? "B" : "A";
    return `${text.slice(0, at)}${swap}${text.slice(at + 1)}`;
  });

function aimedRequest(fixtures: ShopFixtures): fc.Arbitrary<FuzzRequest> {
  const { customers } = fixtures;
  const anyone = fc.constantFrom(
    undefined,
    fixtures.signedInCookie,
    customers.everyday,
    customers.vip,
    customers.trainee,
  );
  const quantity: [fc.Arbitrary<string>, fc.Arbitrary<string>] = [
    fc.integer({ min: 1, max: 5 }).map(String),
    fc.constantFrom("0", "-3", "abc", "99999999999", "1.5", ""),
  ];
  const variant: [fc.Arbitrary<string>, fc.Arbitrary<string>] = [
    fc.constantFrom(...fixtures.variantIds),
    fc.constantFrom("gid://shopify/ProductVariant/1", "gid://shopify/Product/9000101", "x"),
  ];
  const line = validOr(
    fc.constantFrom(...fixtures.cartLineIds),
    fc.constantFrom("gid://shopify/CartLine/nope?cart=nope", "gid://shopify/CartLine/"),
  );
  const cartCookie = fc.oneof(
    { weight: 3, arbitrary: fc.constant(fixtures.signedInCookie) },
    { weight: 1, arbitrary: anyone },
  );
  const cart = fc.oneof(
    fc
      .record({ form: formOf({ merchandiseId: variant, quantity }), cookie: cartCookie })
      .map(({ form, cookie }) => ({
        label: "/api/cart",
        method: "POST" as const,
        path: "/api/cart",
        cookie,
        json: true,
        form: { intent: "add", ...form },
      })),
    fc
      .record({
        line,
        quantity: validOr(...quantity),
        from: fc.constantFrom(undefined, "1", "2"),
        json: fc.boolean(),
      })
      .map(({ line, quantity, from, json }) => ({
        label: "/api/cart",
        method: "POST" as const,
        path: "/api/cart",
        cookie: fixtures.signedInCookie,
        json,
        form: {
          intent: "update",
          lineId: line,
          quantity,
          ...(from ? { from } : {}),
          redirectTo: "/purchase-order-checkout",
        },
      })),
    line.map((lineId) => ({
      label: "/api/cart",
      method: "POST" as const,
      path: "/api/cart",
      cookie: fixtures.signedInCookie,
      json: true,
      form: { intent: "remove", lineId },
    })),
  );

  const orderId = fc.oneof(
    fc.constantFrom(...fixtures.orderIds.own),
    fc.constantFrom(...fixtures.orderIds.others),
    fc.constantFrom("0", "999999", "abc", "gid%3A%2F%2Fshopify%2FOrder%2F1"),
  );
  const orders = fc
    .record({ id: orderId, commercial: fc.boolean(), cookie: cartCookie })
    .map(({ id, commercial, cookie }) => ({
      label: commercial ? "/account/commercial-orders/:s" : "/account/orders/:s",
      method: "GET" as const,
      path: `/account/${commercial ? "commercial-orders" : "orders"}/${id}`,
      cookie,
    }));

  const purchaseOrder = fc
    .record({
      pickup: fc.boolean(),
      form: formOf({
        idempotencyKey: [
          fc.constant(null).map(() => randomUUID()),
          fc.constantFrom("", "short", "a b c d e f g h i j k"),
        ],
        reference: [fc.stringMatching(/^[A-Z]{2}-\d{3,6}$/), spoiledText],
        locationId: [fc.constantFrom(...fixtures.purchaseOrderChoices.locationIds), spoiledText],
        addressId: [fc.constantFrom(...fixtures.purchaseOrderChoices.addressIds), spoiledText],
        deliveryDate: [
          fc.constantFrom("", "2099-01-31"),
          fc.constantFrom("2001-01-01", "2099-02-30"),
        ],
        notes: [fc.string({ maxLength: 200 }), fc.string({ minLength: 2100, maxLength: 2100 })],
      }),
      cookie: cartCookie,
    })
    .map(({ pickup, form: { locationId, addressId, ...form }, cookie }) => ({
      label: "/purchase-order-checkout",
      method: "POST" as const,
      path: "/purchase-order-checkout",
      cookie,
      form: {
        ...form,
        shippingMethod: pickup ? "pickup" : "standard",
        ...(pickup ? { locationId } : { addressId }),
      },
    }));

  const token = fc.oneof(
    fc.constantFrom(...fixtures.decisionTokens),
    fc.constantFrom(...fixtures.decisionTokens).chain(tampered),
    fc.constantFrom("", "x.y", "a.b.c", "%%"),
  );
  const decision = fc.record({ token, post: fc.boolean() }).map(({ token, post }) => ({
    label: "/purchase-orders/decision",
    method: post ? ("POST" as const) : ("GET" as const),
    path: `/purchase-orders/decision?token=${encodeURIComponent(token)}`,
  }));

  const certificates = fc.oneof(
    fc
      .record({
        path: fc.constantFrom(...fixtures.certificatePaths),
        pdf: fc.boolean(),
        cookie: fc.oneof(fc.constant(customers.trainee), anyone),
      })
      .map(({ path, pdf, cookie }) => {
        const [pathname, query] = path.split("?");
        return {
          label: pdf ? "/certificate/:s/pdf" : "/certificate/:s",
          method: "GET" as const,
          path: `${pathname}${pdf ? "/pdf" : ""}${query ? `?${query}` : ""}`,
          cookie,
        };
      }),
    validOr(
      fc.constantFrom(...fixtures.certificateCodes),
      fc.constantFrom("NOPE-0000", "x", ""),
    ).map((code) => ({
      label: "/certificate/verify/:s",
      method: "GET" as const,
      path: `/certificate/verify/${encodeURIComponent(code)}`,
    })),
  );

  const vip = anyone.map((cookie) => ({
    label: "/account/vip",
    method: "GET" as const,
    path: "/account/vip",
    cookie,
  }));

  const newsletter = validOr(fc.emailAddress(), spoiledText).map((email) => ({
    label: "/api/newsletter",
    method: "POST" as const,
    path: "/api/newsletter",
    json: true,
    form: { email },
  }));

  const webhook = fc
    .record({
      topic: validOr(
        fc.constantFrom(
          "products/update",
          "products/delete",
          "collections/update",
          "inventory_levels/update",
        ),
        fc.constantFrom("orders/create", ""),
      ),
      handle: fc.constantFrom(...fixtures.handles),
      signature: fc.constantFrom("valid", "valid", "tampered", "missing"),
      payload: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 2 })),
    })
    .chain(({ topic, handle, signature, payload }) => {
      const text = JSON.stringify(payload ?? { id: 9000101, handle });
      const hmac = createHmac("sha256", fixtures.webhookSecret).update(text).digest("base64");
      return (signature === "tampered" ? tampered(hmac) : fc.constant(hmac)).map((signed) => ({
        label: "/api/webhooks/shopify",
        method: "POST" as const,
        path: "/api/webhooks/shopify",
        raw: { type: "application/json", text },
        headers: {
          "X-Shopify-Topic": topic,
          "X-Shopify-Webhook-Id": randomUUID(),
          ...(signature === "missing" ? {} : { "X-Shopify-Hmac-Sha256": signed }),
        },
      }));
    });

  const pages = fc
    .record({ path: fc.constantFrom(...fixtures.knownPaths), cookie: anyone })
    .map(({ path, cookie }) => ({
      label: "sitemap's pages",
      method: "GET" as const,
      path,
      cookie,
    }));

  const search = fc
    .record({
      q: validOr(fc.constantFrom("pump", "chlorine", "filter", "spa"), spoiledText),
      predictive: fc.boolean(),
    })
    .map(({ q, predictive }) => ({
      label: predictive ? "/api/predictive-search" : "/search",
      method: "GET" as const,
      path: `${predictive ? "/api/predictive-search" : "/search"}?q=${encodeURIComponent(q)}`,
      json: predictive,
    }));

  const aim: fc.Arbitrary<Aim> = fc.oneof(
    { weight: 6, arbitrary: cart },
    { weight: 3, arbitrary: purchaseOrder },
    { weight: 2, arbitrary: decision },
    { weight: 2, arbitrary: orders },
    { weight: 2, arbitrary: certificates },
    { weight: 1, arbitrary: vip },
    { weight: 1, arbitrary: newsletter },
    { weight: 2, arbitrary: webhook },
    { weight: 2, arbitrary: pages },
    { weight: 1, arbitrary: search },
  );
  return aim.map((one) => aimed(fixtures, one));
}
