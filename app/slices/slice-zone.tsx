import { Link } from "react-router";
import type { SliceView } from "../lib/content/slices.server";

function Hero({ slice, title }: { slice: Extract<SliceView, { type: "hero" }>; title?: string }) {
  return (
    <section className="relative isolate overflow-hidden bg-lagoon-900 text-white">
      {slice.image ? (
        <img
          src={slice.image.src}
          srcSet={slice.image.srcSet}
          sizes="100vw"
          width={slice.image.width}
          height={slice.image.height}
          alt={slice.image.alt}
          fetchPriority="high"
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
        <div
          className="mt-6 max-w-xl text-lg text-lagoon-50 [&_p]:my-2"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML produced on the server by Prismic's serializer, which escapes text.
          dangerouslySetInnerHTML={{ __html: slice.textHtml }}
        />
        {slice.cta ? (
          <Link
            to={slice.cta.href}
            className="mt-8 inline-flex rounded-md bg-white px-5 py-3 font-semibold text-lagoon-900 shadow hover:bg-lagoon-50"
          >
            {slice.cta.label}
          </Link>
        ) : null}
      </div>
    </section>
  );
}

function TextBlock({ slice }: { slice: Extract<SliceView, { type: "text_block" }> }) {
  return (
    <section className="container-page py-14">
      <div className="mx-auto max-w-3xl">
        {slice.heading ? (
          <h2 className="text-3xl font-bold text-lagoon-900">{slice.heading}</h2>
        ) : null}
        <div
          className="prose-content mt-4 text-slate-700"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: HTML produced on the server by Prismic's serializer, which escapes text.
          dangerouslySetInnerHTML={{ __html: slice.bodyHtml }}
        />
      </div>
    </section>
  );
}

/**
 * Renders a page's slices. An unknown slice type renders nothing for shoppers and a visible
 * notice in development, so a model pushed before its component is noticed, not shipped broken.
 */
export function SliceZone({ slices, title }: { slices: SliceView[]; title?: string }) {
  let titleUsed = false;
  return slices.map((slice) => {
    switch (slice.type) {
      case "hero": {
        const heroTitle = titleUsed ? undefined : title;
        titleUsed = true;
        return <Hero key={slice.id} slice={slice} title={heroTitle} />;
      }
      case "text_block":
        return <TextBlock key={slice.id} slice={slice} />;
      default:
        return import.meta.env.DEV ? (
          <p
            key={slice.id}
            className="container-page my-4 rounded border border-dashed border-coral-600 p-4"
          >
            No component for slice type “{slice.sliceType}”.
          </p>
        ) : null;
    }
  });
}
