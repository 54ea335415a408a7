import type { SliceOf } from "../../lib/content/slices";
import { ContentImg, SliceHeading } from "../parts";

export default function ImageGallery({ slice }: { slice: SliceOf<"image_gallery"> }) {
  return (
    <section className="container-page py-12">
      <SliceHeading>{slice.heading}</SliceHeading>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {slice.images.map(({ image, caption }) => (
          <li key={image.src}>
            <figure>
              <ContentImg
                image={image}
                sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                className="aspect-[4/3] w-full rounded-lg object-cover"
              />
              {caption ? (
                <figcaption className="mt-2 text-sm text-slate-600">{caption}</figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
