import { PageHeader } from "../components/content/page-parts";
import { PreviewBanner } from "../components/content/preview-banner";
import { contentPageMeta } from "../lib/content/content-page";
import { loadContentPage } from "../lib/content/content-page.server";
import { loadTestimonialsPage } from "../lib/content/pages.server";
import { readJsonText } from "../lib/json-text";
import type { PageQueryHandle } from "../lib/page-cache";
import { RichHtml } from "../slices/parts";
import { SliceZone } from "../slices/slice-zone";
import { Rating } from "../slices/testimonials";
import type { Route } from "./+types/testimonials";

// This page reads no query parameter; the page cache ignores them all (decision 008).
export const handle = { pageQuery: [] } satisfies PageQueryHandle;

export const loader = (args: Route.LoaderArgs) =>
  loadContentPage(args, {
    load: (content) => ({ page: loadTestimonialsPage(content) }),
    seo: ({ page }) => ({ page }),
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = contentPageMeta;

export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const { page } = readJsonText(loaderData.content);
  return (
    <>
      <PreviewBanner preview={preview} />
      <PageHeader title={page.title} introHtml={page.introHtml} />
      <ul className="container-page grid gap-6 py-6 md:grid-cols-2">
        {page.testimonials.map((testimonial) => (
          <li key={`${testimonial.name}-${testimonial.dateLabel}`}>
            <figure className="h-full rounded-xl bg-sand-50 p-6 ring-1 ring-lagoon-100">
              {testimonial.rating !== null ? <Rating value={testimonial.rating} /> : null}
              <blockquote className="mt-3">
                <RichHtml
                  html={testimonial.quoteHtml}
                  className="text-lg text-slate-800 [&_p]:my-2"
                />
              </blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-lagoon-900">{testimonial.name}</span>
                {testimonial.location ? <span>, {testimonial.location}</span> : null}
                {testimonial.service || testimonial.dateLabel ? (
                  <span className="block text-slate-600">
                    {[testimonial.service, testimonial.dateLabel].filter(Boolean).join(" · ")}
                  </span>
                ) : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <SliceZone slices={page.slices} />
    </>
  );
}
