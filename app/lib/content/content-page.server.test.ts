import { describe, expect, it } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import { createLogger, createMemoryCache, readConfig } from "../../../tests/support/server-parts";
import { PREVIEW_PAGE_CACHE, PUBLIC_PAGE_CACHE } from "../http-cache";
import { readJsonText } from "../json-text";
import { createContentClient } from "./client.server";
import { type ContentPageSpec, loadContentPage } from "./content-page.server";
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

/**
 * A shop whose shell is already cached: nothing reaches Prismic. Its requests get the same
 * shell object from the cache, as a running shop's do.
 */
async function shop() {
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
  /** A loader's arguments for a request to this shop. */
  return (cookie?: string) => {
    const request = new Request("https://shop.example/news/x", {
      headers: cookie ? { Cookie: cookie } : {},
    });
    return { request, context: requestContextFor(services, { url: request.url }) };
  };
}

/** A document as the content cache hands it out: the same object while it is cached. */
const newArticle = () => ({ title: "X", path: "/news/x", meta });
type Article = ReturnType<typeof newArticle>;

describe("a content page's loader", () => {
  it("returns its documents and SEO as one text, and the preview state, cacheable by a CDN", async () => {
    const article = newArticle();
    const result = await loadContentPage((await shop())(), {
      load: () => ({ article: Promise.resolve(article), related: Promise.resolve([]) }),
      seo: ({ article }) => ({ page: article }),
    });
    expect(result.data).toEqual({ content: expect.any(String), preview: null });
    expect(readJsonText(result.data.content)).toEqual({
      article,
      related: [],
      seo: {
        meta: expect.arrayContaining([
          { title: "X | Coral Bay Pool & Spa" },
          { tagName: "link", rel: "canonical", href: "https://shop.example/news/x" },
        ]),
        jsonLd: [],
      },
    });
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe(PUBLIC_PAGE_CACHE);
  });

  it("makes the text once for the same shell, documents and path", async () => {
    const request = await shop();
    // A string's identity cannot be seen from JavaScript: the head's JSON-LD, asked for only when
    // a text is made, counts the texts.
    let made = 0;
    const spec = (article: Article, path?: string): ContentPageSpec<{ article: Article }> => ({
      load: () => ({ article: Promise.resolve(article) }),
      seo: ({ article }) => ({
        page: article,
        path,
        jsonLd: () => [{ "@type": "Article", made: ++made }],
      }),
    });
    const article = newArticle();
    const first = await loadContentPage(request(), spec(article));
    const again = await loadContentPage(request(), spec(article));
    expect(made).toBe(1);
    expect(again.data.content).toBe(first.data.content);

    const atAnotherPath = await loadContentPage(request(), spec(article, "/thank-you"));
    expect(made).toBe(2);
    expect(readJsonText(atAnotherPath.data.content).seo.meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/thank-you",
    });
    await loadContentPage(request(), spec(newArticle()));
    expect(made).toBe(3);
  });

  it("sends what it shows of this request beside the text, never in it", async () => {
    const request = await shop();
    const article = newArticle();
    let made = 0;
    const load = (formKey: string) =>
      loadContentPage(request(), {
        load: () => ({ article: Promise.resolve(article) }),
        perRequest: ({ article }) => ({ form: article.then(() => ({ formKey })) }),
        seo: ({ article }) => ({ page: article, jsonLd: () => [{ made: ++made }] }),
      });
    const [one, two] = await Promise.all([load("one"), load("two")]);
    expect(one.data.form).toEqual({ formKey: "one" });
    expect(two.data.form).toEqual({ formKey: "two" });
    expect(made).toBe(1);
    expect(readJsonText(one.data.content)).not.toHaveProperty("form");
  });

  it("answers 404 when any of its documents is missing", async () => {
    const article = newArticle();
    const failure = await loadContentPage((await shop())(), {
      load: () => ({
        article: Promise.resolve(article),
        list: Promise.resolve<{ page: number } | null>(null),
      }),
      seo: ({ article }) => ({ page: article }),
    }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ init: { status: 404 } });
  });

  it("starts the trail at Home and describes it after the page's own JSON-LD", async () => {
    const result = await loadContentPage((await shop())(), {
      load: () => ({ article: Promise.resolve(newArticle()) }),
      trail: [{ name: "News", path: "/news" }],
      seo: ({ article }) => ({
        page: article,
        jsonLd: ({ seo, publicUrl }) => [{ "@type": "Article", url: seo.canonical, publicUrl }],
      }),
    });
    const page = readJsonText(result.data.content);
    expect(page.crumbs).toEqual([
      { name: "Home", path: "/" },
      { name: "News", path: "/news" },
      { name: "X", path: "/news/x" },
    ]);
    expect(page.seo.jsonLd).toEqual([
      { "@type": "Article", url: "https://shop.example/news/x", publicUrl: "https://shop.example" },
      expect.objectContaining({ "@type": "BreadcrumbList" }),
    ]);
  });

  it("keeps a preview out of every cache", async () => {
    const token = "http://127.0.0.1:9/previews/session";
    const result = await loadContentPage((await shop())(`io.prismic.preview=${token}`), {
      load: () => ({ article: Promise.resolve(newArticle()) }),
      seo: ({ article }) => ({ page: article }),
    });
    expect(result.data.preview).toEqual({ toolbar: null });
    expect(new Headers(result.init?.headers).get("Cache-Control")).toBe(PREVIEW_PAGE_CACHE);
  });
});
