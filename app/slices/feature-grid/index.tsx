import type { SliceOf } from "../../lib/content/slices";
import { ContentImg, RichHtml, SliceHeading, SmartLink } from "../parts";

export default function FeatureGrid({ slice }: { slice: SliceOf<"feature_grid"> }) {
  return (
    <section className="container-page py-12">
      <div className="max-w-3xl">
        <SliceHeading>{slice.heading}</SliceHeading>
        <RichHtml html={slice.introHtml} className="prose-content mt-2 text-slate-700" />
      </div>
      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {slice.features.map((feature) => (
          <li
            key={feature.title}
            className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
          >
            {feature.image ? (
              <ContentImg
                image={feature.image}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                className="aspect-[16/9] w-full object-cover"
              />
            ) : null}
            <div className="flex-1 p-6">
              <h3 className="text-xl font-semibold text-lagoon-900">
                {feature.href ? (
                  <SmartLink href={feature.href} className="hover:underline">
                    {feature.title}
                  </SmartLink>
                ) : (
                  feature.title
                )}
              </h3>
              {feature.description ? (
                <p className="mt-2 text-slate-700">{feature.description}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
