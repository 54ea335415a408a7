import type { SliceOf } from "../../lib/content/slices";
import { SliceHeading, SmartLink } from "../parts";

export function Rating({ value }: { value: number }) {
  const stars = Math.max(0, Math.min(5, Math.round(value)));
  return (
    <p className="text-amber-600">
      <span aria-hidden="true">{"★".repeat(stars)}</span>
      <span aria-hidden="true" className="text-slate-300">
        {"★".repeat(5 - stars)}
      </span>
      <span className="sr-only">Rated {stars} out of 5</span>
    </p>
  );
}

export default function Testimonials({ slice }: { slice: SliceOf<"testimonials"> }) {
  return (
    <section className="bg-sand-50 py-14">
      <div className="container-page">
        <SliceHeading>{slice.heading}</SliceHeading>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {slice.quotes.map((quote) => (
            <li key={`${quote.name}-${quote.quote}`}>
              <figure className="h-full rounded-xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                {quote.rating !== null ? <Rating value={quote.rating} /> : null}
                <blockquote className="mt-3 text-slate-800">
                  <p>“{quote.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm font-semibold text-lagoon-900">
                  {quote.name}
                  {quote.location ? (
                    <span className="font-normal text-slate-600">, {quote.location}</span>
                  ) : null}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {slice.link ? (
          <p className="mt-8">
            <SmartLink
              href={slice.link.href}
              className="font-semibold text-lagoon-700 underline underline-offset-2 hover:text-lagoon-900"
            >
              {slice.link.label}
            </SmartLink>
          </p>
        ) : null}
      </div>
    </section>
  );
}
