import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Checks Prismic documents against the Slice Machine models (field names and kinds), so demo
 * content, models and prismicio-types.d.ts cannot drift apart. Used by tests.
 */

export interface FieldModel {
  type: string;
  config?: Record<string, unknown>;
}
type Fields = Record<string, FieldModel>;

export interface CustomTypeModel {
  id: string;
  repeatable: boolean;
  json: Record<string, Fields>;
}

export interface SliceModel {
  id: string;
  variations: { id: string; primary?: Fields; items?: Fields }[];
}

export interface Models {
  customTypes: Map<string, CustomTypeModel>;
  slices: Map<string, SliceModel>;
}

export interface CheckedDocument {
  type: string;
  uid?: string | null;
  data: Record<string, unknown>;
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, "utf8"));

/** `customtypes/<id>/index.json` and every `model.json` under the slice library. */
export function loadModels(customTypesDir: string, sliceLibraryDir: string): Models {
  const customTypes = new Map<string, CustomTypeModel>();
  for (const entry of readdirSync(customTypesDir, { withFileTypes: true })) {
    const file = path.join(customTypesDir, entry.name, "index.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const model = readJson(file) as CustomTypeModel;
    customTypes.set(model.id, model);
  }
  const slices = new Map<string, SliceModel>();
  for (const file of sliceModelFiles(sliceLibraryDir)) {
    const model = readJson(file) as SliceModel;
    slices.set(model.id, model);
  }
  return { customTypes, slices };
}

export function sliceModelFiles(sliceLibraryDir: string): string[] {
  return readdirSync(sliceLibraryDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(sliceLibraryDir, entry.name, "model.json"))
    .filter((file) => existsSync(file));
}

/** Every field of a custom type, whatever tab it is on. */
export function fieldsOf(model: CustomTypeModel): Fields {
  return Object.assign({}, ...Object.values(model.json));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const kindOf = (value: unknown) =>
  Array.isArray(value) ? "a list" : value === null ? "null" : typeof value;

const TEXT_BLOCKS = new Set([
  "paragraph",
  "preformatted",
  "heading1",
  "heading2",
  "heading3",
  "heading4",
  "heading5",
  "heading6",
  "list-item",
  "o-list-item",
]);

class Checker {
  readonly problems: string[] = [];
  constructor(readonly models: Models) {}

  report(where: string, message: string) {
    this.problems.push(`${where}: ${message}`);
  }

  /** Both directions: a field only in the data, or only in the model, is a problem. */
  fields(where: string, data: unknown, fields: Fields) {
    if (!isRecord(data)) return this.report(where, `expected an object, got ${kindOf(data)}`);
    for (const key of Object.keys(data)) {
      if (!(key in fields)) this.report(`${where}.${key}`, "field is not in the model");
    }
    for (const [key, model] of Object.entries(fields)) {
      if (model.type === "UID") continue;
      if (!(key in data)) {
        this.report(`${where}.${key}`, `missing ${model.type} field that the model defines`);
        continue;
      }
      this.field(`${where}.${key}`, data[key], model);
    }
  }

  field(where: string, value: unknown, model: FieldModel) {
    const config = model.config ?? {};
    const kind = model.type;
    const fail = (expected: string) =>
      this.report(where, `expected ${kind} (${expected}), got ${kindOf(value)}`);
    switch (kind) {
      case "Text":
        if (value !== null && typeof value !== "string") fail("a string or null");
        return;
      case "Select": {
        const options = (config.options as string[] | undefined) ?? [];
        if (value !== null && !(typeof value === "string" && options.includes(value))) {
          fail(`one of ${options.join(", ")}`);
        }
        return;
      }
      case "Date":
        if (value !== null && !(typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value))) {
          fail("YYYY-MM-DD or null");
        }
        return;
      case "Timestamp":
        if (value !== null && !(typeof value === "string" && !Number.isNaN(Date.parse(value)))) {
          fail("a timestamp or null");
        }
        return;
      case "Number": {
        if (value === null) return;
        if (typeof value !== "number") return fail("a number or null");
        const { min, max } = config as { min?: number; max?: number };
        if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
          this.report(where, `${value} is outside ${min}–${max}`);
        }
        return;
      }
      case "Boolean":
        if (typeof value !== "boolean") fail("true or false");
        return;
      case "Color":
        if (value !== null && !(typeof value === "string" && /^#[0-9a-f]{6}$/i.test(value))) {
          fail("#rrggbb or null");
        }
        return;
      case "StructuredText":
        return this.richText(where, value, config);
      case "Image":
        if (!isRecord(value)) return fail("an image object, {} when empty");
        if (Object.keys(value).length === 0) return;
        if (
          typeof value.url !== "string" ||
          !isRecord(value.dimensions) ||
          typeof value.dimensions.width !== "number" ||
          typeof value.dimensions.height !== "number" ||
          !(value.alt === null || typeof value.alt === "string")
        ) {
          fail("url, dimensions and alt");
        }
        return;
      case "Link":
        if (
          !isRecord(value) ||
          !["Web", "Document", "Media", "Any"].includes(value.link_type as string)
        ) {
          return fail("a link with link_type Web, Document, Media or Any");
        }
        if (value.link_type === "Web" && typeof value.url !== "string")
          fail("a Web link with a url");
        if (value.link_type === "Document" && typeof value.id !== "string") fail("a document id");
        return;
      case "Embed":
        if (!isRecord(value)) return fail("an embed object, {} when empty");
        if (Object.keys(value).length > 0 && typeof value.embed_url !== "string") fail("embed_url");
        return;
      case "GeoPoint":
        if (!isRecord(value)) return fail("a geopoint object, {} when empty");
        if (
          Object.keys(value).length > 0 &&
          (typeof value.latitude !== "number" || typeof value.longitude !== "number")
        ) {
          fail("latitude and longitude");
        }
        return;
      case "Group": {
        if (!Array.isArray(value)) return fail("a list of entries");
        const fields = (config.fields as Fields | undefined) ?? {};
        value.forEach((entry, index) => {
          this.fields(`${where}[${index}]`, entry, fields);
        });
        return;
      }
      case "Slices":
        return this.sliceZone(where, value, config);
      default:
        this.report(where, `the model uses field type ${kind}, which this check does not know`);
    }
  }

  richText(where: string, value: unknown, config: Record<string, unknown>) {
    if (!Array.isArray(value)) {
      return this.report(where, `expected StructuredText (a list of blocks), got ${kindOf(value)}`);
    }
    const allowed = new Set(
      String(config.single ?? config.multi ?? "")
        .split(",")
        .map((name) => name.trim()),
    );
    if (config.single && value.length > 1) {
      this.report(where, "a single-block rich text field holds more than one block");
    }
    for (const [index, block] of value.entries()) {
      const at = `${where}[${index}]`;
      if (!isRecord(block) || typeof block.type !== "string") {
        this.report(at, "expected a rich-text block with a type");
        continue;
      }
      if (!allowed.has(block.type)) {
        this.report(at, `block type ${block.type} is not allowed here`);
        continue;
      }
      if (!TEXT_BLOCKS.has(block.type)) continue;
      if (typeof block.text !== "string" || !Array.isArray(block.spans)) {
        this.report(at, "expected text and spans");
        continue;
      }
      for (const span of block.spans as Record<string, unknown>[]) {
        const type = span.type as string;
        const end = span.end as number;
        if (!allowed.has(type)) this.report(at, `span type ${type} is not allowed here`);
        if (end > (block.text as string).length) this.report(at, "a span ends after the text");
      }
    }
  }

  sliceZone(where: string, value: unknown, config: Record<string, unknown>) {
    if (!Array.isArray(value)) {
      return this.report(where, `expected Slices (a list), got ${kindOf(value)}`);
    }
    const choices = (config.choices as Record<string, { type: string }> | undefined) ?? {};
    for (const [index, slice] of value.entries()) {
      const at = `${where}[${index}]`;
      if (!isRecord(slice) || typeof slice.slice_type !== "string") {
        this.report(at, "expected a slice with a slice_type");
        continue;
      }
      const type = slice.slice_type;
      if (!(type in choices)) {
        this.report(at, `slice ${type} is not allowed in this zone`);
        continue;
      }
      const model = this.models.slices.get(type);
      if (!model) {
        this.report(at, `slice ${type} has no model.json in the slice library`);
        continue;
      }
      const variation = model.variations.find((candidate) => candidate.id === slice.variation);
      if (!variation) {
        this.report(at, `slice ${type} has no variation ${String(slice.variation)}`);
        continue;
      }
      this.fields(`${at}.primary`, slice.primary, variation.primary ?? {});
      const items = Array.isArray(slice.items) ? slice.items : [];
      items.forEach((item, itemIndex) => {
        this.fields(`${at}.items[${itemIndex}]`, item, variation.items ?? {});
      });
    }
  }
}

/** Problems of one document, each naming where it is; empty when the document conforms. */
export function checkDocument(document: CheckedDocument, models: Models): string[] {
  const checker = new Checker(models);
  const model = models.customTypes.get(document.type);
  if (!model) return [`${document.type}: no custom type model`];
  const fields = fieldsOf(model);
  const hasUid = Object.values(fields).some((field) => field.type === "UID");
  if (hasUid && !document.uid) checker.report("uid", "the model has a UID, the document none");
  if (!hasUid && document.uid) checker.report("uid", "the document has a uid, the model no UID");
  checker.fields(
    "data",
    document.data,
    Object.fromEntries(Object.entries(fields).filter(([, field]) => field.type !== "UID")),
  );
  return checker.problems;
}
