import {
  type CartAttribute,
  type CartLine,
  type CartView,
  clampCartQuantity,
  multiplyMoney,
  sumMoney,
  totalQuantity,
} from "./cart";
import {
  MAX_SEATS,
  type Participant,
  participantAttributes,
  participantFieldName,
} from "./cart-participants";
import type { Image, Money, SelectedOption } from "./types";

// What the shopper sees while a cart change is on its way: the server's cart with the pending
// changes applied. The pending changes are read back from the forms being submitted, so the
// answer (or a failure) replaces them without any state of our own to reconcile.

import { PREVIEW_FIELD } from "./cart-pending";

export { CART_ACTION, PREVIEW_FIELD } from "./cart-pending";

export type CartIntent =
  | {
      intent: "add";
      merchandiseId: string;
      quantity: number;
      attributes: CartAttribute[];
      preview: LinePreview | null;
    }
  | { intent: "update"; lineId: string; quantity: number }
  | { intent: "remove"; lineId: string };

/** What an add form knows of the line it adds, so the drawer can show it before the answer. */
export interface LinePreview {
  productTitle: string;
  productHandle: string;
  productType: string;
  productTags: string[];
  variantTitle: string;
  selectedOptions: SelectedOption[];
  productPrice: Money;
  productImage: Image | null;
  sku: string | null;
}

type FormValues = Pick<FormData, "get">;

const text = (form: FormValues, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** The participants an add form carries, one per seat, as line attributes. */
export function participantsFromForm(form: FormValues, seats: number): Participant[] {
  const participants: Participant[] = [];
  for (let position = 1; position <= Math.min(seats, MAX_SEATS); position++) {
    const participant = {
      name: text(form, participantFieldName(position, "name")).trim(),
      email: text(form, participantFieldName(position, "email")).trim(),
      phone: text(form, participantFieldName(position, "phone")).trim(),
    };
    if (participant.name || participant.email || participant.phone) participants.push(participant);
  }
  return participants;
}

function readPreview(form: FormValues): LinePreview | null {
  const raw = text(form, PREVIEW_FIELD);
  if (!raw) return null;
  try {
    const preview = JSON.parse(raw) as LinePreview;
    return typeof preview.productTitle === "string" && preview.productPrice ? preview : null;
  } catch {
    return null;
  }
}

/** The change a submitted cart form asks for; null for anything else (checkout, bad input). */
export function intentFromForm(form: FormValues): CartIntent | null {
  const intent = text(form, "intent");
  if (intent === "add") {
    const merchandiseId = text(form, "merchandiseId");
    if (!merchandiseId) return null;
    const quantity = clampCartQuantity(text(form, "quantity") || "1");
    return {
      intent,
      merchandiseId,
      quantity,
      attributes: participantAttributes(participantsFromForm(form, quantity)),
      preview: readPreview(form),
    };
  }
  if (intent === "update" || intent === "remove") {
    const lineId = text(form, "lineId");
    if (!lineId) return null;
    return intent === "update"
      ? { intent, lineId, quantity: clampCartQuantity(text(form, "quantity")) }
      : { intent, lineId };
  }
  return null;
}

function sameAttributes(a: readonly CartAttribute[], b: readonly CartAttribute[]): boolean {
  const canonical = (list: readonly CartAttribute[]) =>
    JSON.stringify([...list].sort((x, y) => x.key.localeCompare(y.key)));
  return canonical(a) === canonical(b);
}

function withQuantity(line: CartLine, quantity: number): CartLine {
  return { ...line, quantity, lineTotal: multiplyMoney(line.productPrice, quantity) };
}

function applyIntent(cart: CartView, intent: CartIntent): CartView {
  if (intent.intent === "remove") {
    return { ...cart, lines: cart.lines.filter((line) => line.id !== intent.lineId) };
  }
  if (intent.intent === "update") {
    return {
      ...cart,
      lines: cart.lines.map((line) =>
        line.id === intent.lineId ? withQuantity(line, intent.quantity) : line,
      ),
    };
  }
  const existing = cart.lines.find(
    (line) =>
      line.variantId === intent.merchandiseId && sameAttributes(line.attributes, intent.attributes),
  );
  if (existing) {
    return {
      ...cart,
      lines: cart.lines.map((line) =>
        line === existing ? withQuantity(line, line.quantity + intent.quantity) : line,
      ),
    };
  }
  const { preview } = intent;
  if (!preview) return cart;
  const line: CartLine = {
    id: `pending:${intent.merchandiseId}`,
    quantity: intent.quantity,
    attributes: intent.attributes,
    productId: "",
    productHandle: preview.productHandle,
    productTitle: preview.productTitle,
    productType: preview.productType,
    productTags: preview.productTags,
    productImage: preview.productImage,
    variantId: intent.merchandiseId,
    variantTitle: preview.variantTitle,
    selectedOptions: preview.selectedOptions,
    productPrice: preview.productPrice,
    lineTotal: multiplyMoney(preview.productPrice, intent.quantity),
    currencyCode: preview.productPrice.currencyCode,
    sku: preview.sku,
  };
  return { ...cart, lines: [...cart.lines, line] };
}

/** A line still on its way to the server (no id of its own yet). */
export function isPendingLine(line: Pick<CartLine, "id">): boolean {
  return line.id.startsWith("pending:");
}

/** The cart with pending changes applied, totals recomputed; the cart itself when none. */
export function applyCartIntents(
  cart: CartView | null,
  intents: readonly CartIntent[],
): CartView | null {
  if (intents.length === 0) return cart;
  const start: CartView = cart ?? {
    totalQuantity: 0,
    updatedAt: "",
    cost: { subtotalAmount: { amount: "0.00", currencyCode: "AUD" } },
    lines: [],
  };
  const next = intents.reduce(applyIntent, start);
  const currencyCode = next.lines[0]?.currencyCode ?? start.cost.subtotalAmount.currencyCode;
  return {
    ...next,
    totalQuantity: totalQuantity(next.lines),
    cost: {
      subtotalAmount: sumMoney(
        next.lines.map((line) => line.lineTotal),
        currencyCode,
      ),
    },
  };
}
