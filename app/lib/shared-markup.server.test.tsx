import { type ReactNode, Suspense } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SharedMarkup, SharedMarkupProvider } from "../components/shared-markup";
import { collectPage } from "./page-stream.server";
import { type PageSharedMarkup, sharedMarkupForPage } from "./shared-markup.server";

/** Renders a page as entry.server.tsx does: to its end, then through the sink's `finish`. */
function renderPage(node: ReactNode, sink?: PageSharedMarkup, keep = true): Promise<string> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(
      sink ? <SharedMarkupProvider value={sink}>{node}</SharedMarkupProvider> : node,
      {
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady: () =>
          pipe(
            collectPage(
              (page) => resolve(Buffer.from(page).toString()),
              (page) => sink?.finish(page, keep) ?? page,
            ),
          ),
        onShellError: reject,
      },
    );
  });
}

let rendered = 0;
function Menu({ label, count }: { label: string; count: number }) {
  rendered += 1;
  return (
    <Suspense fallback={null}>
      <nav>
        {label} has {count}
        <a href="/a">A &amp; “B”</a>
      </nav>
    </Suspense>
  );
}

function Page({ source, label, count }: { source: object; label: string; count: number }) {
  return (
    <div>
      before {label}
      <SharedMarkup source={source} variant={String(count)}>
        <Menu label={label} count={count} />
      </SharedMarkup>
      after {count}
      <SharedMarkup source={source} variant="footer">
        <footer>
          <p>{label}</p>
        </footer>
      </SharedMarkup>
    </div>
  );
}

describe("shared markup", () => {
  it("gives every page the bytes a plain render gives, rendering the shared part once", async () => {
    const source = {};
    const plain = await renderPage(<Page source={source} label="Shop" count={2} />);
    rendered = 0;
    const first = await renderPage(
      <Page source={source} label="Shop" count={2} />,
      sharedMarkupForPage(),
    );
    const second = await renderPage(
      <Page source={source} label="Shop" count={2} />,
      sharedMarkupForPage(),
    );
    expect(first).toBe(plain);
    expect(second).toBe(plain);
    expect(rendered).toBe(1);
    expect(plain).not.toContain("lagoon-shared");
  });

  it("renders each variant and each source on its own", async () => {
    const source = {};
    await renderPage(<Page source={source} label="Shop" count={1} />, sharedMarkupForPage());
    const otherCount = await renderPage(
      <Page source={source} label="Shop" count={3} />,
      sharedMarkupForPage(),
    );
    expect(otherCount).toBe(await renderPage(<Page source={source} label="Shop" count={3} />));
    const otherSource = await renderPage(
      <Page source={{}} label="Spa" count={1} />,
      sharedMarkupForPage(),
    );
    expect(otherSource).toContain("Spa<!-- --> has <!-- -->1");
    expect(otherSource).toBe(await renderPage(<Page source={{}} label="Spa" count={1} />));
  });

  it("keeps text at its edges apart from the text around it", async () => {
    const source = {};
    const page = (
      <p>
        before {"text"}
        <SharedMarkup source={source} variant="">
          {"starts"} <i>and</i> {"ends"}
        </SharedMarkup>
        {"after"}
      </p>
    );
    const plain = await renderPage(page);
    expect(await renderPage(page, sharedMarkupForPage())).toBe(plain);
    expect(await renderPage(page, sharedMarkupForPage())).toBe(plain);
  });

  it("keeps nothing from a page that failed", async () => {
    const source = {};
    await renderPage(<Page source={source} label="Shop" count={1} />, sharedMarkupForPage(), false);
    rendered = 0;
    await renderPage(<Page source={source} label="Shop" count={1} />, sharedMarkupForPage());
    expect(rendered).toBe(1);
  });

  it("leaves a page without shared markup as it was", () => {
    const page = Buffer.from("<p>no markers</p>");
    expect(sharedMarkupForPage().finish(page, true)).toBe(page);
  });
});
