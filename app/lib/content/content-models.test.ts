import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  type CheckedDocument,
  type CustomTypeModel,
  checkDocument,
  fieldsOf,
  loadModels,
  type Models,
  type SliceModel,
  sliceModelFiles,
} from "../../../tests/support/model-conformance";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const CONTENT_DIR = path.join(root, "content");
const SLICES_DIR = path.join(root, "app/slices");
const models = loadModels(path.join(root, "customtypes"), SLICES_DIR);

/** Every document in content/, published and draft, with the file it came from. */
function contentDocuments(): { file: string; document: CheckedDocument }[] {
  return readdirSync(CONTENT_DIR, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => ({
      file,
      document: JSON.parse(readFileSync(path.join(CONTENT_DIR, file), "utf8")) as CheckedDocument,
    }));
}

const clone = <T>(value: T): T => structuredClone(value);
const newsArticle = () =>
  clone(
    contentDocuments().find(({ file }) => file === "news_blog_page/heat-pumps-explained.json")
      ?.document as CheckedDocument,
  );

describe("the Slice Machine models", () => {
  it("cover every document type of product §3, the settings and the navigation", () => {
    expect([...models.customTypes.keys()].sort()).toEqual(
      [
        "home_page",
        "standard_page",
        "thank_you_page",
        "contact_page",
        "login_page",
        "testimonials",
        "purchase_order_checkout",
        "news_blog_home",
        "news_blog_page",
        "online_course_page",
        "local_course_page",
        "project_home",
        "project_page",
        "shop_page",
        "settings",
        "navigation",
      ].sort(),
    );
  });

  it("give every page type and the settings a meta title, meta description and social image", () => {
    for (const model of models.customTypes.values()) {
      if (model.id === "navigation") continue;
      const fields = fieldsOf(model);
      expect(fields.meta_title?.type, model.id).toBe("Text");
      expect(fields.meta_description?.type, model.id).toBe("Text");
      expect(fields.meta_image?.type, model.id).toBe("Image");
    }
  });

  it("keep a component beside every slice model", () => {
    const files = sliceModelFiles(SLICES_DIR);
    expect(files.length).toBeGreaterThanOrEqual(13);
    for (const file of files) {
      expect(existsSync(path.join(path.dirname(file), "index.tsx")), file).toBe(true);
    }
  });

  it("offer every marketing slice on every page type", () => {
    const marketing = [
      "hero",
      "text_block",
      "image_with_text",
      "call_to_action",
      "feature_grid",
      "image_gallery",
      "faq",
      "testimonials",
      "featured_products",
      "embed",
    ];
    for (const model of models.customTypes.values()) {
      if (model.id === "settings" || model.id === "navigation") continue;
      const zone = fieldsOf(model).slices?.config?.choices as Record<string, unknown>;
      expect(Object.keys(zone).sort(), model.id).toEqual([...marketing].sort());
    }
  });
});

describe("the demo content", () => {
  it("conforms to its models, document by document (drafts included)", () => {
    const documents = contentDocuments();
    expect(documents.length).toBeGreaterThan(40);
    const problems = documents.flatMap(({ file, document }) =>
      checkDocument(document, models).map((problem) => `${file} ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it("has what issue 3 asks for", () => {
    const published = contentDocuments().filter(({ file }) => !file.startsWith("drafts"));
    const count = (type: string) =>
      published.filter(({ document }) => document.type === type).length;
    expect(count("standard_page")).toBeGreaterThanOrEqual(4);
    expect(count("news_blog_page")).toBeGreaterThanOrEqual(6);
    expect(count("project_page")).toBeGreaterThanOrEqual(4);
    expect(count("online_course_page")).toBeGreaterThanOrEqual(2);
    expect(count("local_course_page")).toBeGreaterThanOrEqual(2);
    expect(count("shop_page")).toBeGreaterThanOrEqual(2);
    const single = (type: string) =>
      published.find(({ document }) => document.type === type)?.document.data ?? {};
    expect(single("testimonials").testimonials).toSatisfy(
      (entries: unknown) => Array.isArray(entries) && entries.length >= 8,
    );
    expect(single("home_page").slices).toSatisfy(
      (slices: unknown) => Array.isArray(slices) && slices.length >= 4,
    );
    expect(contentDocuments().some(({ file }) => file.startsWith("drafts/"))).toBe(true);
  });
});

describe("checkDocument", () => {
  it("passes a conforming document", () => {
    expect(checkDocument(newsArticle(), models)).toEqual([]);
  });

  it("reports a field renamed in the content", () => {
    const document = newsArticle();
    document.data.summary = document.data.excerpt;
    delete document.data.excerpt;
    expect(checkDocument(document, models)).toEqual([
      "data.summary: field is not in the model",
      "data.excerpt: missing Text field that the model defines",
    ]);
  });

  it("reports a field renamed in the model", () => {
    const renamed: Models = { ...models, customTypes: new Map(models.customTypes) };
    const model = clone(models.customTypes.get("news_blog_page") as CustomTypeModel);
    const main = model.json.Main as Record<string, unknown>;
    main.teaser = main.excerpt;
    delete main.excerpt;
    renamed.customTypes.set(model.id, model);
    expect(checkDocument(newsArticle(), renamed)).toEqual([
      "data.excerpt: field is not in the model",
      "data.teaser: missing Text field that the model defines",
    ]);
  });

  it("reports a slice field renamed in the slice model", () => {
    const document = newsArticle();
    document.data.slices = [
      {
        slice_type: "call_to_action",
        variation: "default",
        primary: {
          heading: "Book a sizing visit",
          text: [],
          button_label: "Book",
          button_link: { link_type: "Web", url: "/contact" },
          tone: "Lagoon",
        },
        items: [],
      },
    ];
    expect(checkDocument(document, models)).toEqual([]);
    const renamed: Models = { ...models, slices: new Map(models.slices) };
    const slice = clone(models.slices.get("call_to_action") as SliceModel);
    const primary = slice.variations[0]?.primary as Record<string, unknown>;
    primary.title = primary.heading;
    delete primary.heading;
    renamed.slices.set(slice.id, slice);
    expect(checkDocument(document, renamed)).toEqual([
      "data.slices[0].primary.heading: field is not in the model",
      "data.slices[0].primary.title: missing Text field that the model defines",
    ]);
  });

  it("reports a field of the wrong kind, an unknown slice and a bad select option", () => {
    const document = newsArticle();
    document.data.author = [{ type: "paragraph", text: "Luke", spans: [] }];
    document.data.date = "4 March 2025";
    document.data.slices = [{ slice_type: "carousel", variation: "default", primary: {} }];
    expect(checkDocument(document, models)).toEqual([
      "data.date: expected Date (YYYY-MM-DD or null), got string",
      "data.author: expected Text (a string or null), got a list",
      "data.slices[0]: slice carousel is not allowed in this zone",
    ]);
  });
});
