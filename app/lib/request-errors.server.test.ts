import { UNSAFE_ErrorResponseImpl } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { requestContextFor } from "../../tests/support/request-context";
import { reportRequestError } from "./request-errors.server";

// The errors React Router reports, as it reports them (react-router's ErrorResponseImpl for its
// own 404 and 405, the Error of its Origin check), against a logger that records what it got.

function contextWithLogger() {
  const logger = { error: vi.fn() };
  return { logger, context: requestContextFor({ logger } as never) };
}

/** What the router reports for a request it answers itself, e.g. a POST to a page without an action. */
const routerErrorFor = (status: number) =>
  new UNSAFE_ErrorResponseImpl(status, "Refused", new Error("You made a POST request…"), true);

const request = new Request("https://shop.example/contact", { method: "POST" });

describe("reportRequestError (React Router's handleError)", () => {
  it("keeps a client's mistake that the router answers with a 4xx out of the log", () => {
    const { logger, context } = contextWithLogger();
    reportRequestError(routerErrorFor(405), { request, context });
    reportRequestError(routerErrorFor(404), { request, context });
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

  it("says nothing for a shopper who went away", () => {
    const { logger, context } = contextWithLogger();
    const controller = new AbortController();
    controller.abort();
    const gone = new Request("https://shop.example/", { signal: controller.signal });
    reportRequestError(new Error("aborted"), { request: gone, context });
    expect(logger.error).not.toHaveBeenCalled();
  });
});
