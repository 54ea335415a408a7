import type { SliceOf } from "../../lib/content/slices";
import { ButtonLink, ContentImg, RichHtml, SliceHeading } from "../parts";

export default function ImageWithText({ slice }: { slice: SliceOf<"image_with_text"> }) {
  return (
    <section className="container-page py-12">
      <div className="grid items-center gap-10 lg:grid-cols-2">
        {slice.image ? (
          <ContentImg
            image={slice.image}
            sizes="(min-width: 1024px) 50vw, 100vw"
            className={`aspect-[4/3] w-full rounded-xl object-cover shadow-md ${slice.imageRight ? "lg:order-last" : ""}`}
          />
        ) : null}
        <div>
          <SliceHeading>{slice.heading}</SliceHeading>
          <RichHtml html={slice.bodyHtml} className="prose-content mt-4 text-slate-700" />
          {slice.cta ? (
            <div className="mt-6">
              <ButtonLink href={slice.cta.href}>{slice.cta.label}</ButtonLink>
            </div>
          ) : null}
        </div>
      </div>
    </section>
  );
}
