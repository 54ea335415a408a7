import { randomBytes } from "node:crypto";
import type { CartAttribute, StoredCart, StoredCartLine } from "./cart-storage";
import type { CatalogStore, VariantNode } from "./nodes";

// The line operations of a cart, computed on a copy: lines of the same variant with the same
// attributes merge, quantity 0 removes a line, stock limits and unknown ids answer with userErrors.

export interface CartUserError {
  code: string;
  field: string[] | null;
  message: string;
}

export interface CartLineInput {
  merchandiseId: string;
  quantity?: number | null;
  attributes?: CartAttribute[] | null;
}

export interface CartLineUpdateInput {
  id: string;
  quantity?: number | null;
  merchandiseId?: string | null;
  attributes?: CartAttribute[] | null;
}

// Shopify's ceiling on lines in one cart.
export const MAX_CART_LINES = 500;

export const randomId = (bytes: number) => randomBytes(bytes).toString("base64url");

function sameAttributes(a: CartAttribute[], b: CartAttribute[]): boolean {
  const canonical = (list: CartAttribute[]) =>
    JSON.stringify([...list].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0)));
  return canonical(a) === canonical(b);
}

function variantLabel(variant: VariantNode): string {
  return variant.title === "Default Title"
    ? variant.product.title
    : `${variant.product.title} (${variant.title})`;
}

/** How many of a variant can be in one cart; undefined when there is no limit. */
function stockLimit(variant: VariantNode): number | undefined {
  if (variant.quantityAvailable === null || variant.inventoryPolicy === "continue") {
    return undefined;
  }
  return Math.max(variant.quantityAvailable, 0);
}

type Draft = { lines: StoredCartLine[]; errors: CartUserError[] };

/**
 * Refuses a change that leaves more of a variant in the cart than is in stock. `fieldOf` says
 * which input a line came from, so the error can point at it.
 */
function checkStock(
  draft: Draft,
  catalog: CatalogStore,
  fieldOf: (line: StoredCartLine) => string[] | null,
): void {
  const totals = new Map<string, { quantity: number; field: string[] | null }>();
  for (const line of draft.lines) {
    const total = totals.get(line.merchandiseId) ?? { quantity: 0, field: null };
    total.quantity += line.quantity;
    total.field ??= fieldOf(line);
    totals.set(line.merchandiseId, total);
  }
  for (const [merchandiseId, { quantity, field }] of totals) {
    const variant = catalog.node(merchandiseId);
    if (variant?.__typename !== "ProductVariant") continue;
    const limit = stockLimit(variant);
    // Only lines this mutation touched can be refused; older lines that went over because
    // stock fell are the checkout's business, as on Shopify.
    if (limit === undefined || quantity <= limit || !field) continue;
    draft.errors.push(
      limit === 0
        ? {
            code: "MERCHANDISE_NOT_APPLICABLE",
            field,
            message: `${variantLabel(variant)} is sold out.`,
          }
        : {
            code: "MAXIMUM_EXCEEDED",
            field,
            message: `You can only add ${limit} of ${variantLabel(variant)} to your cart.`,
          },
    );
  }
}

export function normaliseAttributes(
  attributes: CartAttribute[] | null | undefined,
): CartAttribute[] {
  return (attributes ?? []).map(({ key, value }) => ({ key, value }));
}

