import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "./error-page";
import { errorHeading } from "./error-text";

describe("errorHeading (product §2)", () => {
  it("names a missing page", () => {
    expect(errorHeading(404)).toBe("404 - Page Not Found");
  });

  it("keeps the spec's spelling for every other code", () => {
    expect(errorHeading(500)).toBe("500 - An Error Occured");
    expect(errorHeading(503)).toBe("503 - An Error Occured");
  });
});

const pageText = (status: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ErrorPage status={status} path="/somewhere" />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'");

describe("the error page's explanation", () => {
  it("blames the shop only when the shop failed", () => {
    expect(pageText(500)).toContain("Something went wrong on our side");
    expect(pageText(503)).toContain("Something went wrong on our side");
    for (const status of [400, 403, 405, 409]) {
      expect(pageText(status)).not.toContain("on our side");
    }
  });

  it("tells a visitor refused by a guard that their account has no access", () => {
    expect(pageText(403)).toContain("Your account doesn't have access to this page.");
  });
});
