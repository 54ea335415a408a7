import { describe, expect, it } from "vitest";
import { reshapeSlices, youtubeVideoId } from "./slices";

const image = {
  id: "img",
  url: "https://images.prismic.io/lagoon/pool.jpg?auto=format",
  alt: "A pool",
  copyright: null,
  dimensions: { width: 1600, height: 900 },
  edit: { x: 0, y: 0, zoom: 1, background: "transparent" },
};
const web = (url: string) => ({ link_type: "Web", url });
const doc = (type: string, uid: string) => ({
  link_type: "Document",
  id: "X",
  type,
  uid,
  isBroken: false,
});
const text = (value: string) => [{ type: "paragraph", text: value, spans: [] }];
const slice = (slice_type: string, primary: object, variation = "default") => ({
  id: `${slice_type}$1`,
  slice_type,
  variation,
  primary,
  items: [],
});

describe("reshapeSlices", () => {
  it("turns rich text into HTML, links into paths and images into srcsets", () => {
    const [hero] = reshapeSlices([
      slice("hero", {
        eyebrow: "Since 1998",
        heading: [{ type: "heading1", text: "Clear water", spans: [] }],
        text: [{ type: "paragraph", text: "Tests <free>", spans: [] }],
        image,
        cta_label: "Our courses",
        cta_link: doc("local_course_page", "commercial-pool-plant-room-training"),
      }),
    ]);
    expect(hero).toMatchObject({
      type: "hero",
      heading: "Clear water",
      textHtml: "<p>Tests &lt;free&gt;</p>",
      cta: { label: "Our courses", href: "/training-centre/commercial-pool-plant-room-training" },
      image: { width: 1600, height: 900, alt: "A pool" },
    });
    expect(hero?.type === "hero" && hero.image?.srcSet).toContain("640w");
  });

  it("reshapes every marketing slice and drops empty entries", () => {
    const views = reshapeSlices([
      slice("image_with_text", {
        image,
        image_position: "Right",
        heading: "H",
        body: text("B"),
        cta_label: "",
        cta_link: web("/x"),
      }),
      slice("call_to_action", {
        heading: "Book",
        text: text("Now"),
        button_label: "Go",
        button_link: web("/contact"),
        tone: "Sand",
      }),
      slice("feature_grid", {
        heading: "F",
        intro: [],
        features: [
          { title: "", description: "", link: { link_type: "Any" }, image: {} },
          { title: "Repairs", description: "D", link: web("/equipment-repairs"), image: {} },
        ],
      }),
      slice("image_gallery", {
        heading: "G",
        images: [
          { image: {}, caption: "none" },
          { image, caption: "Pool" },
        ],
      }),
      slice("faq", { heading: "Q", questions: [{ question: "Why?", answer: text("Because") }] }),
      slice("testimonials", {
        heading: "T",
        quotes: [{ quote: "Great", name: "Ann", location: "Robina", rating: 5 }],
        link_label: "",
        link: { link_type: "Any" },
      }),
      slice("featured_products", {
        heading: "P",
        intro: "",
        products: [{ handle: "pump x", label: "" }],
        link_label: "All",
        link: web("/store/collections/all"),
      }),
    ]);
    expect(views.map((view) => view.type)).toEqual([
      "image_with_text",
      "call_to_action",
      "feature_grid",
      "image_gallery",
      "faq",
      "testimonials",
      "featured_products",
    ]);
    expect(views[0]).toMatchObject({ imageRight: true, cta: null });
    expect(views[1]).toMatchObject({ tone: "sand", cta: { href: "/contact" } });
    expect(views[2]).toMatchObject({
      features: [{ title: "Repairs", href: "/equipment-repairs", image: null }],
    });
    expect(views[3]).toMatchObject({ images: [{ caption: "Pool" }] });
    expect(views[4]).toMatchObject({
      questions: [{ question: "Why?", answerHtml: "<p>Because</p>" }],
    });
    expect(views[5]).toMatchObject({ quotes: [{ rating: 5 }], link: null });
    expect(views[6]).toMatchObject({
      products: [{ handle: "pump x", label: "pump x", href: "/store/products/pump%20x" }],
    });
  });

  it("embeds a YouTube video or a map, and drops an embed with neither", () => {
    const views = reshapeSlices([
      slice("embed", {
        heading: "Watch",
        video: { embed_url: "https://youtu.be/dQw4w9WgXcQ", title: "Filter clean" },
        caption: "",
      }),
      slice("embed", { heading: "Find us", address: "12 Lagoon Court", map_query: "" }, "map"),
      slice("embed", { heading: "Bad", video: { embed_url: "https://vimeo.com/1" }, caption: "" }),
      slice("embed", { heading: "Empty", address: "", map_query: "" }, "map"),
    ]);
    expect(views).toMatchObject([
      { type: "embed", media: { kind: "video", videoId: "dQw4w9WgXcQ", title: "Filter clean" } },
      {
        type: "embed",
        media: { kind: "map", address: "12 Lagoon Court", query: "12 Lagoon Court" },
      },
    ]);
  });

  it("marks a slice type without a component as unknown, and ignores junk", () => {
    expect(reshapeSlices([{ slice_type: "carousel", id: "c1" }, null, { nope: 1 }])).toEqual([
      { type: "unknown", id: "c1", sliceType: "carousel" },
    ]);
    expect(reshapeSlices(undefined)).toEqual([]);
  });
});

describe("youtubeVideoId", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ?t=3", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/shorts/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=bad", null],
    ["https://evil.example/watch?v=dQw4w9WgXcQ", null],
    ["not a url", null],
  ])("%s → %s", (url, id) => {
    expect(youtubeVideoId(url)).toBe(id);
  });
});
