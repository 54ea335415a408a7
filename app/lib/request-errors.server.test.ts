import { createRequestHandler, RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { requestContextFor } from "../../tests/support/request-context";
import { stubServerBuild } from "../../tests/support/stub-build";
import { requestContextValues } from "./request-context.server";
import { reportRequestError } from "./request-errors.server";

// The errors React Router reports, as it reports them (its own 404 and 405, the Error of its
// Origin check), against a logger that records what it got.

function contextWithLogger() {
  const logger = { error: vi.fn() };
  return { logger, context: requestContextFor({ logger } as never) };
}

/** What the router reports for a request it answers itself: a POST to a page without an action, an unknown page. */
async function routerErrorFor(status: 404 | 405): Promise<unknown> {
  const reported: unknown[] = [];
  const build = stubServerBuild({
    contact: { module: { loader: () => null, default: () => null } },
  });
  (build.entry.module as unknown as { handleError: (error: unknown) => void }).handleError = (
    error,
  ) => reported.push(error);
  const path = status === 404 ? "/no-such-page" : "/contact";
  const answer = await createRequestHandler(build)(
    new Request(`https://shop.example${path}`, { method: status === 405 ? "POST" : "GET" }),
    new RouterContextProvider(),
  );
  expect(answer.status).toBe(status);
  expect(reported).toHaveLength(1);
  return reported[0];
}

const request = new Request("https://shop.example/contact", { method: "POST" });

describe("reportRequestError (React Router's handleError)", () => {
  it("keeps a client's mistake that the router answers with a 4xx out of the log", async () => {
    const { logger, context } = contextWithLogger();
    reportRequestError(await routerErrorFor(405), { request, context });
    reportRequestError(await routerErrorFor(404), { request, context });
    reportRequestError(
      new Error(
        "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
      ),
      { request, context },
    );
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("logs a fault of the shop to the structured log", () => {
    const { logger, context } = contextWithLogger();
    const fault = new Error("a loader broke");
    reportRequestError(fault, { request, context });
    expect(logger.error).toHaveBeenCalledWith(
      { err: fault, url: "https://shop.example/contact" },
      "request failed",
    );
  });

  it("hands a fault to the server when it takes them, to log on the request's own line", () => {
    const taken: unknown[] = [];
    const logger = { error: vi.fn() };
    const context = new RouterContextProvider(
      requestContextValues({ logger } as never, {
        nonce: "n",
        onFault: (error) => taken.push(error),
      }),
    );
    const fault = new Error("a loader broke");
    reportRequestError(fault, { request, context });
    expect(taken).toEqual([fault]);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it("says nothing for a shopper who went away", () => {
    const { logger, context } = contextWithLogger();
    const controller = new AbortController();
    controller.abort();
    const gone = new Request("https://shop.example/", { signal: controller.signal });
    reportRequestError(new Error("aborted"), { request: gone, context });
    expect(logger.error).not.toHaveBeenCalled();
  });
});
