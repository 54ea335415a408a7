import type { SliceOf } from "../../lib/content/slices";
import { ButtonLink, ContentImg, RichHtml } from "../parts";

/** A full-width photo with a headline; the first hero of a page carries the page's h1. */
export default function Hero({ slice, title }: { slice: SliceOf<"hero">; title?: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-lagoon-900 text-white">
      {slice.image ? (
        <ContentImg
          image={slice.image}
          sizes="100vw"
          priority
          className="absolute inset-0 -z-10 size-full object-cover opacity-60"
        />
      ) : null}
      <div className="container-page py-24 sm:py-32">
        {title ? (
          <h1 className="text-sm font-semibold tracking-widest text-lagoon-100 uppercase">
            {title}
          </h1>
        ) : slice.eyebrow ? (
          <p className="text-sm font-semibold tracking-widest text-lagoon-100 uppercase">
            {slice.eyebrow}
          </p>
        ) : null}
        <p className="mt-4 max-w-2xl text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          {slice.heading}
        </p>
        <RichHtml
          html={slice.textHtml}
          className="mt-6 max-w-xl text-lg text-lagoon-50 [&_p]:my-2"
        />
        {slice.cta ? (
          <div className="mt-8">
            <ButtonLink href={slice.cta.href} tone="light">
              {slice.cta.label}
            </ButtonLink>
          </div>
        ) : null}
      </div>
    </section>
  );
}
