import { z } from "zod";
import { formTexts } from "../forms/form-text";
import { PHONE_REGEX } from "../forms/phone";
import {
  EMAIL_MAX,
  ENQUIRY_ERRORS,
  type EnquiryField,
  type EnquiryFormValues,
  MESSAGE_MAX,
  NAME_MAX,
} from "./enquiry-form";

// The contact form's rules (product §5): the server checks every post with them.

/** Shopify handles: lower-case letters, digits and dashes. Anything else names no product. */
export const PRODUCT_HANDLE = /^[a-z0-9][a-z0-9-]{0,254}$/;

const FORM_KEY = /^[A-Za-z0-9_-]{16,100}$/;

const EnquirySchema = z.object({
  // One line: a name goes into the staff email's subject.
  name: z
    .string()
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(z.string().min(1, ENQUIRY_ERRORS.name).max(NAME_MAX, ENQUIRY_ERRORS.nameLength)),
  email: z.string().trim().max(EMAIL_MAX, ENQUIRY_ERRORS.email).pipe(z.email(ENQUIRY_ERRORS.email)),
  phone: z
    .string()
    .trim()
    .refine((value) => value === "" || PHONE_REGEX.test(value), ENQUIRY_ERRORS.phone)
    .transform((value) => (value === "" ? null : value)),
  message: z
    .string()
    .trim()
    .min(1, ENQUIRY_ERRORS.message)
    .max(MESSAGE_MAX, ENQUIRY_ERRORS.messageLength),
  // An unreadable handle or key is not the customer's mistake: it is dropped, never an error.
  product: z.string().transform((value) => (PRODUCT_HANDLE.test(value) ? value : null)),
  formKey: z.string().transform((value) => (FORM_KEY.test(value) ? value : null)),
});

export type ValidEnquiry = z.output<typeof EnquirySchema>;

export function readEnquiryForm(form: Pick<FormData, "get">): EnquiryFormValues {
  return formTexts(form, ["name", "email", "phone", "message", "product", "formKey"]);
}

export function validateEnquiryForm(
  values: EnquiryFormValues,
):
  | { ok: true; enquiry: ValidEnquiry }
  | { ok: false; errors: Partial<Record<EnquiryField, string>> } {
  const parsed = EnquirySchema.safeParse(values);
  if (parsed.success) return { ok: true, enquiry: parsed.data };
  const errors: Partial<Record<EnquiryField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as EnquiryField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
