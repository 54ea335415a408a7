import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { deferred } from "../components/deferred";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadContactPage } from "../lib/content/pages.server";
import { loadContactForm, submitContactForm } from "../lib/enquiries/contact-form.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/contact";

// The query parameters this page reads; the page cache ignores any other (decision 008).
export const handle = { pageQuery: ["product"] } satisfies PageQueryHandle;

// The enquiry form hydrates after the page (docs/decisions/001-javascript-budget.md); until then
// it posts as it does without JavaScript.
const EnquiryForm = deferred(() =>
  import("../components/contact/enquiry-form").then((module) => module.EnquiryForm),
);

// `?product={handle}` (the product page's "Request a quote") puts that product on the form.
export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadContactPage(content) }),
    perRequest: () => ({ form: loadContactForm(args.request, args.context) }),
    seo: ({ page }) => ({ page }),
  });

export const action = ({ request, context }: Route.ActionArgs) =>
  submitContactForm(request, context);

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { form, preview } = loaderData;
  const { page } = readJsonText(loaderData.content);
  const phoneHref = `tel:${page.phone.replace(/[^\d+]/g, "")}`;
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={page.title} introHtml={page.introHtml} />
      <div className="container-page grid gap-8 py-6 lg:grid-cols-[3fr_2fr]">
        <section aria-labelledby="enquiry-heading" className="rounded-xl bg-sand-50 p-6">
          <h2 id="enquiry-heading" className="text-xl font-semibold text-lagoon-900">
            {form.product ? "Request a quote" : "Send us a message"}
          </h2>
          <p className="mt-1 mb-5 text-slate-700">
            Fields marked * are required. We reply within one business day.
          </p>
          <EnquiryForm key={form.formKey} form={form} result={actionData} />
        </section>
        <div className="flex flex-col gap-8">
          <section aria-labelledby="contact-details" className="rounded-xl bg-sand-50 p-6">
            <h2 id="contact-details" className="text-xl font-semibold text-lagoon-900">
              Visit, call or write
            </h2>
            <dl className="mt-4 space-y-3">
              {page.address ? (
                <div>
                  <dt className="text-sm text-slate-600">Showroom</dt>
                  <dd className="font-medium">{page.address}</dd>
                </div>
              ) : null}
              {page.phone ? (
                <div>
                  <dt className="text-sm text-slate-600">Phone</dt>
                  <dd>
                    <a href={phoneHref} className="font-medium text-lagoon-700 underline">
                      {page.phone}
                    </a>
                  </dd>
                </div>
              ) : null}
              {page.email ? (
                <div>
                  <dt className="text-sm text-slate-600">Email</dt>
                  <dd>
                    <a
                      href={`mailto:${page.email}`}
                      className="font-medium text-lagoon-700 underline"
                    >
                      {page.email}
                    </a>
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
          {page.openingHours.length > 0 ? (
            <section aria-labelledby="opening-hours" className="rounded-xl bg-sand-50 p-6">
              <h2 id="opening-hours" className="text-xl font-semibold text-lagoon-900">
                Opening hours
              </h2>
              <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
                {page.openingHours.map((entry) => (
                  <div key={entry.days} className="contents">
                    <dt className="text-slate-600">{entry.days}</dt>
                    <dd className="font-medium">{entry.hours}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ) : null}
        </div>
      </div>
      <SliceZone slices={page.slices} />
    </>
  );
}
