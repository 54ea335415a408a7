import { formatMoney } from "./money";
import type { Image, Money, SelectedOption } from "./types";

// The cart as the app sees it (product §3: Cart, Cart line) and the rules the drawer follows
// (product §4, §5, §9). Free of React and of server code: the browser runs these too.

export interface CartAttribute {
  key: string;
  value: string;
}

export interface CartLine {
  id: string;
  quantity: number;
  attributes: CartAttribute[];
  productId: string;
  productHandle: string;
  productTitle: string;
  productType: string;
  productTags: string[];
  /** The variant's image, else the product's. */
  productImage: Image | null;
  variantId: string;
  variantTitle: string;
  selectedOptions: SelectedOption[];
  /** Unit price. */
  productPrice: Money;
  lineTotal: Money;
  currencyCode: string;
  sku: string | null;
}

export interface Cart {
  id: string;
  checkoutUrl: string;
  totalQuantity: number;
  /** Tells a newer copy of the cart from an older one (two tabs, a refresh). */
  updatedAt: string;
  cost: { subtotalAmount: Money };
  lines: CartLine[];
}

/**
 * What the browser gets: no cart id and no checkout URL, which together open the cart to anyone
 * holding them; the checkout button goes through the server (the /api/cart checkout intent).
 */
export type CartView = Omit<Cart, "id" | "checkoutUrl">;

export function toCartView(cart: Cart): CartView {
  const { id: _id, checkoutUrl: _checkoutUrl, ...view } = cart;
  return view;
}

/** product §5: a whole number, at least 1; anything lower (0, -3) or unreadable becomes 1. */
export function clampCartQuantity(value: number | string): number {
  const number = typeof value === "number" ? value : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(number)) return 1;
  return Math.max(1, Math.trunc(number));
}

/** product §5: the decrease button is disabled at 1 or less. */
export function canDecrease(quantity: number): boolean {
  return quantity > 1;
}

const COURSE_TYPES = new Set(["online course", "local course"]);

/**
 * product §5: a course is a product of type Online Course or Local Course, one tagged as a course,
 * or one whose title contains 'course'.
 */
export function isCourseProduct(product: {
  productType: string;
  tags: readonly string[];
  title: string;
}): boolean {
  return (
    COURSE_TYPES.has(product.productType.trim().toLowerCase()) ||
    product.tags.some((tag) => /\bcourses?\b/i.test(tag)) ||
    /course/i.test(product.title)
  );
}

/** A course admits at most this many participants in one add. */
export const MAX_SEATS = 20;

/** product §5: no quantity controls for courses, nor for a line with an option named quantity. */
export function showsQuantityControls(line: CartLine): boolean {
  if (
    isCourseProduct({
      productType: line.productType,
      tags: line.productTags,
      title: line.productTitle,
    })
  ) {
    return false;
  }
  return !line.selectedOptions.some((option) => option.name.trim().toLowerCase() === "quantity");
}

/** The selected options worth showing: Shopify's single-variant "Title: Default Title" is not. */
export function visibleOptions(line: Pick<CartLine, "selectedOptions">): SelectedOption[] {
  return line.selectedOptions.filter(
    (option) => !(option.name === "Title" && option.value === "Default Title"),
  );
}

export function totalQuantity(lines: readonly Pick<CartLine, "quantity">[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** product §9: cart money in dollars with 2 decimals, and its currency: "$1,249.00 AUD". */
export function formatCartMoney(money: Money): string {
  return `${formatMoney(money)} ${money.currencyCode}`;
}

/** Adds two money amounts in cents, so 0.1 + 0.2 stays 0.30. */
export function sumMoney(amounts: readonly Money[], currencyCode: string): Money {
  const cents = amounts.reduce((sum, money) => sum + Math.round(Number(money.amount) * 100), 0);
  return { amount: (cents / 100).toFixed(2), currencyCode };
}

export function multiplyMoney(money: Money, quantity: number): Money {
  const cents = Math.round(Number(money.amount) * 100) * quantity;
  return { amount: (cents / 100).toFixed(2), currencyCode: money.currencyCode };
}
