import { describe, expect, it } from "vitest";
import { collectPage } from "./page-stream.server";

describe("collectPage", () => {
  it("answers the chunks written as one page", async () => {
    const page = await new Promise<string>((resolve) => {
      const sink = collectPage((bytes) => resolve(Buffer.from(bytes).toString()));
      sink.write(Buffer.from("<p>one "));
      sink.write(Buffer.from("two</p>"));
      sink.end();
    });
    expect(page).toBe("<p>one two</p>");
  });
});
