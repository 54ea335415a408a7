import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

// The demo catalogue on disk (demo/catalog/): shop.json, collections.json, files.json and
// products/*.json (arrays, read in file-name order, which is also each collection's default
// order). Ids are the numeric part of Shopify gids, kept stable so carts survive restarts.

const AmountSchema = z.string().regex(/^\d+(\.\d{1,2})?$/, "an amount such as 19.95");
const HandleSchema = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "a lower-case handle");
const NumericIdSchema = z.number().int().positive();

export const CatalogVariantSchema = z.object({
  id: NumericIdSchema,
  sku: z.string().min(1),
  /** One value per product option, in the product's option order. */
  options: z.array(z.string().min(1)).min(1),
  price: AmountSchema,
  compareAtPrice: AmountSchema.optional(),
  /** null: inventory not tracked (always available, quantityAvailable null). */
  inventory: z.number().int().nullable(),
  /** "continue": keeps selling at zero stock (made to order). */
  inventoryPolicy: z.enum(["deny", "continue"]).default("deny"),
  /** Index into the product's images. */
  image: z.number().int().min(0).optional(),
});

export const CatalogProductSchema = z.object({
  id: NumericIdSchema,
  handle: HandleSchema,
  title: z.string().min(1),
  vendor: z.string().min(1),
  productType: z.string().min(1),
  createdAt: z.iso.datetime(),
  /** Drives the BEST_SELLING sort. */
  unitsSold: z.number().int().min(0),
  tags: z.array(z.string().min(1)),
  collections: z.array(HandleSchema),
  descriptionHtml: z.string(),
  options: z
    .array(z.object({ name: z.string().min(1), values: z.array(z.string().min(1)).min(1) }))
    .min(1),
  variants: z.array(CatalogVariantSchema).min(1),
  images: z.array(z.object({ altText: z.string() })),
  metafields: z
    .object({
      downloads: z.array(z.string()).optional(),
      directions: z.array(z.string()).optional(),
      request_a_quote: z.boolean().optional(),
      quantity_ticker: z.boolean().optional(),
    })
    .default({}),
  seo: z.object({ title: z.string().optional(), description: z.string().optional() }).optional(),
});

export const CatalogCollectionSchema = z.object({
  id: NumericIdSchema,
  handle: HandleSchema,
  title: z.string().min(1),
  descriptionHtml: z.string(),
  updatedAt: z.iso.datetime(),
  image: z.object({ altText: z.string() }).optional(),
});

export const CatalogFileSchema = z.object({
  id: NumericIdSchema,
  filename: z.string().regex(/^[a-z0-9-]+\.pdf$/),
  title: z.string().min(1),
  lines: z.array(z.string()),
});

export const CatalogShopSchema = z.object({
  id: NumericIdSchema,
  name: z.string().min(1),
  description: z.string(),
  currencyCode: z.string().length(3),
  primaryDomain: z.object({ host: z.string(), url: z.url() }),
  /** Where customers can collect orders: the Storefront API's `locations`. */
  pickupLocations: z.array(
    z.object({
      id: NumericIdSchema,
      name: z.string().min(1),
      address1: z.string().min(1),
      address2: z.string().nullable(),
      city: z.string().min(1),
      province: z.string(),
      provinceCode: z.string(),
      zip: z.string(),
      phone: z.string(),
    }),
  ),
});

export const CatalogSchema = z
  .object({
    shop: CatalogShopSchema,
    collections: z.array(CatalogCollectionSchema),
    files: z.array(CatalogFileSchema),
    products: z.array(CatalogProductSchema),
  })
  .superRefine((catalog, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: "custom", message });
    const duplicates = (values: (string | number)[]) =>
      values.filter((value, index) => values.indexOf(value) !== index);

    for (const id of duplicates(catalog.products.map((product) => product.id))) {
      issue(`duplicate product id ${id}`);
    }
    for (const handle of duplicates(catalog.products.map((product) => product.handle))) {
      issue(`duplicate product handle ${handle}`);
    }
    for (const id of duplicates(catalog.products.flatMap((p) => p.variants.map((v) => v.id)))) {
      issue(`duplicate variant id ${id}`);
    }
    for (const handle of duplicates(catalog.collections.map((c) => c.handle))) {
      issue(`duplicate collection handle ${handle}`);
    }
    const collectionHandles = new Set(catalog.collections.map((collection) => collection.handle));
    const filenames = new Set(catalog.files.map((file) => file.filename));

    for (const product of catalog.products) {
      const where = `product ${product.handle}`;
      for (const handle of product.collections) {
        if (!collectionHandles.has(handle)) issue(`${where}: unknown collection ${handle}`);
      }
      for (const filename of [
        ...(product.metafields.downloads ?? []),
        ...(product.metafields.directions ?? []),
      ]) {
        if (!filenames.has(filename)) issue(`${where}: unknown file ${filename}`);
      }
      const combinations = new Set<string>();
      for (const variant of product.variants) {
        if (variant.options.length !== product.options.length) {
          issue(`${where}: variant ${variant.id} needs one value per option`);
        }
        variant.options.forEach((value, index) => {
          if (!product.options[index]?.values.includes(value)) {
            issue(`${where}: variant ${variant.id} has unknown option value ${value}`);
          }
        });
        const combination = variant.options.join("\u0000");
        if (combinations.has(combination)) issue(`${where}: two variants share ${combination}`);
        combinations.add(combination);
        if (variant.image !== undefined && variant.image >= product.images.length) {
          issue(`${where}: variant ${variant.id} points at a missing image`);
        }
      }
    }
  });

export type Catalog = z.infer<typeof CatalogSchema>;
export type CatalogProduct = z.infer<typeof CatalogProductSchema>;
export type CatalogVariant = z.infer<typeof CatalogVariantSchema>;
export type CatalogCollection = z.infer<typeof CatalogCollectionSchema>;
export type CatalogFile = z.infer<typeof CatalogFileSchema>;

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, "utf8"));
}

export function loadCatalog(catalogDir: string): Catalog {
  const productFiles = readdirSync(join(catalogDir, "products"))
    .filter((name) => name.endsWith(".json"))
    .sort();
  const raw = {
    shop: readJson(join(catalogDir, "shop.json")),
    collections: readJson(join(catalogDir, "collections.json")),
    files: readJson(join(catalogDir, "files.json")),
    products: productFiles.flatMap((name) => {
      const list = readJson(join(catalogDir, "products", name));
      if (!Array.isArray(list)) throw new Error(`${name} must hold an array of products`);
      return list;
    }),
  };
  const result = CatalogSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid demo catalogue in ${catalogDir}:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}
