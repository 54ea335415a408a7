import { once } from "node:events";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type Client,
  createClient,
  filter,
  type ImageField,
  ParsingError,
  PreviewTokenExpiredError,
  PrismicError,
} from "@prismicio/client";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type ContentDocument,
  type ContentFault,
  createContentEmulator,
  createContentRouter,
  loadContentStore,
} from "./index";

const DEMO_CONTENT_DIR = fileURLToPath(new URL("../../content", import.meta.url));
const MOUNT_PATH = "/_emulators/content";

interface RunningEmulator {
  origin: string;
  endpoint: string;
  /** Requests that reached `documents/search`, faulted or not. */
  searchRequests: () => number;
  client: () => Client;
}

const servers: import("node:http").Server[] = [];
const tempDirs: string[] = [];

async function startEmulator(
  contentDir: string,
  faults?: ContentFault[],
  mount: (app: express.Express, origin: string) => void = (app, origin) =>
    app.use(MOUNT_PATH, createContentEmulator({ contentDir, publicOrigin: origin, faults })),
): Promise<RunningEmulator> {
  const app = express();
  let searchRequests = 0;
  app.use((request, _response, next) => {
    if (request.path === `${MOUNT_PATH}/api/v2/documents/search`) searchRequests++;
    next();
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await once(server, "listening");
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  mount(app, origin);
  const endpoint = `${origin}${MOUNT_PATH}/api/v2`;
  return {
    origin,
    endpoint,
    searchRequests: () => searchRequests,
    client: () => createClient("lagoon-demo", { documentAPIEndpoint: endpoint }),
  };
}

function contentDocument(
  overrides: Partial<ContentDocument> & Pick<ContentDocument, "id" | "type">,
) {
  return {
    uid: null,
    lang: "en-au",
    tags: [],
    first_publication_date: "2025-01-01T00:00:00+0000",
    last_publication_date: "2025-01-01T00:00:00+0000",
    data: {},
    ...overrides,
  } satisfies ContentDocument;
}

function writeContentDir(documents: object[], drafts: object[] = []): string {
  const dir = mkdtempSync(path.join(tmpdir(), "lagoon-content-"));
  tempDirs.push(dir);
  for (const [folder, list] of [
    ["", documents],
    ["drafts", drafts],
  ] as const) {
    for (const [index, doc] of list.entries()) {
      const { type } = doc as { type?: string };
      mkdirSync(path.join(dir, folder, type ?? "untyped"), { recursive: true });
      writeFileSync(
        path.join(dir, folder, type ?? "untyped", `${index}.json`),
        JSON.stringify(doc),
      );
    }
  }
  return dir;
}

const paragraph = (text: string) => [{ type: "paragraph", text, spans: [] }];

/** Seven news articles: dates give a known order, tags and bodies drive the filters. */
const NEWS = [
  ["heat-pumps-explained", "2025-03-01", ["heating", "guides"], "How a heat pump warms your pool"],
  ["winter-spa-care", "2025-06-15", ["spa"], "Keep your spa water balanced through winter"],
  [
    "salt-chlorinators",
    "2025-02-10",
    ["chemicals", "guides"],
    "Salt chlorinators and cell cleaning",
  ],
  ["green-pool-rescue", "2025-01-20", ["chemicals"], "Rescuing a green pool after the storms"],
  ["new-showroom", "2025-05-05", [], "Our new Burleigh showroom is open"],
  ["pool-operator-dates", "2025-04-02", ["training"], "New Pool Operator course dates"],
  ["pump-buying-guide", "2025-07-30", ["guides"], "Choosing a pool pump that lasts"],
] as const;

const newsDocuments = NEWS.map(([uid, date, tags, body], index) =>
  contentDocument({
    id: `NEWS${String(index).padStart(12, "0")}`,
    uid,
    type: "news_blog_page",
    tags: [...tags],
    data: {
      title: [{ type: "heading1", text: body, spans: [] }],
      date,
      body: paragraph(`${body}. Écrit par l'équipe Coral Bay.`),
      related: { link_type: "Document", id: index === 0 ? "NEWS000000000006" : "MISSINGDOCUMENT0" },
      cover: {
        id: `IMG${index}`,
        url: "/images/cover.svg",
        alt: null,
        copyright: null,
        dimensions: { width: 10, height: 10 },
        edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
      },
    },
  }),
);

afterAll(async () => {
  await Promise.all(
    servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
  );
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("content emulator over the demo content", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    emulator = await startEmulator(DEMO_CONTENT_DIR);
  });

  it("publishes repository info whose master ref the client uses", async () => {
    const response = await fetch(emulator.endpoint);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    const repository = await response.json();
    expect(repository.languages).toEqual([
      { id: "en-au", name: "English - Australia", is_master: true },
    ]);
    expect(repository.types).toMatchObject({ settings: "Settings", home_page: "Home Page" });
    expect(repository.forms.everything.action).toBe(`${emulator.endpoint}/documents/search`);

    const client = emulator.client();
    const masterRef = await client.getMasterRef();
    expect(masterRef).toEqual({
      id: "master",
      ref: repository.refs[0].ref,
      label: "Master",
      isMasterRef: true,
    });
    const settings = await client.getSingle("settings");
    expect(new URL(settings.href).searchParams.get("ref")).toBe(masterRef.ref);
  });

  it("serves the settings document", async () => {
    const settings = await emulator.client().getSingle("settings");
    expect(settings).toMatchObject({
      type: "settings",
      lang: "en-au",
      url: null,
      uid: null,
      linked_documents: [],
      alternate_languages: [],
    });
    expect(settings.data.site_name).toBe("Coral Bay Pool & Spa");
    expect(settings.data.announcements).toHaveLength(3);
    for (const announcement of settings.data.announcements) {
      expect(announcement.text).toEqual(expect.any(String));
      expect(announcement.link.link_type).toMatch(/^(Web|Document)$/);
    }
  });

  it("serves the navigation with its menus, footer and the six social platforms", async () => {
    const navigation = await emulator.client().getSingle("navigation");
    const sliceTypes = navigation.data.slices.map(
      (slice: { slice_type: string }) => slice.slice_type,
    );
    expect(new Set(sliceTypes)).toEqual(new Set(["nav_item", "dropdown_nav_item"]));
    const shop = navigation.data.slices.find(
      (slice: { primary: { label: string } }) => slice.primary.label === "Shop",
    );
    expect(shop.primary.links.map((link: { label: string }) => link.label)).toEqual([
      "Pumps",
      "Filters",
      "Chemicals",
      "Heating",
      "Spa Covers",
      "Commercial",
    ]);
    expect(navigation.data.slices1).toHaveLength(3);
    expect(
      navigation.data.social_media.map((entry: { platform: string }) => entry.platform),
    ).toEqual(["Facebook", "Instagram", "LinkedIn", "TikTok", "X", "YouTube"]);
  });

  it("fills in document links from the linked document", async () => {
    const navigation = await emulator.client().getSingle("navigation");
    const links = navigation.data.slices1.flatMap(
      (slice: { primary: { links: { link: { link_type: string } }[] } }) =>
        slice.primary.links.map((entry) => entry.link),
    );
    const homeLink = links.find((link: { link_type: string }) => link.link_type === "Document");
    expect(homeLink).toEqual({
      link_type: "Document",
      id: "Z3k2DBIAACIAcCBm",
      uid: "home",
      type: "home_page",
      lang: "en-au",
      tags: [],
      slug: "coral-bay-pool-spa",
      first_publication_date: "2025-01-13T23:02:19+0000",
      last_publication_date: "2025-06-02T02:05:33+0000",
      isBroken: false,
    });
  });

  it("makes image URLs absolute and serves the image", async () => {
    const home = await emulator.client().getSingle("home_page");
    expect(home.uid).toBe("home");
    expect(home.data.title[0]).toMatchObject({ type: "heading1" });
    const hero = home.data.slices.find(
      (slice: { slice_type: string }) => slice.slice_type === "hero",
    );
    const image: ImageField = hero.primary.image;
    expect(image.url).toBe(`${emulator.origin}${MOUNT_PATH}/images/hero-pool.svg`);
    expect(image.dimensions).toEqual({ width: 1600, height: 900 });

    const response = await fetch(image.url as string);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await response.text()).toContain("<svg");

    const missing = await fetch(`${emulator.origin}${MOUNT_PATH}/images/nope.svg`);
    expect(missing.status).toBe(404);
  });

  it("answers a stale ref with api_notfound_error, and the client's retry succeeds", async () => {
    const { ref: masterRef } = await emulator.client().getMasterRef();
    const raw = await fetch(
      `${emulator.endpoint}/documents/search?ref=stale-ref&q=${encodeURIComponent('[[at(document.type, "settings")]]')}`,
    );
    expect(raw.status).toBe(404);
    expect(await raw.json()).toEqual({
      type: "api_notfound_error",
      message: `Master ref is: ${masterRef}`,
    });

    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const client = emulator.client();
      client.queryContentFromRef("stale-ref");
      const settings = await client.getSingle("settings");
      expect(settings.data.site_name).toBe("Coral Bay Pool & Spa");
      expect(warn).toHaveBeenCalledWith(expect.stringContaining("stale-ref"));
    } finally {
      warn.mockRestore();
    }
  });

  it("rejects malformed queries with 400 parsing-error", async () => {
    const { ref } = await emulator.client().getMasterRef();
    for (const q of [
      '[[at(document.type, "settings"]]',
      '[[unknown(document.type, "x")]]',
      "[[at(foo, 1)]]",
    ]) {
      const response = await fetch(
        `${emulator.endpoint}/documents/search?ref=${ref}&q=${encodeURIComponent(q)}`,
      );
      expect(response.status, q).toBe(400);
      const body = await response.json();
      expect(body.type).toBe("parsing-error");
      expect(body.message).toEqual(expect.any(String));
    }
    const badPage = await fetch(`${emulator.endpoint}/documents/search?ref=${ref}&pageSize=0`);
    expect(badPage.status).toBe(400);

    const error = await emulator
      .client()
      .get({ filters: ["[at(document.type, ]"] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ParsingError);
  });
});

