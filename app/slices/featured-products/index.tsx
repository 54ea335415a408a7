import type { SliceOf } from "../../lib/content/slices";
import { SliceHeading, SmartLink } from "../parts";

/**
 * Products chosen by handle. Until the catalogue can render product cards from those handles,
 * each is a link to its product page.
 */
export default function FeaturedProducts({ slice }: { slice: SliceOf<"featured_products"> }) {
  return (
    <section className="container-page py-12">
      <SliceHeading>{slice.heading}</SliceHeading>
      {slice.intro ? <p className="mt-2 max-w-3xl text-slate-700">{slice.intro}</p> : null}
      <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {slice.products.map((product) => (
          <li key={product.handle}>
            <SmartLink
              href={product.href}
              className="flex h-full items-center justify-between gap-3 rounded-lg bg-white px-4 py-4 font-semibold text-lagoon-900 shadow-sm ring-1 ring-slate-200 hover:ring-lagoon-500"
            >
              {product.label}
              <span aria-hidden="true">→</span>
            </SmartLink>
          </li>
        ))}
      </ul>
      {slice.link ? (
        <p className="mt-6">
          <SmartLink
            href={slice.link.href}
            className="font-semibold text-lagoon-700 underline underline-offset-2 hover:text-lagoon-900"
          >
            {slice.link.label}
          </SmartLink>
        </p>
      ) : null}
    </section>
  );
}
