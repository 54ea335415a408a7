import { count, desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestContextFor } from "../../../tests/support/request-context";
import {
  createMemoryCache,
  type DatabaseHandle,
  openDatabase,
} from "../../../tests/support/server-parts";
import { StorefrontError } from "../commerce/storefront.server";
import type { Product } from "../commerce/types";
import { HONEYPOT_FIELD } from "../forms/honeypot";
import { listMail } from "../mail/outbox.server";
import { servicesContext } from "../request-context.server";
import { createExpiringState } from "../state/expiring-state.server";
import {
  CONTACT_RATE_LIMIT,
  type ContactActionData,
  loadContactForm,
  submitContactForm,
} from "./contact-form.server";
import { ENQUIRY_ERRORS } from "./enquiry-form";
import { enquiries } from "./enquiry-schema";

// The contact form's loader and action against a real (in-memory) database and cache, with the
// catalogue stood in for: the storing itself is tested on both engines in enquiries.server.test.ts.

const FILTER = {
  handle: "waterco-commercial-sand-filter-1200-mm",
  title: "Waterco Commercial Sand Filter 1200 mm",
  images: [
    { id: null, url: "https://cdn.example/filter.jpg", altText: null, width: 800, height: 800 },
  ],
} as unknown as Product;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ dataDir: "memory://" });
}, 30_000);
afterAll(async () => {
  await database?.close();
});

let ipCounter = 0;
function contextFor(
  options: { getProduct?: (handle: string) => Promise<Product | null>; ip?: string } = {},
) {
  const getProduct =
    options.getProduct ?? (async (handle: string) => (handle === FILTER.handle ? FILTER : null));
  const services = {
    catalog: () => ({ getProduct }),
    cache: createMemoryCache(),
    state: createExpiringState(database),
    database,
    config: { staffEmails: ["staff@lagoon.example"], publicUrl: "http://localhost:3000" },
    logger: { warn() {}, error() {} },
  };
  return requestContextFor(services as never, {
    buyerIp: options.ip ?? `203.0.113.${++ipCounter}`,
  });
}

const VALID = {
  name: "Ava Nguyen",
  email: "ava@example.com",
  phone: "",
  message: "Please call me about a pump.",
  formKey: "a-form-key-0123456789",
};

function post(fields: Record<string, string>) {
  return new Request("http://localhost:3000/contact", {
    method: "POST",
    body: new URLSearchParams(fields),
  });
}

async function enquiryCount() {
  const [row] = await database.db.select({ n: count() }).from(enquiries);
  return row?.n ?? 0;
}

type Reply = { init: ResponseInit | null; data: ContactActionData };