describe("content emulator queries", () => {
  let emulator: RunningEmulator;
  beforeAll(async () => {
    const dir = writeContentDir([
      ...newsDocuments,
      contentDocument({
        id: "NEWSHOME00000000",
        type: "news_blog_home",
        data: { title: paragraph("News") },
      }),
    ]);
    mkdirSync(path.join(dir, "images"));
    writeFileSync(path.join(dir, "images", "cover.svg"), "<svg/>");
    emulator = await startEmulator(dir);
  });

  const uids = (documents: { uid: string | null }[]) => documents.map((doc) => doc.uid);

  it("pages through every result with getAllByType", async () => {
    const client = emulator.client();
    const before = emulator.searchRequests();
    const all = await client.getAllByType("news_blog_page", {
      pageSize: 3,
      orderings: [{ field: "my.news_blog_page.date", direction: "desc" }],
    });
    expect(emulator.searchRequests() - before).toBe(3);
    expect(uids(all)).toEqual([
      "pump-buying-guide",
      "winter-spa-care",
      "new-showroom",
      "pool-operator-dates",
      "heat-pumps-explained",
      "salt-chlorinators",
      "green-pool-rescue",
    ]);

    const page = await client.getByType("news_blog_page", { page: 2, pageSize: 3 });
    expect(page).toMatchObject({
      page: 2,
      results_per_page: 3,
      results_size: 3,
      total_results_size: 7,
      total_pages: 3,
    });
    expect(new URL(page.next_page as string).searchParams.get("page")).toBe("3");
    expect(new URL(page.prev_page as string).searchParams.get("page")).toBe("1");
    const last = await fetch(page.next_page as string).then((response) => response.json());
    expect(last).toMatchObject({ page: 3, results_size: 1, next_page: null });
  });

  it("applies at, any, in, not, fulltext, has and missing filters", async () => {
    const client = emulator.client();
    const news = filter.at("document.type", "news_blog_page");
    const query = async (...filters: string[]) =>
      uids(
        await client.dangerouslyGetAll({
          filters: [news, ...filters],
          orderings: [{ field: "my.news_blog_page.uid" }],
        }),
      );

    expect(await query(filter.at("document.tags", ["chemicals", "guides"]))).toEqual([
      "salt-chlorinators",
    ]);
    expect(await query(filter.any("document.tags", ["spa", "training"]))).toEqual([
      "pool-operator-dates",
      "winter-spa-care",
    ]);
    expect(await query(filter.in("my.news_blog_page.uid", ["new-showroom", "not-there"]))).toEqual([
      "new-showroom",
    ]);
    expect(await query(filter.not("document.tags", "guides"))).toEqual([
      "green-pool-rescue",
      "new-showroom",
      "pool-operator-dates",
      "winter-spa-care",
    ]);
    expect(await query(filter.fulltext("document", "POOL pump"))).toEqual([
      "heat-pumps-explained",
      "pump-buying-guide",
    ]);
    expect(await query(filter.fulltext("my.news_blog_page.body", "ecrit equipe storms"))).toEqual([
      "green-pool-rescue",
    ]);
    expect(await query(filter.at("my.news_blog_page.related", "NEWS000000000006"))).toEqual([
      "heat-pumps-explained",
    ]);
    expect(await query(filter.dateAfter("my.news_blog_page.date", "2025-06-01"))).toEqual([
      "pump-buying-guide",
      "winter-spa-care",
    ]);
    expect(await query(filter.missing("document.tags"))).toEqual(["new-showroom"]);
    expect(await query(filter.has("my.news_blog_page.title"))).toHaveLength(7);

    const home = await client.getByUID("news_blog_page", "winter-spa-care");
    expect(home.id).toBe("NEWS000000000001");
    const byIds = await client.getByIDs(["NEWS000000000002", "NEWSHOME00000000"]);
    expect(byIds.results.map((doc) => doc.type).sort()).toEqual([
      "news_blog_home",
      "news_blog_page",
    ]);
  });

  it("orders by several fields, missing values last", async () => {
    const byDateThenPublication = await emulator.client().dangerouslyGetAll({
      filters: [filter.any("document.type", ["news_blog_page", "news_blog_home"])],
      orderings: [
        { field: "my.news_blog_page.date", direction: "desc" },
        { field: "document.first_publication_date" },
      ],
    });
    expect(byDateThenPublication.at(0)?.uid).toBe("pump-buying-guide");
    expect(byDateThenPublication.at(-1)?.type).toBe("news_blog_home");
  });

  it("fills in links to other documents and marks missing ones broken", async () => {
    const [first, second] = (
      await emulator.client().getByType("news_blog_page", {
        orderings: [{ field: "document.id" }],
        pageSize: 2,
      })
    ).results;
    expect(first?.data.related).toMatchObject({
      link_type: "Document",
      id: "NEWS000000000006",
      uid: "pump-buying-guide",
      type: "news_blog_page",
      tags: ["guides"],
      slug: "choosing-a-pool-pump-that-lasts",
      isBroken: false,
    });
    expect(second?.data.related).toMatchObject({
      link_type: "Document",
      id: "MISSINGDOCUMENT0",
      isBroken: true,
    });
    expect(first?.data.cover.url).toBe(`${emulator.origin}${MOUNT_PATH}/images/cover.svg`);
  });

  it("serves a second ref with changed documents beside master", async () => {
    const dir = writeContentDir(newsDocuments);
    const draftRef = "draft-ref-1";
    const preview = await startEmulator(dir, undefined, (app, origin) => {
      const store = loadContentStore(dir, { baseUrl: `${origin}${MOUNT_PATH}` });
      const [changed] = newsDocuments;
      store.addRef(draftRef, [{ ...(changed as ContentDocument), tags: ["draft"] }]);
      app.use(MOUNT_PATH, createContentRouter(store, { imagesDir: path.join(dir, "images") }));
    });
    const client = preview.client();
    const master = await client.getByUID("news_blog_page", "heat-pumps-explained");
    const draft = await client.getByUID("news_blog_page", "heat-pumps-explained", {
      ref: draftRef,
    });
    expect(master.tags).toEqual(["heating", "guides"]);
    expect(draft.tags).toEqual(["draft"]);
    expect(await client.getAllByType("news_blog_page", { ref: draftRef })).toHaveLength(7);
  });
});

