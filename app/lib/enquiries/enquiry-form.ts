import { z } from "zod";
import { PHONE_REGEX } from "../forms/phone";

// The contact form's rules (product §5). Pure: the server checks every post with them; the page
// shows each message beside its field and keeps what was typed.

export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const MESSAGE_MAX = 5_000;

export const ENQUIRY_ERRORS = {
  name: "Enter your name",
  nameLength: `Keep your name to ${NAME_MAX} characters`,
  email: "Enter a valid email address",
  phone: "Enter a valid phone number, or leave it empty",
  message: "Enter your message",
  messageLength: `Keep your message to ${MESSAGE_MAX.toLocaleString("en-AU")} characters`,
  form: "Please correct the highlighted fields and send again.",
  rateLimited:
    "You have sent several enquiries in a short time. Please try again in an hour, or call us.",
  unavailable: "Your enquiry could not be sent just now. Please try again in a moment.",
} as const;

export type EnquiryField = "name" | "email" | "phone" | "message";

/** The fields in the order the form shows them: the first with an error gets the focus. */
export const ENQUIRY_FIELDS: readonly EnquiryField[] = ["name", "email", "phone", "message"];

export interface EnquiryFormValues {
  name: string;
  email: string;
  phone: string;
  message: string;
  /** The handle of the product asked about (a hidden field), or "". */
  product: string;
  /** The rendered form's key: the same form posted twice is one enquiry. */
  formKey: string;
}

/** product §5: the line a quote request's message starts with. */
export function quoteRequestMessage(productTitle: string): string {
  return `I'd like a quote for the ${productTitle}.`;
}

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

const text = (value: FormDataEntryValue | null) => (typeof value === "string" ? value : "");

export function readEnquiryForm(form: Pick<FormData, "get">): EnquiryFormValues {
  return {
    name: text(form.get("name")),
    email: text(form.get("email")),
    phone: text(form.get("phone")),
    message: text(form.get("message")),
    product: text(form.get("product")),
    formKey: text(form.get("formKey")),
  };
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
