import { describe, expect, it } from "vitest";
import { errorHeading } from "./error-page";

describe("errorHeading (product §2)", () => {
  it("names a missing page", () => {
    expect(errorHeading(404)).toBe("404 - Page Not Found");
  });

  it("keeps the spec's spelling for every other code", () => {
    expect(errorHeading(500)).toBe("500 - An Error Occured");
    expect(errorHeading(503)).toBe("503 - An Error Occured");
  });
});