describe("content emulator previews", () => {
  const [published, , other] = newsDocuments;
  const edited = { ...(published as ContentDocument), tags: ["draft-edit"] };
  const unpublished = contentDocument({
    id: "NEWSDRAFT0000000",
    uid: "never-published",
    type: "news_blog_page",
    data: { title: paragraph("Not yet") },
  });

  async function openPreview(emulator: RunningEmulator, documentId: string) {
    const response = await fetch(
      `${emulator.origin}${MOUNT_PATH}/preview?documentId=${documentId}`,
      {
        redirect: "manual",
      },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(`${emulator.origin}/preview`);
    expect(location.searchParams.get("documentId")).toBe(documentId);
    return location.searchParams.get("token") ?? "";
  }

  it("opens a session over the drafts and sends the editor to the site's preview route", async () => {
    const dir = writeContentDir(newsDocuments, [edited, unpublished]);
    const emulator = await startEmulator(dir);
    const token = await openPreview(emulator, unpublished.id);
    expect(token).toMatch(new RegExp(`^${emulator.origin}${MOUNT_PATH}/previews/[\\w-]+$`));

    const client = emulator.client();
    const draft = await client.getByUID("news_blog_page", edited.uid as string, { ref: token });
    expect(draft.tags).toEqual(["draft-edit"]);
    expect((await client.getByUID("news_blog_page", edited.uid as string)).tags).toEqual(
      published?.tags,
    );
    expect((await client.getByUID("news_blog_page", "never-published", { ref: token })).id).toBe(
      unpublished.id,
    );
    await expect(client.getByUID("news_blog_page", "never-published")).rejects.toThrow(
      "No documents were returned",
    );
    expect((await client.getByUID("news_blog_page", other?.uid as string, { ref: token })).id).toBe(
      other?.id,
    );
    const url = await client.resolvePreviewURL({
      linkResolver: (doc) => `/news/${doc.uid}`,
      defaultURL: "/",
      previewToken: token,
      documentID: unpublished.id,
    });
    expect(url).toBe("/news/never-published");
  });

  it("answers an ended or unknown session with Prismic's expired-token error", async () => {
    const dir = writeContentDir(newsDocuments, [edited]);
    let now = Date.parse("2025-07-01T00:00:00Z");
    const emulator = await startEmulator(dir, undefined, (app, origin) =>
      app.use(
        MOUNT_PATH,
        createContentEmulator({
          contentDir: dir,
          publicOrigin: origin,
          previewTtlMs: 60_000,
          now: () => now,
        }),
      ),
    );
    const token = await openPreview(emulator, edited.id);
    const client = emulator.client();
    now += 59_000;
    expect((await client.getByID(edited.id, { ref: token })).tags).toEqual(["draft-edit"]);
    now += 1_000;
    await expect(client.getByID(edited.id, { ref: token })).rejects.toBeInstanceOf(
      PreviewTokenExpiredError,
    );
    await expect(
      client.getByID(edited.id, { ref: `${emulator.origin}${MOUNT_PATH}/previews/unknown` }),
    ).rejects.toBeInstanceOf(PreviewTokenExpiredError);
  });

  it("keeps drafts out of the master ref, and the demo content has drafts", () => {
    const dir = writeContentDir(newsDocuments);
    const before = loadContentStore(dir, { baseUrl: "http://localhost:3000" });
    mkdirSync(path.join(dir, "drafts", "news_blog_page"), { recursive: true });
    writeFileSync(path.join(dir, "drafts", "news_blog_page", "x.json"), JSON.stringify(edited));
    const after = loadContentStore(dir, { baseUrl: "http://localhost:3000" });
    expect(after.masterRef).toBe(before.masterRef);
    expect(after.drafts.map((draft) => draft.id)).toEqual([edited.id]);
    expect(after.master.documents.find((doc) => doc.id === edited.id)?.tags).toEqual(
      published?.tags,
    );
    const demo = loadContentStore(DEMO_CONTENT_DIR, { baseUrl: "http://localhost:3000" });
    expect(demo.drafts.length).toBeGreaterThanOrEqual(1);
  });
});

describe("content emulator faults", () => {
  it("sends 429 with Retry-After, which the client waits out and retries", async () => {
    const dir = writeContentDir(newsDocuments);
    const raw = await startEmulator(dir, [{ status: 429, retryAfterSeconds: 1 }]);
    const { ref } = await raw.client().getMasterRef();
    const response = await fetch(`${raw.endpoint}/documents/search?ref=${ref}`);
    expect(response.status).toBe(429);
    expect(response.headers.get("retry-after")).toBe("1");

    const recovering = await startEmulator(dir, [{ status: 429, retryAfterSeconds: 1, times: 1 }]);
    const started = Date.now();
    const article = await recovering.client().getByUID("news_blog_page", "new-showroom");
    expect(article.uid).toBe("new-showroom");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(recovering.searchRequests()).toBe(2);
  });

  it("fails only the targeted document types with the client's generic error", async () => {
    const emulator = await startEmulator(DEMO_CONTENT_DIR, [
      { status: 500, documentTypes: ["home_page"] },
    ]);
    const client = emulator.client();
    const error = await client.getSingle("home_page").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PrismicError);
    expect((error as PrismicError<unknown>).constructor).toBe(PrismicError);
    expect((error as PrismicError<unknown>).message).toBe("An invalid API response was returned");
    expect((await client.getSingle("settings")).type).toBe("settings");
  });

  it("delays answers by delayMs", async () => {
    const dir = writeContentDir(newsDocuments);
    const emulator = await startEmulator(dir, [
      { status: 503, delayMs: 150, documentTypes: ["news_blog_page"], times: 1 },
      { status: 200, delayMs: 150 },
    ]);
    const client = emulator.client();
    const { ref } = await client.getMasterRef();

    let started = Date.now();
    const failed = await client.getByType("news_blog_page", { ref }).catch((caught) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(failed).toBeInstanceOf(PrismicError);

    started = Date.now();
    const slow = await client.getByType("news_blog_page", { ref });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(slow.total_results_size).toBe(7);
  });
});

describe("content loading", () => {
  it("names the file of an invalid document", () => {
    const dir = writeContentDir([
      { id: "BROKEN0000000000", type: "news_blog_page", lang: "en-au" },
    ]);
    expect(() =>
      createContentEmulator({ contentDir: dir, publicOrigin: "http://localhost:3000" }),
    ).toThrow(/news_blog_page\/0\.json is invalid[\s\S]*data/);
  });

  it("names the file that is not JSON", () => {
    const dir = writeContentDir([]);
    mkdirSync(path.join(dir, "settings"));
    writeFileSync(path.join(dir, "settings", "settings.json"), "{ nope");
    expect(() =>
      createContentEmulator({ contentDir: dir, publicOrigin: "http://localhost:3000" }),
    ).toThrow(/settings\/settings\.json is not valid JSON/);
  });

  it("names both files of a duplicate uid", () => {
    const twin = contentDocument({ id: "A", uid: "same", type: "news_blog_page" });
    const dir = writeContentDir([twin, { ...twin, id: "B" }]);
    expect(() => loadContentStore(dir, { baseUrl: "http://localhost:3000" })).toThrow(
      /Duplicate news_blog_page uid same: news_blog_page\/0\.json and news_blog_page\/1\.json/,
    );
  });

  it("changes the master ref when the content changes", () => {
    const dir = writeContentDir(newsDocuments.slice(0, 2));
    const before = loadContentStore(dir, { baseUrl: "http://localhost:3000" }).masterRef;
    const again = loadContentStore(dir, { baseUrl: "http://localhost:3000" }).masterRef;
    writeFileSync(
      path.join(dir, "news_blog_page", "1.json"),
      JSON.stringify({ ...newsDocuments[1], tags: ["edited"] }),
    );
    const after = loadContentStore(dir, { baseUrl: "http://localhost:3000" }).masterRef;
    expect(again).toBe(before);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^[0-9a-f]{16}$/);
  });
});
