import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import {
  buildClientSchema,
  getVariableValues,
  type IntrospectionQuery,
  Kind,
  type OperationDefinitionNode,
  parse,
  validate,
} from "graphql";
import { describe, expect, it } from "vitest";
import { MOUNT, startStorefrontEmulator } from "../../../tests/support/cart-emulator";
import { createGraphqlTransport, GraphqlRequestError } from "../graphql/transport.server";
import { createDraftOrder, DRAFT_ORDER_CREATE, draftOrderInput } from "./draft-orders.server";
import type { PurchaseOrder } from "./purchase-order";

// The draft order of an approved purchase order (product §4), checked against Shopify's Admin
// API schema and made on the storefront emulator's Admin API over HTTP.

const adminSchema = buildClientSchema(
  (
    JSON.parse(
      gunzipSync(
        readFileSync(new URL("../../../schemas/admin_2026-04.json.gz", import.meta.url)),
      ).toString("utf8"),
    ) as { data: IntrospectionQuery }
  ).data,
);

const ORDER: PurchaseOrder = {
  id: "8f7b8a55-7a43-4ea8-a2e8-1a7c3e4c2d10",
  number: "PO-2026-00042",
  reference: "RA-7781",
  status: "approved",
  total: { amount: "10980.0", currencyCode: "AUD" },
  subtotal: { amount: "10980.0", currencyCode: "AUD" },
  createdAt: "2026-11-24T00:00:00.000Z",
  customerId: "gid://shopify/Customer/1002",
  customerEmail: "marcus@reid-aquatic.example.com",
  customerName: "Marcus Reid",
  company: "Reid Aquatic Services Pty Ltd",
  lines: [
    {
      title: "Zodiac TornaX Commercial Robotic Cleaner",
      variantTitle: null,
      sku: "ZOD-TX-COM",
      quantity: 2,
      unitPrice: { amount: "5490.0", currencyCode: "AUD" },
      productHandle: "zodiac-tornax-commercial-robotic-cleaner",
      variantId: "gid://shopify/ProductVariant/47100232",
    },
    {
      title: "Site visit",
      variantTitle: null,
      sku: null,
      quantity: 1,
      unitPrice: { amount: "0.0", currencyCode: "AUD" },
      productHandle: null,
      variantId: null,
    },
  ],
  shipping: { method: "pickup", location: { id: "l", name: "Southport", address: [] } },
  notes: "Loading dock",
  requestedDeliveryDate: null,
  draftOrderId: null,
  draftOrderName: null,
  history: [],
};

describe("the draft order of an approved purchase order", () => {
  it("is a valid Admin API 2026-04 document with valid variables", () => {
    const document = parse(DRAFT_ORDER_CREATE);
    expect(validate(adminSchema, document)).toEqual([]);
    const operation = document.definitions.find(
      (definition): definition is OperationDefinitionNode =>
        definition.kind === Kind.OPERATION_DEFINITION,
    );
    const variables = getVariableValues(adminSchema, operation?.variableDefinitions ?? [], {
      input: draftOrderInput(ORDER),
    });
    expect(variables.errors).toBeUndefined();
  });

  const emulator = startStorefrontEmulator();
  const admin = (token: string) =>
    createGraphqlTransport({
      api: "Admin API",
      url: `${emulator.origin}${MOUNT}/admin/api/2026-04/graphql.json`,
      headers: { "X-Shopify-Access-Token": token },
      timeoutMs: 20_000,
    });

  it("is made on the emulator with the PO reference, tags, note and customer", async () => {
    const created = await createDraftOrder(admin("lagoon-embedded-admin-token"), ORDER);
    expect(created).toMatchObject({ id: expect.stringMatching(/^gid:\/\/shopify\/DraftOrder\//) });
    const drafts = await (await fetch(`${emulator.origin}${MOUNT}/admin/draft-orders.json`)).json();
    expect(drafts).toContainEqual(
      expect.objectContaining({
        id: created.id,
        poNumber: "RA-7781",
        tags: ["purchase-order", "PO-2026-00042"],
        note2: "Lagoon purchase order PO-2026-00042\nLoading dock",
        customer: { id: "gid://shopify/Customer/1002" },
      }),
    );
  }, 30_000);

  it("is refused without the shop's Admin API token", async () => {
    await expect(createDraftOrder(admin("wrong"), ORDER)).rejects.toBeInstanceOf(
      GraphqlRequestError,
    );
  });
});
