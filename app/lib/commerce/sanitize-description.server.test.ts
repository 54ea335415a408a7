import sanitizeHtml from "sanitize-html";
import { describe, expect, it, vi } from "vitest";
import { sanitizeDescription } from "./sanitize-description.server";

vi.mock("sanitize-html", async (importOriginal) => {
  const real = await importOriginal<{ default: typeof sanitizeHtml }>();
  return { default: vi.fn(real.default) };
});

describe("product descriptions", () => {
  it("keep their formatting", () => {
    const html =
      "<p>A <strong>quiet</strong> pump.</p><ul><li>1.5 kW</li></ul><table><tr><td>Flow</td></tr></table>";
    expect(sanitizeDescription(html)).toBe(
      "<p>A <strong>quiet</strong> pump.</p><ul><li>1.5 kW</li></ul><table><tr><td>Flow</td></tr></table>",
    );
  });

  it("lose scripts, styles, frames, images with handlers and event attributes", () => {
    const html =
      '<p onclick="steal()">Hi</p><script>alert(1)</script><style>p{}</style><iframe src="https://x"></iframe><img src=x onerror="alert(1)"><svg onload="alert(1)"></svg>';
    expect(sanitizeDescription(html)).toBe("<p>Hi</p>");
  });

  it("keep only safe link schemes, and open other sites in a new tab without the opener", () => {
    expect(sanitizeDescription('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeDescription('<a href="/store/products/x">x</a>')).toBe(
      '<a href="/store/products/x">x</a>',
    );
    expect(sanitizeDescription('<a href="https://davey.com.au">Davey</a>')).toBe(
      '<a href="https://davey.com.au" rel="noopener noreferrer" target="_blank">Davey</a>',
    );
  });

  it("turn a description's h1 into an h2: the page's h1 is the product title", () => {
    expect(sanitizeDescription("<h1>Features</h1>")).toBe("<h2>Features</h2>");
  });

  it("drop empty paragraphs", () => {
    expect(sanitizeDescription("<p>One</p><p> </p><p></p>")).toBe("<p>One</p>");
  });

  it("are sanitised once, not on every view of the page", () => {
    const html = '<p>Fan-cooled motor.</p><script>alert("again")</script>';
    const calls = vi.mocked(sanitizeHtml).mock.calls.length;
    expect(sanitizeDescription(html)).toBe("<p>Fan-cooled motor.</p>");
    expect(sanitizeDescription(html)).toBe("<p>Fan-cooled motor.</p>");
    expect(sanitizeDescription(`${html} `)).toBe("<p>Fan-cooled motor.</p>");
    expect(vi.mocked(sanitizeHtml).mock.calls.length - calls).toBe(2);
  });
});
