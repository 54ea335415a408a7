import { createHash, randomUUID } from "node:crypto";
import { data, type RouterContextProvider, redirect } from "react-router";
import { productPath } from "../commerce/paths";
import type { Image } from "../commerce/types";
import { isHoneypotFilled, isOverRateLimit, type RateLimit } from "../forms/public-form.server";
import { servicesContext, shopperContext } from "../request-context.server";
import { submitEnquiry } from "./enquiries.server";
import {
  ENQUIRY_ERRORS,
  type EnquiryField,
  type EnquiryFormValues,
  quoteRequestMessage,
} from "./enquiry-form";
import {
  PRODUCT_HANDLE,
  readEnquiryForm,
  type ValidEnquiry,
  validateEnquiryForm,
} from "./enquiry-form.server";

/** product §9: enquiries a visitor (one IP) may send in an hour. */
export const CONTACT_RATE_LIMIT: RateLimit = { scope: "contact", limit: 10, windowSeconds: 3600 };

/** The contact thank-you page (product §2): `thank_you_page` `thank-you` at its fixed address. */
export const CONTACT_THANK_YOU = "/thank-you";

const PRIVATE = { "Cache-Control": "private, no-store" };

/** The product a quote request is about, as the form shows it. */
export interface EnquiryProduct {
  handle: string;
  title: string;
  path: string;
  image: Image | null;
}

export interface ContactForm {
  product: EnquiryProduct | null;
  /** The message the form starts with: the quote request's line, or nothing. */
  message: string;
  formKey: string;
}

export interface ContactActionData {
  values: EnquiryFormValues;
  errors: Partial<Record<EnquiryField, string>>;
  /** A problem with the whole submission (too many, or not stored), not with one field. */
  formError?: string;
}

/**
 * The product `?product=` names, read from the catalogue. A handle the catalogue does not have,
 * and a catalogue that cannot be read, give no product: the form works without one.
 */
async function findProduct(
  context: Readonly<RouterContextProvider>,
  handle: string | null,
): Promise<EnquiryProduct | null | "unavailable"> {
  if (!handle || !PRODUCT_HANDLE.test(handle)) return null;
  try {
    const product = await context.get(shopperContext).catalog.getProduct(handle);
    return (
      product && {
        handle: product.handle,
        title: product.title,
        path: productPath(product.handle),
        image: product.images[0] ?? null,
      }
    );
  } catch (error) {
    context
      .get(servicesContext)
      .logger.warn({ err: error, handle }, "contact form: product not read");
    return "unavailable";
  }
}

/** What the contact form starts with: the product asked about, if any, and a fresh form key. */
export async function loadContactForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<ContactForm> {
  const found = await findProduct(context, new URL(request.url).searchParams.get("product"));
  const product = found === "unavailable" ? null : found;
  return {
    product,
    message: product ? quoteRequestMessage(product.title) : "",
    formKey: randomUUID(),
  };
}

/**
 * One enquiry per form and content: a double click or a re-sent POST gives the same key. The
 * form's key alone would not do: a shared cache may serve one rendered form to many visitors.
 */
function submissionKey(enquiry: ValidEnquiry): string {
  const { formKey, name, email, phone, message, product } = enquiry;
  return createHash("sha256")
    .update(
      JSON.stringify([formKey ?? randomUUID(), name, email.toLowerCase(), phone, message, product]),
    )
    .digest("base64url");
}

/**
 * The contact form's action (product §4, §5): a filled honeypot is thanked and dropped; a form
 * with mistakes comes back with 400, its messages and what was typed; a visitor over the limit
 * gets 429; otherwise the enquiry and the staff email are stored and the visitor is thanked.
 */
export async function submitContactForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
) {
  const form = await request.formData().catch(() => new FormData());
  const thankYou = redirect(CONTACT_THANK_YOU, { status: 303, headers: PRIVATE });
  if (isHoneypotFilled(form)) return thankYou;

  const values = readEnquiryForm(form);
  const reply = (
    status: number,
    errors: ContactActionData["errors"],
    formError: string = ENQUIRY_ERRORS.form,
  ) => data<ContactActionData>({ values, errors, formError }, { status, headers: PRIVATE });
  const verdict = validateEnquiryForm(values);
  if (!verdict.ok) return reply(400, verdict.errors);

  const services = context.get(servicesContext);
  if (
    await isOverRateLimit(services.state, CONTACT_RATE_LIMIT, context.get(shopperContext).buyerIp)
  ) {
    return reply(429, {}, ENQUIRY_ERRORS.rateLimited);
  }
  const { enquiry } = verdict;
  const found = await findProduct(context, enquiry.product);
  // A product the catalogue does not know is dropped; one it could not read is kept by handle.
  const product =
    found === "unavailable"
      ? { handle: enquiry.product as string, title: null }
      : found && { handle: found.handle, title: found.title };
  try {
    await submitEnquiry(
      services.database.db,
      {
        submissionKey: submissionKey(enquiry),
        name: enquiry.name,
        email: enquiry.email,
        phone: enquiry.phone,
        message: enquiry.message,
        product,
      },
      { staffEmail: services.config.staffEmails[0], publicUrl: services.config.publicUrl },
    );
  } catch (error) {
    services.logger.error({ err: error }, "contact form: enquiry not stored");
    return reply(503, {}, ENQUIRY_ERRORS.unavailable);
  }
  return thankYou;
}
