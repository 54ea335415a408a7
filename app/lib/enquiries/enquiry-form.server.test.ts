import { describe, expect, it } from "vitest";
import { ENQUIRY_ERRORS, type EnquiryFormValues, MESSAGE_MAX, NAME_MAX } from "./enquiry-form";
import { validateEnquiryForm } from "./enquiry-form.server";

const values = (overrides: Partial<EnquiryFormValues> = {}): EnquiryFormValues => ({
  name: "Ava Nguyen",
  email: "ava@example.com",
  phone: "",
  message: "Hello",
  product: "",
  formKey: "",
  ...overrides,
});

describe("the contact form's rules", () => {
  it("takes a trimmed enquiry, with the phone optional", () => {
    const verdict = validateEnquiryForm(
      values({ name: "  Ava \n Nguyen ", email: " ava@example.com ", message: " Hi \n there " }),
    );
    expect(verdict).toEqual({
      ok: true,
      enquiry: {
        // One line: the name goes into the staff email's subject.
        name: "Ava Nguyen",
        email: "ava@example.com",
        phone: null,
        message: "Hi \n there",
        product: null,
        formKey: null,
      },
    });
  });

  it("takes phones as people write them and refuses what is not one", () => {
    for (const phone of ["0400 000 001", "+61 7 5555 0100", "(07) 5555-0100"]) {
      expect(validateEnquiryForm(values({ phone })).ok, phone).toBe(true);
    }
    for (const phone of ["12", "call me", "0400 000 00x"]) {
      expect(validateEnquiryForm(values({ phone })), phone).toEqual({
        ok: false,
        errors: { phone: ENQUIRY_ERRORS.phone },
      });
    }
  });

  it("limits the name and the message", () => {
    expect(validateEnquiryForm(values({ name: "a".repeat(NAME_MAX + 1) }))).toEqual({
      ok: false,
      errors: { name: ENQUIRY_ERRORS.nameLength },
    });
    expect(validateEnquiryForm(values({ message: "a".repeat(MESSAGE_MAX) })).ok).toBe(true);
    expect(validateEnquiryForm(values({ message: "a".repeat(MESSAGE_MAX + 1) }))).toEqual({
      ok: false,
      errors: { message: ENQUIRY_ERRORS.messageLength },
    });
  });

  it("keeps a product handle and a form key only when they are readable", () => {
    const good = validateEnquiryForm(
      values({ product: "davey-commercial-pool-pump-5-5-kw", formKey: "0123456789abcdef-key" }),
    );
    expect(good.ok && good.enquiry).toMatchObject({
      product: "davey-commercial-pool-pump-5-5-kw",
      formKey: "0123456789abcdef-key",
    });
    const bad = validateEnquiryForm(values({ product: "../admin", formKey: "short" }));
    expect(bad.ok && bad.enquiry).toMatchObject({ product: null, formKey: null });
  });
});
