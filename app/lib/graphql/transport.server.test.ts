import { describe, expect, it } from "vitest";
import {
  createGraphqlTransport,
  type GraphqlFailure,
  GraphqlRequestError,
  operationNameOf,
} from "./transport.server";
import type { TypedOperation } from "./typed-operation";

// The wire, once for both APIs: every way a call can fail, named by its reason.

const SHOP_NAME = "#graphql\n query ShopName($id: ID) { shop { name } }" as TypedOperation<
  { shop: { name: string } },
  { id?: string }
>;

interface Sent {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

function transport(answer: (init: RequestInit) => Promise<Response>, timeoutMs = 1000) {
  const sent: Sent[] = [];
  const client = createGraphqlTransport({
    api: "Test API",
    url: "https://shop.example/graphql",
    headers: { "X-Token": "secret" },
    timeoutMs,
    fetch: async (input, init = {}) => {
      sent.push({
        url: String(input),
        headers: init.headers as Record<string, string>,
        body: JSON.parse(String(init.body)),
      });
      return answer(init);
    },
  });
  return { client, sent };
}

const respond = (status: number, body: unknown) => () =>
  Promise.resolve(
    new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": "application/json" },
    }),
  );

async function failure(promise: Promise<unknown>): Promise<GraphqlRequestError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GraphqlRequestError);
  return error as GraphqlRequestError;
}

/** Resolves only when the request is aborted, as a server that never answers. */
const silence = (init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });

describe("createGraphqlTransport", () => {
  it("posts the operation, its name and variables with the JSON and caller's headers", async () => {
    const { client, sent } = transport(respond(200, { data: { shop: { name: "Coral Bay" } } }));
    const data = await client.request(SHOP_NAME, {
      variables: { id: "1" },
      headers: { Authorization: "token" },
    });
    expect(data.shop.name).toBe("Coral Bay");
    expect(sent[0]).toEqual({
      url: "https://shop.example/graphql",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json",
        "X-Token": "secret",
        Authorization: "token",
      },
      body: { query: SHOP_NAME, variables: { id: "1" }, operationName: "ShopName" },
    });
  });

  it.each<[string, number, unknown, GraphqlFailure]>([
    ["429", 429, {}, "throttled"],
    ["Shopify's 430 security rejection", 430, "", "throttled"],
    [
      "a THROTTLED error",
      200,
      { errors: [{ message: "Slow down", extensions: { code: "THROTTLED" } }] },
      "throttled",
    ],
    ["401", 401, { errors: "[API] Invalid API key or access token" }, "unauthorized"],
    ["403", 403, "", "unauthorized"],
    ["a 5xx", 502, "<html>Bad gateway</html>", "http"],
    ["another 4xx", 400, { errors: [{ message: "Bad request" }] }, "http"],
    ["a body that is not JSON", 200, "<html>maintenance</html>", "invalid-response"],
    ["JSON that is not a GraphQL response", 200, { errors: 42 }, "invalid-response"],
    ["a response without data", 200, { data: null }, "invalid-response"],
    [
      "GraphQL errors",
      200,
      { data: null, errors: [{ message: "Field 'x' doesn't exist" }] },
      "graphql",
    ],
  ])("names %s", async (_case, status, body, reason) => {
    const error = await failure(transport(respond(status, body)).client.request(SHOP_NAME));
    expect(error).toMatchObject({ reason, operationName: "ShopName", upstreamStatus: status });
    expect(error.message).toMatch(/^Test API ShopName: /);
  });

  it("keeps the GraphQL errors and their messages", async () => {
    const errors = [
      { message: "Field 'x' doesn't exist", path: ["shop", "x"] },
      { message: "Invalid cursor", extensions: { code: "BAD_USER_INPUT" } },
    ];
    const error = await failure(transport(respond(200, { errors })).client.request(SHOP_NAME));
    expect(error.graphqlErrors).toEqual(errors);
    expect(error.message).toBe("Test API ShopName: Field 'x' doesn't exist; Invalid cursor");
    const refused = await failure(
      transport(respond(401, { errors: "[API] Invalid API key" })).client.request(SHOP_NAME),
    );
    expect(refused.message).toBe("Test API ShopName: HTTP 401: [API] Invalid API key");
  });

  it("gives up after the timeout", async () => {
    const started = performance.now();
    const error = await failure(transport(silence, 100).client.request(SHOP_NAME));
    expect(error.reason).toBe("timeout");
    expect(error.upstreamStatus).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it("names a failed connection a network failure", async () => {
    const refused = () => Promise.reject(new TypeError("fetch failed"));
    const error = await failure(transport(refused).client.request(SHOP_NAME));
    expect(error).toMatchObject({ reason: "network", message: "Test API ShopName: fetch failed" });
  });

  it("leaves the caller's own abort to the caller", async () => {
    const caller = new AbortController();
    const pending = transport(silence).client.request(SHOP_NAME, { signal: caller.signal });
    caller.abort(new Error("navigated away"));
    await expect(pending).rejects.toThrow("navigated away");
    await expect(pending).rejects.not.toBeInstanceOf(GraphqlRequestError);
  });
});

describe("GraphqlRequestError", () => {
  it("is worth retrying when the API was slow, throttling or down, not when it was unusable", () => {
    const retryable = (reason: GraphqlFailure, upstreamStatus?: number) =>
      new GraphqlRequestError(reason, "x", { operationName: "Op", upstreamStatus }).retryable;
    expect(retryable("timeout")).toBe(true);
    expect(retryable("network")).toBe(true);
    expect(retryable("throttled", 200)).toBe(true);
    expect(retryable("http", 502)).toBe(true);
    expect(retryable("http", 400)).toBe(false);
    expect(retryable("unauthorized", 401)).toBe(false);
    expect(retryable("graphql", 200)).toBe(false);
    expect(retryable("invalid-response", 200)).toBe(false);
  });
});

describe("operationNameOf", () => {
  it("reads the operation's name, or calls it anonymous", () => {
    expect(operationNameOf("#graphql\n mutation CartCreate($input: CartInput) { x }")).toBe(
      "CartCreate",
    );
    expect(operationNameOf("{ shop { name } }")).toBe("anonymous");
  });
});
