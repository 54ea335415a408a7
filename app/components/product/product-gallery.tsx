import { useEffect, useRef, useState } from "react";
import type { Image } from "../../lib/commerce/types";
import { ProductImage } from "./product-image";

// A CSS scroll-snap strip: swiped on touch screens, scrolled with the arrow keys once focused, and
// each thumbnail a link to its slide (#id), so it all works before and without JavaScript. With
// JavaScript a thumbnail scrolls the strip alone (not the page) and shows which slide is in view.

function slideIndex(strip: HTMLElement): number {
  return strip.clientWidth > 0 ? Math.round(strip.scrollLeft / strip.clientWidth) : 0;
}

export function ProductGallery({
  images,
  title,
  selectedImageUrl,
}: {
  images: Image[];
  title: string;
  /** The selected variant's image: the strip turns to it when the variant changes. */
  selectedImageUrl?: string | null;
}) {
  const stripRef = useRef<HTMLElement>(null);
  const [active, setActive] = useState(0);
  // There is one gallery on a page.
  const slideId = (index: number) => `gallery-slide-${index}`;

  // The strip's CSS scroll-behavior makes this smooth, unless the shopper prefers less motion.
  const show = (index: number) => {
    const strip = stripRef.current;
    if (!strip) return;
    strip.scrollTo({ left: index * strip.clientWidth });
    setActive(index);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: turning the strip is a reaction to a new selection only.
  useEffect(() => {
    if (!selectedImageUrl) return;
    const index = images.findIndex((image) => image.url === selectedImageUrl);
    if (index >= 0) show(index);
  }, [selectedImageUrl]);

  useEffect(() => {
    const strip = stripRef.current;
    if (!strip) return;
    const onScroll = () => setActive(slideIndex(strip));
    strip.addEventListener("scroll", onScroll, { passive: true });
    return () => strip.removeEventListener("scroll", onScroll);
  }, []);

  if (images.length === 0) {
    return (
      <div className="flex aspect-square items-center justify-center rounded-xl bg-slate-100 text-slate-600">
        No image yet
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <section
        ref={stripRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard to be scrolled with the arrow keys.
        tabIndex={0}
        aria-label={
          images.length > 1
            ? `Images of ${title}: ${images.length} images, scroll sideways`
            : `Image of ${title}`
        }
        className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-xl bg-slate-100 [scrollbar-width:none] motion-safe:scroll-smooth [&::-webkit-scrollbar]:hidden"
      >
        {images.map((image, index) => (
          <div
            key={image.url}
            id={slideId(index)}
            className="aspect-square w-full shrink-0 snap-center snap-always"
          >
            <ProductImage
              image={image}
              alt={image.altText ?? `${title}, image ${index + 1}`}
              priority={index === 0}
              sizes="(min-width: 1024px) 600px, 100vw"
              className="size-full object-contain"
            />
          </div>
        ))}
      </section>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto p-1">
          {images.map((image, index) => (
            <li key={image.url} className="shrink-0">
              <a
                href={`#${slideId(index)}`}
                aria-current={index === active ? "true" : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  show(index);
                }}
                className="block size-16 overflow-hidden rounded-md border-2 border-transparent bg-slate-100 hover:border-slate-400 aria-[current=true]:border-lagoon-700 sm:size-20"
              >
                <ProductImage
                  image={image}
                  alt={`Show image ${index + 1} of ${images.length}${image.altText ? `: ${image.altText}` : ""}`}
                  fixedWidth={80}
                  className="size-full object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
