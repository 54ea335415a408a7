import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { resolveDocumentPath } from "./link-resolver";

const CONTENT_DIR = fileURLToPath(new URL("../../../content/", import.meta.url));

interface Doc {
  id: string;
  type: string;
  uid: string | null;
  data: unknown;
}

const published: { file: string; document: Doc }[] = readdirSync(CONTENT_DIR, {
  recursive: true,
  encoding: "utf8",
})
  .filter((file) => file.endsWith(".json") && !file.startsWith("drafts"))
  .map((file) => ({
    file,
    document: JSON.parse(readFileSync(path.join(CONTENT_DIR, file), "utf8")),
  }));

/** Pages other issues own (catalogue, account, checkout): their routes answer them. */
const OWNED_ELSEWHERE = [
  /^\/store\/collections\/[\w-]+$/,
  /^\/store\/products\/[\w-]+$/,
  /^\/account$/,
];
/** Thank-you pages that also answer at a fixed address (product §2). */
const FIXED_THANK_YOU = ["thank-you", "po-thank-you", "mailing-list-confirmation"];

function internalLinks(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const item of value) internalLinks(item, found);
  } else if (typeof value === "object" && value !== null) {
    const record = value as Record<string, unknown>;
    if (
      record.link_type === "Web" &&
      typeof record.url === "string" &&
      record.url.startsWith("/")
    ) {
      found.push(record.url);
    }
    for (const field of Object.values(record)) internalLinks(field, found);
  }
  return found;
}

describe("links in the demo content", () => {
  const pages = new Set(published.map(({ document }) => resolveDocumentPath(document)));
  for (const { document } of published) {
    if (document.type === "thank_you_page" && FIXED_THANK_YOU.includes(document.uid ?? "")) {
      pages.add(`/${document.uid}`);
    }
  }
  const ids = new Set(published.map(({ document }) => document.id));

  it("lead to a page that exists, from the menu, the footer and every page", () => {
    const broken = published.flatMap(({ file, document }) =>
      internalLinks(document.data)
        .filter((url) => !pages.has(url.split(/[?#]/)[0] ?? url))
        .filter((url) => !OWNED_ELSEWHERE.some((pattern) => pattern.test(url)))
        .map((url) => `${file} → ${url}`),
    );
    expect(broken).toEqual([]);
  });

  it("point document links at documents that exist", () => {
    const raw = published.flatMap(({ file, document }) => {
      const links: string[] = [];
      JSON.stringify(document.data, (_key, value) => {
        if (value?.link_type === "Document" && !ids.has(value.id))
          links.push(`${file} → ${value.id}`);
        return value;
      });
      return links;
    });
    expect(raw).toEqual([]);
  });
});
