import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { PrismicDocument } from "@prismicio/client";
import { z } from "zod";

export const MASTER_LANGUAGE = { id: "en-au", name: "English - Australia" } as const;

const TimestampSchema = z
  .string()
  .refine(
    (value) => !Number.isNaN(Date.parse(value)),
    "expected a timestamp such as 2025-01-15T09:30:00+0000",
  );

/** One document as written in `content/<type>/<uid-or-id>.json`. */
export const ContentDocumentSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]+$/, "expected letters, digits, '-' or '_'"),
  uid: z.string().min(1).nullish(),
  type: z.string().regex(/^[a-z0-9_]+$/, "expected a custom type id such as news_blog_page"),
  lang: z.string().min(2),
  tags: z.array(z.string()),
  first_publication_date: TimestampSchema,
  last_publication_date: TimestampSchema,
  slugs: z.array(z.string()).optional(),
  alternate_languages: z
    .array(
      z.object({ id: z.string(), uid: z.string().optional(), type: z.string(), lang: z.string() }),
    )
    .optional(),
  data: z.record(z.string(), z.unknown()),
});

export type ContentDocument = z.infer<typeof ContentDocumentSchema>;

/** A document as the Content API returns it. */
export type ApiDocument = PrismicDocument;

/** The documents one ref serves, ordered by id. */
export interface ContentVersion {
  ref: string;
  documents: readonly ApiDocument[];
}

export interface ContentStoreOptions {
  /** Absolute URL of the emulator's mount point, e.g. `http://localhost:3000/_emulators/content`. */
  baseUrl: string;
}

/**
 * The documents of every ref. The master ref is a hash of the content files, so it changes
 * whenever the content does; other refs (previews, releases) overlay changed documents on master.
 */
export class ContentStore {
  readonly masterRef: string;
  /** Unpublished versions (`content/drafts/`), shown only under a preview ref. */
  readonly drafts: readonly ContentDocument[];
  readonly #sources: ReadonlyMap<string, ContentDocument>;
  readonly #versions = new Map<string, ContentVersion>();
  readonly #baseUrl: string;

  constructor(
    documents: readonly ContentDocument[],
    masterRef: string,
    options: ContentStoreOptions,
    drafts: readonly ContentDocument[] = [],
  ) {
    this.masterRef = masterRef;
    this.drafts = drafts;
    this.#baseUrl = options.baseUrl.replace(/\/+$/, "");
    this.#sources = indexDocuments(documents);
    this.#versions.set(masterRef, this.#buildVersion(masterRef, this.#sources));
  }

  get master(): ContentVersion {
    return this.version(this.masterRef) as ContentVersion;
  }

  version(ref: string): ContentVersion | undefined {
    return this.#versions.get(ref);
  }

