import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { ContactActionData, ContactForm } from "../../lib/enquiries/contact-form.server";
import { ENQUIRY_FIELDS } from "../../lib/enquiries/enquiry-form";
import { Field, FormError } from "../account/field";
import { ProductImage } from "../product/product-image";
import { HoneypotField } from "../ui/honeypot-field";

/**
 * The contact form (product §5): a plain form post, so it works without JavaScript; with it, the
 * post stays on the page and the button shows it is sending. Every message appears beside its
 * field, what was typed is kept, and the first field with a problem gets the focus.
 */
export function EnquiryForm({
  form,
  result,
}: {
  form: ContactForm;
  result: ContactActionData | undefined;
}) {
  const navigation = useNavigation();
  // Still "sending" while the thank-you page loads after the redirect.
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = result?.errors ?? {};
  const values = result?.values;
  const firstError = ENQUIRY_FIELDS.find((field) => errors[field]);
  const formRef = useRef<HTMLFormElement>(null);
  const { product } = form;

  // After a post answered on this page (JavaScript on), the focus goes where autoFocus sends it on
  // a freshly loaded page: the first field with a problem, else the form's message.
  useEffect(() => {
    if (!result) return;
    const target = formRef.current?.querySelector<HTMLElement>(
      firstError ? `[name="${firstError}"]` : "[data-form-error]",
    );
    target?.focus();
  }, [result, firstError]);

  return (
    <Form method="post" ref={formRef} className="space-y-5" noValidate>
      <HoneypotField />
      <input type="hidden" name="formKey" value={form.formKey} />
      {product ? <input type="hidden" name="product" value={product.handle} /> : null}
      {result?.formError ? (
        <div
          tabIndex={-1}
          data-form-error
          // biome-ignore lint/a11y/noAutofocus: the page answers the visitor's own submission, and the focus goes to what stopped it.
          autoFocus={!firstError}
          className="outline-none"
        >
          <FormError message={result.formError} />
        </div>
      ) : null}
      {product ? (
        <div className="flex items-center gap-4 rounded-md border border-slate-200 bg-white p-3">
          {product.image ? (
            <ProductImage
              image={product.image}
              alt=""
              sizes="4rem"
              className="size-16 shrink-0 rounded object-cover"
            />
          ) : null}
          <p>
            <span className="block text-sm text-slate-600">Your quote request is about</span>
            <Link to={product.path} className="font-medium text-lagoon-700 underline">
              {product.title}
            </Link>
          </p>
        </div>
      ) : null}
      <Field
        label="Name"
        name="name"
        required
        autoComplete="name"
        defaultValue={values?.name}
        error={errors.name}
        autoFocus={firstError === "name"}
      />
      <Field
        label="Email"
        name="email"
        type="email"
        required
        autoComplete="email"
        defaultValue={values?.email}
        error={errors.email}
        autoFocus={firstError === "email"}
      />
      <Field
        label="Phone (optional)"
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values?.phone}
        error={errors.phone}
        autoFocus={firstError === "phone"}
      />
      <Field
        label="Message"
        name="message"
        rows={6}
        required
        defaultValue={values?.message ?? form.message}
        error={errors.message}
        autoFocus={firstError === "message"}
      />
      <button
        type="submit"
        disabled={sending}
        className="inline-flex min-h-12 items-center justify-center rounded-md bg-lagoon-700 px-6 py-3 font-semibold text-white hover:bg-lagoon-800 disabled:opacity-60"
      >
        {sending ? "Sending…" : product ? "Request a quote" : "Send enquiry"}
      </button>
    </Form>
  );
}
