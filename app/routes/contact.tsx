import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadContactPage } from "../lib/content/pages.server";
import { seoMeta } from "../lib/seo";
import { SliceZone } from "../slices/slice-zone";
import type { Route } from "./+types/contact";

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadContactPage(content) }),
    seo: ({ page }) => ({ page }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data }) => seoMeta(data?.seo);

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { page, preview } = loaderData;
  const phoneHref = `tel:${page.phone.replace(/[^\d+]/g, "")}`;
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={page.title} introHtml={page.introHtml} />
      <div className="container-page grid gap-8 py-6 md:grid-cols-2">
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
      <SliceZone slices={page.slices} />
    </>
  );
}