  /** Serves `changedDocuments` (new or replacing master's by id) under `ref`, master for the rest. */
  addRef(ref: string, changedDocuments: readonly ContentDocument[]): ContentVersion {
    if (ref === this.masterRef) throw new Error("The master ref cannot be overlaid");
    const sources = new Map(this.#sources);
    for (const document of indexDocuments(changedDocuments).values()) {
      sources.set(document.id, document);
    }
    const version = this.#buildVersion(ref, sources);
    this.#versions.set(ref, version);
    return version;
  }

  removeRef(ref: string): void {
    if (ref !== this.masterRef) this.#versions.delete(ref);
  }

  #buildVersion(ref: string, sources: ReadonlyMap<string, ContentDocument>): ContentVersion {
    const ids = [...sources.keys()].sort();
    const documents = ids.map((id) =>
      toApiDocument(sources.get(id) as ContentDocument, sources, ref, this.#baseUrl),
    );
    return { ref, documents };
  }
}

/**
 * Reads and validates every `*.json` under `contentDir`: published documents, and under
 * `drafts/` their unpublished versions (same id) or documents never published. `images/` is
 * served as it is.
 */
export function loadContentStore(contentDir: string, options: ContentStoreOptions): ContentStore {
  const files = readdirSync(contentDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(contentDir, path.join(entry.parentPath, entry.name)))
    .sort();
  const hash = createHash("sha256");
  const documents: ContentDocument[] = [];
  const drafts: ContentDocument[] = [];
  const origins = new Map<ContentDocument, string>();
  for (const file of files) {
    const folder = file.split(path.sep)[0];
    const isDraft = folder === "drafts";
    const bytes = readFileSync(path.join(contentDir, file));
    // The master ref names the published content only: editing a draft publishes nothing.
    if (!isDraft) hash.update(`${file}\0${bytes.length}\0`).update(bytes);
    if (folder === "images" || !file.endsWith(".json")) continue;
    const document = parseContentFile(path.join(contentDir, file), bytes.toString("utf8"));
    (isDraft ? drafts : documents).push(document);
    origins.set(document, file);
  }
  try {
    const store = new ContentStore(documents, hash.digest("hex").slice(0, 16), options, drafts);
    // Drafts must be valid beside what they replace, so a broken draft fails at start.
    indexDocuments([...new Map([...documents, ...drafts].map((doc) => [doc.id, doc])).values()]);
    indexDocuments(drafts);
    return store;
  } catch (error) {
    if (error instanceof DuplicateDocumentError) {
      const [first, second] = error.documents.map((document) => origins.get(document));
      throw new Error(`${error.message}: ${first} and ${second} in ${contentDir}`);
    }
    throw error;
  }
}

function parseContentFile(file: string, text: string): ContentDocument {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Content document ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const result = ContentDocumentSchema.safeParse(json);
  if (!result.success) {
    throw new Error(`Content document ${file} is invalid:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

class DuplicateDocumentError extends Error {
  constructor(
    message: string,
    readonly documents: [ContentDocument, ContentDocument],
  ) {
    super(message);
  }
}

function indexDocuments(documents: readonly ContentDocument[]): Map<string, ContentDocument> {
  const byId = new Map<string, ContentDocument>();
  const byUid = new Map<string, ContentDocument>();
  for (const document of documents) {
    const sameId = byId.get(document.id);
    if (sameId)
      throw new DuplicateDocumentError(`Duplicate document id ${document.id}`, [sameId, document]);
    byId.set(document.id, document);
    if (document.uid) {
      const key = `${document.type}/${document.lang}/${document.uid}`;
      const sameUid = byUid.get(key);
      if (sameUid) {
        throw new DuplicateDocumentError(`Duplicate ${document.type} uid ${document.uid}`, [
          sameUid,
          document,
        ]);
      }
      byUid.set(key, document);
    }
  }
  return byId;
}

function toApiDocument(
  document: ContentDocument,
  sources: ReadonlyMap<string, ContentDocument>,
  ref: string,
  baseUrl: string,
): ApiDocument {
  const query = `[[:d = at(document.id, "${document.id}") ]]`;
  const href = new URL(`${baseUrl}/api/v2/documents/search`);
  href.searchParams.set("ref", ref);
  href.searchParams.set("q", query);
  return {
    id: document.id,
    uid: document.uid ?? null,
    url: null,
    type: document.type,
    href: href.toString(),
    tags: document.tags,
    first_publication_date: document.first_publication_date,
    last_publication_date: document.last_publication_date,
    slugs: slugsOf(document),
    linked_documents: [],
    lang: document.lang,
    alternate_languages: document.alternate_languages ?? [],
    data: resolveFields(document.data, { sources, baseUrl }) as ApiDocument["data"],
  };
}

interface ResolveContext {
  sources: ReadonlyMap<string, ContentDocument>;
  baseUrl: string;
}

/**
 * Does what Prismic does to stored fields on the way out: document links get the target's
 * metadata (or `isBroken`), and root-relative image and media URLs become absolute.
 */
function resolveFields(value: unknown, context: ResolveContext): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveFields(item, context));
  if (!isRecord(value)) return value;
  if (value.link_type === "Document" && typeof value.id === "string") {
    return resolveDocumentLink(value, context.sources);
  }
  const resolved: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) resolved[key] = resolveFields(field, context);
  const isAsset =
    "dimensions" in resolved || resolved.link_type === "Media" || resolved.type === "image";
  if (isAsset && typeof resolved.url === "string" && /^\/(?!\/)/.test(resolved.url)) {
    resolved.url = `${context.baseUrl}${resolved.url}`;
  }
  return resolved;
}

function resolveDocumentLink(
  link: Record<string, unknown>,
  sources: ReadonlyMap<string, ContentDocument>,
): Record<string, unknown> {
  const { id, link_type: _linkType, isBroken: _isBroken, ...extras } = link;
  const target = sources.get(id as string);
  if (!target) {
    return {
      id,
      type: "broken_type",
      tags: [],
      slug: "-",
      lang: MASTER_LANGUAGE.id,
      first_publication_date: null,
      last_publication_date: null,
      ...extras,
      link_type: "Document",
      isBroken: true,
    };
  }
  return {
    id: target.id,
    type: target.type,
    tags: target.tags,
    lang: target.lang,
    slug: slugsOf(target)[0],
    first_publication_date: target.first_publication_date,
    last_publication_date: target.last_publication_date,
    ...(target.uid ? { uid: target.uid } : {}),
    ...extras,
    link_type: "Document",
    isBroken: false,
  };
}

/** Prismic derives a document's slug from its first title; we fall back to the uid or id. */
function slugsOf(document: ContentDocument): string[] {
  if (document.slugs) return document.slugs;
  const heading = findHeadingText(document.data);
  const slug = slugify(heading ?? document.uid ?? document.id);
  return [slug || "-"];
}

function findHeadingText(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = findHeadingText(item);
      if (found) return found;
    }
    return undefined;
  }
  if (!isRecord(value)) return undefined;
  if (
    typeof value.type === "string" &&
    /^heading[1-6]$/.test(value.type) &&
    typeof value.text === "string"
  ) {
    return value.text;
  }
  for (const field of Object.values(value)) {
    const found = findHeadingText(field);
    if (found) return found;
  }
  return undefined;
}

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
