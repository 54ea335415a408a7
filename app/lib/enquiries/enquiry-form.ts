// The contact form's fields, limits and messages (product §5), shared by the page and the server
// (enquiry-form.server.ts checks every post). No zod here: this reaches the browser.

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
