import { z } from "zod";
import { clampCartQuantity } from "./cart";
import { CART_ERRORS } from "./cart.server";

// The cart's form posts read into intents (add, update, remove, checkout), and the mistake a
// request can make: what /api/cart (cart-action.server.ts) and its changes share.

const VARIANT_ID = /^gid:\/\/shopify\/ProductVariant\/\d+$/;
const LINE_ID = /^gid:\/\/shopify\/CartLine\/[^\s]+$/;

export const MAX_QUANTITY = 2_147_483_647;

// product §5: quantities are whole numbers, at least 1, lower values become 1. Not a number at all
// is bad input, not a 1.
const QuantitySchema = z
  .string()
  .trim()
  .regex(/^-?\d{1,10}$/)
  .transform((value) => clampCartQuantity(value))
  // The Storefront API's quantities are 32-bit: a larger one is the client's mistake (400), not
  // an upstream failure (502).
  .refine((quantity) => quantity <= MAX_QUANTITY);

const ShownQuantitySchema = z
  .string()
  .trim()
  .regex(/^\d{1,10}$/)
  .transform(Number)
  .refine((quantity) => quantity <= MAX_QUANTITY);

export const IntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    merchandiseId: z.string().regex(VARIANT_ID),
    quantity: QuantitySchema.default(1),
    formKey: z.string().max(100).optional(),
  }),
  z.object({
    intent: z.literal("update"),
    lineId: z.string().regex(LINE_ID),
    quantity: QuantitySchema,
    /**
     * The quantity the shopper saw: a +/- press then applies `quantity - from` to the line as it
     * is when the change is made, not `quantity` as a value (product §4).
     */
    from: ShownQuantitySchema.optional(),
    /** One per change sent (and per page without JavaScript): a re-sent change applies once. */
    formKey: z.string().max(100).optional(),
  }),
  z.object({ intent: z.literal("remove"), lineId: z.string().regex(LINE_ID) }),
  z.object({ intent: z.literal("checkout") }),
]);

export type Intent = z.infer<typeof IntentSchema>;

export const MESSAGE_FOR_INTENT: Record<Intent["intent"], string> = {
  add: CART_ERRORS.add,
  update: CART_ERRORS.update,
  remove: CART_ERRORS.remove,
  checkout: "Failed to start checkout",
};

/** A request the cart cannot take: its message, field errors and status (400 unless said). */
export class BadCartRequest extends Error {
  constructor(
    message: string,
    readonly fieldErrors?: Record<string, string>,
    readonly status = 400,
  ) {
    super(message);
  }
}
