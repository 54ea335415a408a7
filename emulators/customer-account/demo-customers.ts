import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import {
  type AddressFields,
  type Customer,
  emptyAddress,
  gidNumber,
  type NewOrder,
} from "./customer-records";
import { type CustomerStorage, createMemoryCustomerStorage } from "./customer-storage";
import { buildOrder, createCustomerStore } from "./customer-store";

export const demoCustomersDirectory = fileURLToPath(
  new URL("../../demo/customers/", import.meta.url),
);

const nullableText = z.string().nullable().default(null);
const decimalSchema = z.string().regex(/^\d+(\.\d{1,2})?$/, "a decimal string such as 19.90");
const isoDateTimeSchema = z.iso.datetime({ offset: true });

const AddressFieldsSchema = z.object({
  firstName: nullableText,
  lastName: nullableText,
  company: nullableText,
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  zoneCode: nullableText,
  territoryCode: nullableText,
  zip: nullableText,
  phoneNumber: nullableText,
});

const DemoAddressSchema = AddressFieldsSchema.extend({
  id: z.string().regex(/^gid:\/\/shopify\/CustomerAddress\/\d+$/),
});

const DemoMetafieldSchema = z.object({
  namespace: z.string().min(1),
  key: z.string().min(1),
  type: z.string().min(1),
  value: z.string(),
});

const DemoLineItemSchema = z.object({
  title: z.string().min(1),
  variantTitle: nullableText,
  sku: nullableText,
  quantity: z.int().positive(),
  price: decimalSchema,
  productId: nullableText,
  variantId: nullableText,
  productType: nullableText,
  vendor: nullableText,
  /** Absolute, or a path on the shop's own origin such as the storefront emulator's images. */
  image: z
    .object({ url: z.string().min(1), altText: nullableText })
    .nullable()
    .default(null),
});

const orderStatuses = {
  financial: [
    "AUTHORIZED",
    "EXPIRED",
    "PAID",
    "PARTIALLY_PAID",
    "PARTIALLY_REFUNDED",
    "PENDING",
    "REFUNDED",
    "VOIDED",
  ],
  fulfillment: [
    "FULFILLED",
    "IN_PROGRESS",
    "ON_HOLD",
    "OPEN",
    "PARTIALLY_FULFILLED",
    "PENDING_FULFILLMENT",
    "READY_FOR_DELIVERY",
    "READY_FOR_PICKUP",
    "RESTOCKED",
    "SCHEDULED",
    "UNFULFILLED",
  ],
} as const;

const DemoOrderSchema = z.object({
  processedAt: isoDateTimeSchema,
  financialStatus: z.enum(orderStatuses.financial),
  fulfillmentStatus: z.enum(orderStatuses.fulfillment),
  /** A `CustomerAddress` id of the same customer, or a full address. */
  shippingAddress: z.union([z.string(), AddressFieldsSchema]).nullable().default(null),
  shippingLine: z.object({ title: z.string(), price: decimalSchema }).nullable().default(null),
  note: nullableText,
  poNumber: nullableText,
  lineItems: z.array(DemoLineItemSchema).min(1),
  fulfillments: z
    .array(
      z.object({
        createdAt: isoDateTimeSchema,
        trackingCompany: nullableText,
        trackingNumber: nullableText,
        trackingUrl: nullableText,
      }),
    )
    .default([]),
});

export const DemoCustomerSchema = z.object({
  id: z.string().regex(/^gid:\/\/shopify\/Customer\/\d+$/),
  email: z.email(),
  firstName: nullableText,
  lastName: nullableText,
  phoneNumber: nullableText,
  createdAt: isoDateTimeSchema,
  tags: z.array(z.string()).default([]),
  demoRole: nullableText,
  defaultAddressId: nullableText,
  addresses: z.array(DemoAddressSchema).default([]),
  metafields: z.array(DemoMetafieldSchema).default([]),
  orders: z.array(DemoOrderSchema).default([]),
});

export type DemoCustomer = z.infer<typeof DemoCustomerSchema>;

export async function readDemoCustomers(directory = demoCustomersDirectory) {
  const files = (await readdir(directory)).filter((file) => file.endsWith(".json")).sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = DemoCustomerSchema.safeParse(
        JSON.parse(await readFile(`${directory}/${file}`, "utf8")),
      );
      if (!parsed.success) {
        throw new Error(`demo/customers/${file}: ${z.prettifyError(parsed.error)}`);
      }
      return parsed.data;
    }),
  );
}

/**
 * A store seeded with the demo customers: in memory, or in `storage` (the app's database in
 * embedded mode), where the demo data only fills what is not stored yet, so changes made since
 * survive. Orders are numbered in the order they were processed across all customers, as a
 * shop's order numbers are.
 */
export async function createDemoCustomerStore(
  directory = demoCustomersDirectory,
  storage: CustomerStorage = createMemoryCustomerStorage(),
) {
  await storage.seed(await demoSeed(directory));
  return createCustomerStore(storage);
}

async function demoSeed(directory: string): Promise<Parameters<CustomerStorage["seed"]>[0]> {
  const demoCustomers = await readDemoCustomers(directory);
  const customers = demoCustomers.map(
    ({ orders: _orders, metafields, ...customer }): Customer => ({
      ...customer,
      defaultAddressId: customer.defaultAddressId ?? customer.addresses[0]?.id ?? null,
      metafields: metafields.map((metafield) => ({
        ...metafield,
        createdAt: customer.createdAt,
        updatedAt: customer.createdAt,
      })),
    }),
  );

  const next = { order: 1, orderName: 1001, lineItem: 1, fulfillment: 1 };
  const placed = demoCustomers.flatMap((customer) =>
    customer.orders.map((order) => ({ customer, order })),
  );
  placed.sort((a, b) => a.order.processedAt.localeCompare(b.order.processedAt));
  const orders = placed.map(({ customer, order }) => {
    const built = buildOrder(customer, toNewOrder(customer, order), { ...next });
    next.order++;
    next.orderName++;
    next.lineItem += built.lineItems.length;
    next.fulfillment += built.fulfillments.length;
    return built;
  });

  const addressNumbers = customers.flatMap((customer) =>
    customer.addresses.map((address) => gidNumber(address.id)),
  );
  return {
    customers,
    orders,
    nextNumbers: { ...next, address: Math.max(0, ...addressNumbers) + 1 },
  };
}

function toNewOrder(customer: DemoCustomer, order: DemoCustomer["orders"][number]): NewOrder {
  return { ...order, shippingAddress: resolveAddress(customer, order.shippingAddress) };
}

function resolveAddress(
  customer: DemoCustomer,
  address: string | AddressFields | null,
): AddressFields | null {
  if (typeof address !== "string") return address;
  const saved = customer.addresses.find((candidate) => candidate.id === address);
  if (!saved) throw new Error(`demo/customers: ${customer.email} has no address ${address}`);
  const { id: _id, ...fields } = saved;
  return { ...emptyAddress(), ...fields };
}
