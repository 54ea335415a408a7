import { describe, expect, it, vi } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import { requireCatalogData, toPageError } from "./catalog-page.server";
import { StorefrontError } from "./storefront.server";

// A thrown `data(null, { status })` is what the root error boundary turns into the spec's page.
async function thrownBy(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const statusOf = (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status;

describe("catalogue reads for a page", () => {
  it("pass the data through", async () => {
    await expect(requireCatalogData(Promise.resolve({ title: "Pumps" }))).resolves.toEqual({
      title: "Pumps",
    });
  });

  it("answer 404 for a missing product or collection", async () => {
    expect(statusOf(await thrownBy(requireCatalogData(Promise.resolve(null))))).toBe(404);
  });

  it("answer the storefront failure's status and log it", async () => {
    const warn = vi.fn();
    const context = requestContextFor({ logger: { warn } } as never);
    const failure = new StorefrontError("Failed to fetch product", { status: 503 });
    expect(statusOf(await thrownBy(requireCatalogData(Promise.reject(failure), context)))).toBe(
      503,
    );
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ status: 503 }),
      "catalogue page: Failed to fetch product",
    );
  });

  it("leave other errors alone", () => {
    const bug = new TypeError("undefined is not a function");
    expect(toPageError(bug)).toBe(bug);
  });
});

describe("storefront errors", () => {
  it("are recognised by class, which exists once per process", () => {
    expect(statusOf(toPageError(new StorefrontError("Failed", { status: 502 })))).toBe(502);
    const lookalike = Object.assign(new Error("x"), { name: "StorefrontError", status: 503 });
    expect(toPageError(lookalike)).toBe(lookalike);
  });
});
