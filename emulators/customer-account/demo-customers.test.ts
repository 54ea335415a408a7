import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { sessionSkuDate } from "../../tests/support/course-sessions";
import { gidNumber } from "./customer-records";
import { createDemoCustomerStore } from "./demo-customers";

const cents = (amount: string) => Math.round(Number(amount) * 100);

describe("demo customers", () => {
  test("cover an everyday, a commercial, a VIP and a training customer", async () => {
    const store = await createDemoCustomerStore();
    const olivia = await store.findCustomerByEmail("olivia.bennett@example.com");
    expect(olivia?.addresses.map((address) => address.territoryCode)).toEqual(["AU", "AU"]);
    expect(await store.listOrders(olivia?.id ?? "")).toHaveLength(15);

    const metafield = async (email: string, key: string) => {
      const customer = await store.findCustomerByEmail(email);
      return customer?.metafields.find((m) => m.namespace === "custom" && m.key === key)?.value;
    };
    expect(await metafield("marcus@reid-aquatic.example.com", "commercial_access")).toBe("true");
    expect(await metafield("marcus@reid-aquatic.example.com", "business_name")).toBeTruthy();
    expect(await metafield("sophie.harrington@example.com", "vip_access")).toBe("true");
    for (const key of [
      "all_courses_completed",
      "courses_passed",
      "courses_attempted",
      "available_online_courses",
    ]) {
      expect(await metafield("liam.oconnor@example.com", key)).toBeTruthy();
    }
  });

  test("orders are numbered in processing order and their totals add up", async () => {
    const store = await createDemoCustomerStore();
    const customers = await store.listDemoCustomers();
    const orders = (
      await Promise.all(customers.map((customer) => store.listOrders(customer.id)))
    ).flat();
    orders.sort((a, b) => a.number - b.number);
    expect(orders[0]?.name).toBe("#1001");
    for (const [index, order] of orders.entries()) {
      const previous = orders[index - 1];
      if (previous) expect(order.processedAt >= previous.processedAt).toBe(true);
      const lines = order.lineItems.reduce((sum, line) => sum + cents(line.totalPrice), 0);
      expect(cents(order.subtotal)).toBe(lines);
      expect(cents(order.totalPrice)).toBe(lines + cents(order.totalShipping));
      expect(cents(order.totalTax)).toBe(Math.round(cents(order.totalPrice) / 11));
    }
  });

  test("order lines are products of the demo catalogue, at its prices", async () => {
    const catalogDirectory = new URL("../../demo/catalog/products/", import.meta.url);
    const variants = new Map<
      string,
      { productId: string; productType: string; sku: string; price: string }
    >();
    for (const file of readdirSync(catalogDirectory)) {
      const products = JSON.parse(readFileSync(new URL(file, catalogDirectory), "utf8")) as {
        id: number;
        productType: string;
        variants: { id: number; sku: string; price: string }[];
      }[];
      for (const product of products) {
        for (const variant of product.variants) {
          variants.set(`gid://shopify/ProductVariant/${variant.id}`, {
            productId: `gid://shopify/Product/${product.id}`,
            productType: product.productType,
            sku: variant.sku,
            price: variant.price,
          });
        }
      }
    }
    const store = await createDemoCustomerStore();
    const customers = await store.listDemoCustomers();
    for (const customer of customers) {
      for (const order of await store.listOrders(customer.id)) {
        for (const line of order.lineItems) {
          const variant = variants.get(line.variantId ?? "");
          expect(variant, `${order.name} ${line.variantId}`).toMatchObject({
            productId: line.productId,
            price: line.price,
          });
          // A session's variant moves on to the next date, as shops roll sessions over; an order
          // keeps the SKU of the session it bought, which names that session's own date.
          const sku =
            variant?.productType === "Local Course"
              ? variant.sku.replace(/\d{6}$/, sessionSkuDate(line.variantTitle ?? ""))
              : variant?.sku;
          expect(line.sku, `${order.name} ${line.title}`).toBe(sku);
        }
      }
    }
  });

  test("addOrder gives the next number and keeps the order to its customer", async () => {
    const store = await createDemoCustomerStore();
    const [olivia, marcus] = await store.listDemoCustomers();
    const before = await store.listOrders(olivia?.id ?? "");
    const highest = Math.max(...before.map((order) => order.number));
    const order = await store.addOrder(olivia?.id ?? "", {
      lineItems: [{ title: "Pool Salt 20 kg", sku: "CHEM-SALT-20", quantity: 3, price: "21.95" }],
      shippingLine: { title: "Standard Shipping", price: "14.95" },
    });
    expect(order.number).toBeGreaterThan(highest);
    expect(order.totalPrice).toBe("80.80");
    expect(gidNumber(order.id)).toBeGreaterThan(0);
    expect(await store.getOrder(olivia?.id ?? "", order.id)).toEqual(order);
    expect(await store.getOrder(marcus?.id ?? "", order.id)).toBeUndefined();
  });
});
