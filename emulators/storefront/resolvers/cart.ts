import type { GraphQLSchema } from "graphql";
import { type ConnectionArgs, paginateInOrder } from "../../shared/connection";
import type { StoredCart } from "../cart-storage";
import { type CartMutationResult, cartGid } from "../carts";
import type { CatalogStore, MoneyNode, VariantNode } from "../nodes";
import { shopifyDecimal } from "../store";
import { type Args, resolver, type StorefrontContext } from "./context";

// The cart half of the Storefront API: QueryRoot.cart and the cart mutations the shop uses. A
// stored cart becomes an object shaped like Shopify's Cart on every read, priced from the
// catalogue as it is now, as Shopify prices a cart when it is read.

interface CartLineNode {
  __typename: "CartLine";
  id: string;
  quantity: number;
  attributes: { key: string; value: string }[];
  merchandise: VariantNode;
  cost: {
    amountPerQuantity: MoneyNode;
    compareAtAmountPerQuantity: MoneyNode | null;
    subtotalAmount: MoneyNode;
    totalAmount: MoneyNode;
  };
  discountAllocations: [];
  instructions: { canRemove: boolean; canUpdateQuantity: boolean };
  sellingPlanAllocation: null;
  parentRelationship: null;
}

interface CartNode {
  __typename: "Cart";
  id: string;
  checkoutUrl: string;
  createdAt: string;
  updatedAt: string;
  note: string | null;
  attributes: { key: string; value: string }[];
  totalQuantity: number;
  lineList: CartLineNode[];
  cost: {
    subtotalAmount: MoneyNode;
    totalAmount: MoneyNode;
    checkoutChargeAmount: MoneyNode;
    subtotalAmountEstimated: boolean;
    totalAmountEstimated: boolean;
  };
  buyerIdentity: { countryCode: "AU"; email: null; phone: null; customer: null };
  discountCodes: [];
  discountAllocations: [];
  appliedGiftCards: [];
}

/** The path of a cart's checkout page below the emulator's mount point. */
export function checkoutPath(cart: Pick<StoredCart, "token" | "key">): string {
  return `cart/c/${cart.token}?key=${cart.key}`;
}

function toCents(amount: string): number {
  return Math.round(Number(amount) * 100);
}

export function toCartNode(
  cart: StoredCart,
  catalog: CatalogStore,
  assetUrl: (path: string) => string,
): CartNode {
  const currencyCode = catalog.shop.paymentSettings.currencyCode;
  const money = (cents: number): MoneyNode => ({
    amount: shopifyDecimal((cents / 100).toFixed(2)),
    currencyCode,
  });
  const lineList = cart.lines.flatMap((line): CartLineNode[] => {
    const variant = catalog.node(line.merchandiseId);
    // A variant gone from the catalogue drops out of the cart, as on Shopify.
    if (variant?.__typename !== "ProductVariant") return [];
    const unitCents = toCents(variant.price.amount);
    return [
      {
        __typename: "CartLine",
        id: line.id,
        quantity: line.quantity,
        attributes: line.attributes,
        merchandise: variant,
        cost: {
          amountPerQuantity: money(unitCents),
          compareAtAmountPerQuantity: variant.compareAtPrice,
          subtotalAmount: money(unitCents * line.quantity),
          totalAmount: money(unitCents * line.quantity),
        },
        discountAllocations: [],
        instructions: { canRemove: true, canUpdateQuantity: true },
        sellingPlanAllocation: null,
        parentRelationship: null,
      },
    ];
  });
  const subtotalCents = lineList.reduce(
    (sum, line) => sum + toCents(line.cost.totalAmount.amount),
    0,
  );
  return {
    __typename: "Cart",
    id: cartGid(cart),
    checkoutUrl: assetUrl(checkoutPath(cart)),
    createdAt: cart.createdAt,
    updatedAt: cart.updatedAt,
    note: cart.note,
    attributes: cart.attributes,
    totalQuantity: lineList.reduce((sum, line) => sum + line.quantity, 0),
    lineList,
    // Australian prices include GST and the emulator has no discounts, so every total is the
    // subtotal.
    cost: {
      subtotalAmount: money(subtotalCents),
      totalAmount: money(subtotalCents),
      checkoutChargeAmount: money(subtotalCents),
      subtotalAmountEstimated: false,
      totalAmountEstimated: false,
    },
    buyerIdentity: { countryCode: "AU", email: null, phone: null, customer: null },
    discountCodes: [],
    discountAllocations: [],
    appliedGiftCards: [],
  };
}

const pageArgs = ({ first, after, last, before, reverse }: Args) => ({
  args: { first, after, last, before } satisfies ConnectionArgs,
  reverse: Boolean(reverse),
});

export function installCartResolvers(schema: GraphQLSchema): void {
  const payload = (result: CartMutationResult, context: StorefrontContext) => ({
    cart: result.cart
      ? toCartNode(result.cart, context.store.catalog, context.assetUrl)
      : result.cart,
    userErrors: result.userErrors,
    warnings: [],
  });

  resolver<unknown>(schema, "QueryRoot", "cart", async (_root, { id }, context) => {
    const cart = await context.store.carts.get(id);
    return cart ? toCartNode(cart, context.store.catalog, context.assetUrl) : null;
  });

  resolver<unknown>(schema, "Mutation", "cartCreate", async (_root, { input }, context) =>
    payload(await context.store.carts.create(input ?? {}), context),
  );
  resolver<unknown>(schema, "Mutation", "cartLinesAdd", async (_root, args, context) =>
    payload(await context.store.carts.addLines(args.cartId, args.lines), context),
  );
  resolver<unknown>(schema, "Mutation", "cartLinesUpdate", async (_root, args, context) =>
    payload(await context.store.carts.updateLines(args.cartId, args.lines), context),
  );
  resolver<unknown>(schema, "Mutation", "cartLinesRemove", async (_root, args, context) =>
    payload(await context.store.carts.removeLines(args.cartId, args.lineIds), context),
  );

  resolver<CartNode>(schema, "Cart", "lines", (cart, args) => {
    const { args: page, reverse } = pageArgs(args);
    return paginateInOrder(
      reverse ? [...cart.lineList].reverse() : cart.lineList,
      page,
      (line) => line.id,
    );
  });
  const attribute = (owner: { attributes: { key: string; value: string }[] }, { key }: Args) =>
    owner.attributes.find((entry) => entry.key === key) ?? null;
  resolver(schema, "Cart", "attribute", attribute);
  resolver(schema, "CartLine", "attribute", attribute);
}
