import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { describeOnBothEngines } from "../../../tests/support/databases";
import type { DatabaseHandle } from "../../../tests/support/server-parts";
import { listMail } from "../mail/outbox.server";
import { mailOutbox } from "../mail/outbox-schema";
import { type SubmitEnquiryInput, submitEnquiry } from "./enquiries.server";
import { enquiries } from "./enquiry-schema";

const STAFF = { staffEmail: "staff@lagoon.example", publicUrl: "http://localhost:3000" };

function enquiryInput(overrides: Partial<SubmitEnquiryInput> = {}): SubmitEnquiryInput {
  return {
    submissionKey: crypto.randomUUID(),
    name: "Ava Nguyen",
    email: "ava@example.com",
    phone: "0400 000 001",
    message: "I'd like a quote for the Waterco Commercial Sand Filter 1200 mm.",
    product: {
      handle: "waterco-commercial-sand-filter-1200-mm",
      title: "Waterco Commercial Sand Filter 1200 mm",
    },
    ...overrides,
  };
}

function defineEnquirySuite(handle: () => DatabaseHandle) {
  it("stores the enquiry and the staff email naming the customer, the product and the message", async () => {
    const { db } = handle();
    const input = enquiryInput();
    const { enquiry, created } = await submitEnquiry(db, input, STAFF);
    expect(created).toBe(true);
    const [row] = await db.select().from(enquiries).where(eq(enquiries.id, enquiry.id));
    expect(row).toMatchObject({
      name: "Ava Nguyen",
      email: "ava@example.com",
      phone: "0400 000 001",
      productHandle: "waterco-commercial-sand-filter-1200-mm",
      productTitle: "Waterco Commercial Sand Filter 1200 mm",
    });

    const [mail] = await listMail(db, { limit: 1 });
    expect(mail).toMatchObject({
      to: "staff@lagoon.example",
      kind: "enquiry",
      replyTo: "ava@example.com",
      subject: "Quote request for Waterco Commercial Sand Filter 1200 mm from Ava Nguyen",
    });
    expect(mail?.text).toContain("Email: ava@example.com");
    expect(mail?.text).toContain("Phone: 0400 000 001");
    expect(mail?.text).toContain(
      "Product: Waterco Commercial Sand Filter 1200 mm — http://localhost:3000/store/products/waterco-commercial-sand-filter-1200-mm",
    );
    expect(mail?.text).toContain(input.message);
  });

  it("writes an enquiry without a product or phone as a plain enquiry", async () => {
    const { db } = handle();
    await submitEnquiry(db, enquiryInput({ product: null, phone: null, name: "Sam Lee" }), STAFF);
    const [mail] = await listMail(db, { limit: 1 });
    expect(mail?.subject).toBe("Enquiry from Sam Lee");
    expect(mail?.text).toContain("Phone: Not given");
    expect(mail?.text).not.toContain("Product:");
  });

  it("makes one enquiry and one email of a form posted several times at once", async () => {
    const { db } = handle();
    const input = enquiryInput();
    const mailBefore = (await listMail(db, { limit: 500 })).length;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => submitEnquiry(db, input, STAFF)),
    );
    expect(new Set(results.map((result) => result.enquiry.id)).size).toBe(1);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect((await listMail(db, { limit: 500 })).length).toBe(mailBefore + 1);
  });

  it("stores neither the enquiry nor the email when the email cannot be queued", async () => {
    const { db } = handle();
    const input = enquiryInput();
    const mailBefore = (await db.select().from(mailOutbox)).length;
    await expect(
      submitEnquiry(db, input, { ...STAFF, staffEmail: "not an address" }),
    ).rejects.toThrow(/Invalid mail/);
    expect(
      await db.select().from(enquiries).where(eq(enquiries.submissionKey, input.submissionKey)),
    ).toEqual([]);
    expect((await db.select().from(mailOutbox)).length).toBe(mailBefore);
  });
}

describeOnBothEngines("enquiries", defineEnquirySuite);
