import type {
  PurchaseOrderMailSettings,
  SubmitPurchaseOrderInput,
} from "../../app/lib/commercial/purchase-orders.server";

// Shared by the store's tests and the kill -9 child process (tests only).

export const STAFF_EMAIL = "staff@lagoon.example";

export const STAFF: PurchaseOrderMailSettings = {
  staffEmails: [STAFF_EMAIL],
  publicUrl: "http://localhost:3000",
  secret: "test-secret-for-decision-links",
  shop: { name: "Coral Bay Pool & Spa", address: ["12 Lagoon Court", "Burleigh Heads QLD 4220"] },
};

export function orderInput(
  overrides: Partial<SubmitPurchaseOrderInput> = {},
): SubmitPurchaseOrderInput {
  return {
    idempotencyKey: crypto.randomUUID(),
    customer: {
      id: "gid://shopify/Customer/1002",
      email: "marcus@reid-aquatic.example.com",
      name: "Marcus Reid",
      company: "Reid Aquatic Services Pty Ltd",
    },
    lines: [
      {
        title: "Zodiac TornaX Commercial Robotic Cleaner",
        variantTitle: null,
        sku: "ZOD-TX-COM",
        quantity: 2,
        unitPrice: { amount: "4999.0", currencyCode: "AUD" },
        productHandle: "zodiac-tornax-commercial",
        variantId: "gid://shopify/ProductVariant/1",
      },
    ],
    currencyCode: "AUD",
    subtotal: "9998.0",
    total: "9998.0",
    reference: "RA-7781",
    shipping: {
      method: "pickup",
      location: {
        id: "loc-1",
        name: "Coral Bay Southport",
        address: ["1 Ferry Rd", "Southport QLD 4215"],
      },
    },
    notes: null,
    requestedDeliveryDate: null,
    ...overrides,
  };
}
