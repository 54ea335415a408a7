import { describe, expect, it } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import { createLogger, createMemoryCache, readConfig } from "../../../tests/support/server-parts";
import { PREVIEW_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "../http-cache";
import { createContentClient } from "./client.server";
import { loadContentPage } from "./content-page.server";
import { CONTENT_CACHE, CONTENT_CACHE_PREFIX, type Shell } from "./shell.server";

const shell = {
  siteName: "Coral Bay Pool & Spa",
  metaTitle: "",
  metaDescription: "The site's description",
  socialImage: null,
  organisation: { name: "Coral Bay Pool & Spa", logo: null, phone: "", email: "", address: null },
  socialLinks: [],
} as unknown as Shell;

const meta = { title: "", description: "", image: null };

/** A loader's arguments over a shop whose shell is already cached: nothing reaches Prismic. */
async function loaderArgs(cookie?: string) {
  const cache = createMemoryCache();
  await cache.set(`${CONTENT_CACHE_PREFIX}shell`, shell, CONTENT_CACHE);
  const services = {
    config: readConfig({ NODE_ENV: "test", LAGOON_PUBLIC_URL: "https://shop.example" }),
    logger: createLogger("silent"),
    cache,
    content: createContentClient({
      repositoryName: "lagoon-demo",
      documentAPIEndpoint: "http://127.0.0.1:9/api/v2",
    }),
  };
  const request = new Request("https://shop.example/news/x", {
    headers: cookie ? { Cookie: cookie } : {},
  });
  return { request, context: requestContextFor(services, { url: request.url }) };
}

const article = { title: "X", path: "/news/x", meta };

describe("a content page's loader", () => {
  it("returns its documents, SEO and preview state, cacheable by a CDN", async () => {
    const result = await loadContentPage(await loaderArgs(), {
      load: () => ({ article: Promise.resolve(article), related: Promise.resolve([]) }),
      seo: ({ article }) => ({ page: article }),
    });
    expect(result.data).toEqual({
      article,
      related: [],
      seo: {
        meta: expect.arrayContaining([
          { title: "X | Coral Bay Pool & Spa" },
          { tagName: "link", rel: "canonical", href: "https://shop.example/news/x" },
        ]),
        jsonLd: [],
      },
      preview: null,
    });
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
  });

  it("answers 404 when any of its documents is missing", async () => {
    const failure = await loadContentPage(await loaderArgs(), {
      load: () => ({ article: Promise.resolve(article), list: Promise.resolve(null) }),
      seo: ({ article }) => ({ page: article }),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ init: { status: 404 } });
  });

  it("starts the trail at Home and describes it after the page's own JSON-LD", async () => {
    const result = await loadContentPage(await loaderArgs(), {
      load: () => ({ article: Promise.resolve(article) }),
      trail: [{ name: "News", path: "/news" }],
      seo: ({ article }) => ({
        page: article,
        jsonLd: ({ seo, publicUrl }) => [{ "@type": "Article", url: seo.canonical, publicUrl }],
      }),
    });
    expect(result.data.crumbs).toEqual([
      { name: "Home", path: "/" },
      { name: "News", path: "/news" },
      { name: "X", path: "/news/x" },
    ]);
    expect(result.data.seo.jsonLd).toEqual([
      { "@type": "Article", url: "https://shop.example/news/x", publicUrl: "https://shop.example" },
      expect.objectContaining({ "@type": "BreadcrumbList" }),
    ]);
  });

  it("keeps a preview out of every cache", async () => {
    const token = "http://127.0.0.1:9/previews/session";
    const result = await loadContentPage(await loaderArgs(`io.prismic.preview=${token}`), {
      load: () => ({ article: Promise.resolve(article) }),
      seo: ({ article }) => ({ page: article }),
    });
    expect(result.data.preview).toEqual({ toolbar: null });
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe(PREVIEW_PAGE_CACHE);
  });
});
