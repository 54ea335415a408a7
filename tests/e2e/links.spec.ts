import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";

// No dead links in the demo shop (issue 11): starting at the home page, every same-origin link of
// every page it reaches (menus, footer, content, product cards) answers below 400. A guarded page
// that redirects to sign-in counts as working. Each path is fetched once, without a browser.

/** Links that are not pages of the shop, or that change state when followed. */
const SKIPPED = [/^\/_emulators\//, /^\/account\/logout$/];
/** Query parameters that lead to other documents; every other one only filters or sorts a page. */
const KEPT_PARAMS = ["page"];
/** Pages fetched at once: the machine is shared. */
const PARALLEL = 6;

const HREF = /<a\b[^>]*?\shref="([^"]*)"/g;

function decodeEntities(value: string): string {
  return value
    .replaceAll("&amp;", "&")
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">");
}

/** The page a link leads to on this shop, normalised; null for anything else. */
function pageOf(href: string, from: URL): string | null {
  if (/^(mailto|tel|javascript):/i.test(href) || href.startsWith("#")) return null;
  const url = new URL(decodeEntities(href), from);
  if (url.origin !== from.origin || SKIPPED.some((pattern) => pattern.test(url.pathname))) {
    return null;
  }
  const kept = new URLSearchParams();
  for (const name of KEPT_PARAMS) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

async function crawl(request: APIRequestContext, baseURL: string, start: string) {
  const found = new Map<string, string>([[start, "(start)"]]);
  const queue = [start];
  const broken: string[] = [];
  while (queue.length > 0) {
    const batch = queue.splice(0, PARALLEL);
    await Promise.all(
      batch.map(async (path) => {
        const response = await request.get(path, { maxRedirects: 0 });
        if (response.status() >= 400) {
          broken.push(`${path} (${response.status()}), linked from ${found.get(path)}`);
          return;
        }
        if (!response.headers()["content-type"]?.includes("text/html")) return;
        const from = new URL(path, baseURL);
        for (const [, href] of (await response.text()).matchAll(HREF)) {
          const target = href === undefined ? null : pageOf(href, from);
          if (target && !found.has(target)) {
            found.set(target, path);
            queue.push(target);
          }
        }
      }),
    );
  }
  return { visited: [...found.keys()], broken };
}

test("every link of the demo content, menus and catalogue leads to a page", async ({
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { visited, broken } = await crawl(request, baseURL ?? "", "/");
  expect(broken, "links that answer 400 or more").toEqual([]);
  // The walk reached the content, the courses and the catalogue, not only the home page.
  for (const path of [
    "/training-centre",
    "/training-centre/pool-operations-certificate",
    "/training-centre/pump-and-filter-servicing-hands-on",
    "/news",
    "/store/collections/all",
    "/store/products/davey-promaster-variable-speed-pump",
    "/contact",
  ]) {
    expect(visited).toContain(path);
  }
});