/** Adds lines to a draft, merging into a line of the same variant and attributes. */
export function addLines(
  cart: StoredCart,
  inputs: CartLineInput[],
  catalog: CatalogStore,
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const draft: Draft = { lines: cart.lines.map((line) => ({ ...line })), errors: [] };
  const touched = new Map<StoredCartLine, number>();
  inputs.forEach((input, index) => {
    const quantity = input.quantity ?? 1;
    const variant = catalog.node(input.merchandiseId);
    if (variant?.__typename !== "ProductVariant") {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "merchandiseId"],
        message: `The merchandise with id ${input.merchandiseId} does not exist.`,
      });
      return;
    }
    if (!Number.isInteger(quantity) || quantity < 1) {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "quantity"],
        message: "The quantity must be at least 1.",
      });
      return;
    }
    const attributes = normaliseAttributes(input.attributes);
    const existing = draft.lines.find(
      (line) =>
        line.merchandiseId === input.merchandiseId && sameAttributes(line.attributes, attributes),
    );
    if (existing) {
      existing.quantity += quantity;
      touched.set(existing, index);
    } else {
      const line = {
        id: `gid://shopify/CartLine/${randomId(12)}?cart=${cart.token}`,
        merchandiseId: input.merchandiseId,
        quantity,
        attributes,
      };
      draft.lines.push(line);
      touched.set(line, index);
    }
  });
  if (draft.lines.length > MAX_CART_LINES) {
    draft.errors.push({
      code: "CART_TOO_LARGE",
      field: ["lines"],
      message: `A cart can hold at most ${MAX_CART_LINES} lines.`,
    });
  }
  if (draft.errors.length === 0) {
    checkStock(draft, catalog, (line) => {
      const index = touched.get(line);
      return index === undefined ? null : ["lines", String(index), "quantity"];
    });
  }
  return draft;
}

/** Sets quantities (0 removes), attributes or merchandise of existing lines. */
export function updateLines(
  cart: StoredCart,
  inputs: CartLineUpdateInput[],
  catalog: CatalogStore,
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const draft: Draft = { lines: cart.lines.map((line) => ({ ...line })), errors: [] };
  const touched = new Map<string, number>();
  inputs.forEach((input, index) => {
    const line = draft.lines.find((candidate) => candidate.id === input.id);
    if (!line) {
      draft.errors.push({
        code: "INVALID",
        field: ["lines", String(index), "id"],
        message: `The merchandise line with id ${input.id} does not exist.`,
      });
      return;
    }
    if (input.quantity != null) {
      if (!Number.isInteger(input.quantity) || input.quantity < 0) {
        draft.errors.push({
          code: "LESS_THAN",
          field: ["lines", String(index), "quantity"],
          message: "The quantity must be greater than or equal to 0.",
        });
        return;
      }
      line.quantity = input.quantity;
    }
    if (input.merchandiseId != null) {
      if (catalog.node(input.merchandiseId)?.__typename !== "ProductVariant") {
        draft.errors.push({
          code: "INVALID",
          field: ["lines", String(index), "merchandiseId"],
          message: `The merchandise with id ${input.merchandiseId} does not exist.`,
        });
        return;
      }
      line.merchandiseId = input.merchandiseId;
    }
    if (input.attributes != null) line.attributes = normaliseAttributes(input.attributes);
    touched.set(line.id, index);
  });
  // Quantity 0 removes the line; a line changed to match another merges into it.
  const merged: StoredCartLine[] = [];
  for (const line of draft.lines) {
    if (line.quantity === 0) continue;
    const twin = merged.find(
      (other) =>
        other.merchandiseId === line.merchandiseId &&
        sameAttributes(other.attributes, line.attributes),
    );
    if (twin) {
      twin.quantity += line.quantity;
      if (touched.has(line.id) && !touched.has(twin.id)) {
        touched.set(twin.id, touched.get(line.id) ?? 0);
      }
    } else merged.push(line);
  }
  draft.lines = merged;
  if (draft.errors.length === 0) {
    checkStock(draft, catalog, (line) => {
      const index = touched.get(line.id);
      return index === undefined ? null : ["lines", String(index), "quantity"];
    });
  }
  return draft;
}

export function removeLines(
  cart: StoredCart,
  lineIds: string[],
): { lines: StoredCartLine[]; errors: CartUserError[] } {
  const errors: CartUserError[] = [];
  lineIds.forEach((id, index) => {
    if (!cart.lines.some((line) => line.id === id)) {
      errors.push({
        code: "INVALID",
        field: ["lineIds", String(index)],
        message: `The merchandise line with id ${id} does not exist.`,
      });
    }
  });
  return { lines: cart.lines.filter((line) => !lineIds.includes(line.id)), errors };
}
