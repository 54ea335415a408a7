import { describe, expect, it } from "vitest";
import { collectPage, pageResponse, renderedPage } from "./page-stream.server";

describe("collectPage", () => {
  it("answers the chunks written as one page, changed by finish", async () => {
    const page = await new Promise<string>((resolve) => {
      const sink = collectPage(
        (bytes) => resolve(Buffer.from(bytes).toString()),
        (whole) => Buffer.from(whole.toString().toUpperCase()),
      );
      sink.write(Buffer.from("<p>one "));
      sink.write(Buffer.from("two</p>"));
      sink.end();
    });
    expect(page).toBe("<P>ONE TWO</P>");
  });
});

describe("pageResponse", () => {
  it("gives the server the page's bytes without its body, which still reads the same", async () => {
    const page = new TextEncoder().encode("<!DOCTYPE html><p>Pumps</p>") as Uint8Array<ArrayBuffer>;
    const response = pageResponse(page, { status: 200 });
    expect(renderedPage(response)).toBe(page);
    expect(await response.text()).toBe("<!DOCTYPE html><p>Pumps</p>");
  });

  it("knows no other Response", () => {
    expect(renderedPage(new Response("<p>Pumps</p>"))).toBeUndefined();
  });
});