describe("the contact form", () => {
  it("shows a real product named by ?product= with a quote request line, and ignores an unknown one", async () => {
    const context = contextFor();
    const form = await loadContactForm(
      new Request(`http://localhost:3000/contact?product=${FILTER.handle}`),
      context,
    );
    expect(form.product).toMatchObject({
      handle: FILTER.handle,
      title: FILTER.title,
      path: `/store/products/${FILTER.handle}`,
      image: { url: "https://cdn.example/filter.jpg" },
    });
    expect(form.message).toBe("I'd like a quote for the Waterco Commercial Sand Filter 1200 mm.");
    expect(form.formKey).toMatch(/^[\w-]{16,}$/);

    for (const product of ["no-such-product", "Bad Handle!", ""]) {
      const plain = await loadContactForm(
        new Request(`http://localhost:3000/contact?product=${encodeURIComponent(product)}`),
        context,
      );
      expect(plain).toMatchObject({ product: null, message: "" });
    }
  });

  it("still shows the form when the catalogue cannot be read", async () => {
    const form = await loadContactForm(
      new Request(`http://localhost:3000/contact?product=${FILTER.handle}`),
      contextFor({
        getProduct: async () => {
          throw new StorefrontError("Failed to fetch product", { status: 503 });
        },
      }),
    );
    expect(form).toMatchObject({ product: null, message: "" });
  });

  it("answers mistakes with 400, a message beside each field and everything typed", async () => {
    const before = await enquiryCount();
    const typed = {
      name: " ",
      email: "ava@",
      phone: "call me",
      message: "",
      product: FILTER.handle,
      formKey: "k",
    };
    const reply = (await submitContactForm(post(typed), contextFor())) as unknown as Reply;
    expect(reply.init?.status).toBe(400);
    expect(reply.data.errors).toEqual({
      name: ENQUIRY_ERRORS.name,
      email: ENQUIRY_ERRORS.email,
      phone: ENQUIRY_ERRORS.phone,
      message: ENQUIRY_ERRORS.message,
    });
    expect(reply.data.values).toEqual(typed);
    expect(await enquiryCount()).toBe(before);
  });

  it("stores a quote request with its product and thanks the visitor on the contact thank-you page", async () => {
    const response = await submitContactForm(
      post({ ...VALID, product: FILTER.handle, formKey: "quote-form-key-0123456789" }),
      contextFor(),
    );
    expect(response).toBeInstanceOf(Response);
    expect((response as Response).status).toBe(303);
    expect((response as Response).headers.get("Location")).toBe("/thank-you");
    const [row] = await database.db
      .select()
      .from(enquiries)
      .orderBy(desc(enquiries.createdAt))
      .limit(1);
    expect(row).toMatchObject({ name: "Ava Nguyen", phone: null, productTitle: FILTER.title });
    const [mail] = await listMail(database.db, { limit: 1 });
    expect(mail?.subject).toBe(`Quote request for ${FILTER.title} from Ava Nguyen`);
  });

  it("drops a product the catalogue does not know, and keeps one it could not read by handle", async () => {
    await submitContactForm(
      post({ ...VALID, product: "no-such-product", formKey: "unknown-product-key-0001" }),
      contextFor(),
    );
    expect((await listMail(database.db, { limit: 1 }))[0]?.subject).toBe("Enquiry from Ava Nguyen");

    await submitContactForm(
      post({ ...VALID, product: FILTER.handle, formKey: "catalogue-down-key-0001" }),
      contextFor({
        getProduct: async () => {
          throw new StorefrontError("Failed to fetch product", { status: 503 });
        },
      }),
    );
    const [mail] = await listMail(database.db, { limit: 1 });
    expect(mail?.subject).toBe(`Quote request for ${FILTER.handle} from Ava Nguyen`);
    expect(mail?.text).toContain(`http://localhost:3000/store/products/${FILTER.handle}`);
  });

  it("makes one enquiry of the same form sent twice", async () => {
    const before = await enquiryCount();
    const context = contextFor();
    const fields = { ...VALID, formKey: "double-click-key-0123456789" };
    const responses = await Promise.all([
      submitContactForm(post(fields), context),
      submitContactForm(post(fields), context),
    ]);
    expect(responses.map((response) => (response as Response).status)).toEqual([303, 303]);
    expect(await enquiryCount()).toBe(before + 1);
  });

  it("thanks a bot that filled the honeypot and stores nothing", async () => {
    const before = await enquiryCount();
    const mailBefore = (await listMail(database.db, { limit: 500 })).length;
    const response = (await submitContactForm(
      post({ ...VALID, [HONEYPOT_FIELD]: "https://spam.example" }),
      contextFor(),
    )) as Response;
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/thank-you");
    expect(await enquiryCount()).toBe(before);
    expect((await listMail(database.db, { limit: 500 })).length).toBe(mailBefore);
  });

  it("refuses a visitor over the limit with 429, keeping what was typed", async () => {
    const context = contextFor({ ip: "198.51.100.20" });
    for (let n = 0; n < CONTACT_RATE_LIMIT.limit; n++) {
      const response = await submitContactForm(
        post({ ...VALID, message: `Message ${n}` }),
        context,
      );
      expect((response as Response).status).toBe(303);
    }
    const before = await enquiryCount();
    const typed = { ...VALID, message: "One too many" };
    const reply = (await submitContactForm(post(typed), context)) as unknown as Reply;
    expect(reply.init?.status).toBe(429);
    expect(reply.data.formError).toBe(ENQUIRY_ERRORS.rateLimited);
    expect(reply.data.values).toMatchObject(typed);
    expect(await enquiryCount()).toBe(before);
    // Another visitor is not held back (the counters are the same database's).
    const other = contextFor({ ip: "198.51.100.21" });
    expect(((await submitContactForm(post(typed), other)) as Response).status).toBe(303);
  });

  it("answers 503 and keeps what was typed when the enquiry cannot be stored", async () => {
    const context = contextFor();
    (context.get(servicesContext).config as unknown as { staffEmails: string[] }).staffEmails = [
      "not an address",
    ];
    const reply = (await submitContactForm(
      post({ ...VALID, message: "Lost?" }),
      context,
    )) as unknown as Reply;
    expect(reply.init?.status).toBe(503);
    expect(reply.data.formError).toBe(ENQUIRY_ERRORS.unavailable);
    expect(reply.data.values.message).toBe("Lost?");
  });
});
