import type { ComponentType } from "react";
import { lazyComponent } from "../components/lazy";
import { PartSuspense } from "../components/part-suspense";
import type { SliceView } from "../lib/content/slices";

// Each slice type's component loads on the pages that show one (docs/decisions/001): most pages
// use one or two of the ten types, many none. The server renders them in full; the browser
// fetches a type's code while hydrating the page that has it.
const onDemand = <Props,>(load: () => Promise<{ default: ComponentType<Props> }>) =>
  lazyComponent(() => load().then((module) => module.default));

const Hero = onDemand(() => import("./hero"));
const TextBlock = onDemand(() => import("./text-block"));
const ImageWithText = onDemand(() => import("./image-with-text"));
const CallToAction = onDemand(() => import("./call-to-action"));
const FeatureGrid = onDemand(() => import("./feature-grid"));
const ImageGallery = onDemand(() => import("./image-gallery"));
const Faq = onDemand(() => import("./faq"));
const Testimonials = onDemand(() => import("./testimonials"));
const FeaturedProducts = onDemand(() => import("./featured-products"));
const Embed = onDemand(() => import("./embed"));

function UnknownSlice({ sliceType }: { sliceType: string }) {
  return (
    <p className="container-page my-4 rounded border border-dashed border-coral-600 p-4">
      No component for slice type “{sliceType}”.
    </p>
  );
}

/**
 * Renders a page's slices, one element each (the navigation's slices are drawn by the shell, and
 * by the slice simulator with its own components). An unknown slice type renders nothing for shoppers
 * and a visible notice in development (and in the slice simulator), so a model pushed before its
 * component is noticed, not shipped broken.
 */
export function SliceZone({
  slices,
  title,
  showUnknown = import.meta.env.DEV,
}: {
  slices: SliceView[];
  /** The page's title, carried as the h1 by the first hero. */
  title?: string;
  showUnknown?: boolean;
}) {
  let titleUsed = false;
  const view = (slice: SliceView) => {
    switch (slice.type) {
      case "hero": {
        const heroTitle = titleUsed ? undefined : title;
        titleUsed = true;
        return <Hero slice={slice} title={heroTitle} />;
      }
      case "text_block":
        return <TextBlock slice={slice} />;
      case "image_with_text":
        return <ImageWithText slice={slice} />;
      case "call_to_action":
        return <CallToAction slice={slice} />;
      case "feature_grid":
        return <FeatureGrid slice={slice} />;
      case "image_gallery":
        return <ImageGallery slice={slice} />;
      case "faq":
        return <Faq slice={slice} />;
      case "testimonials":
        return <Testimonials slice={slice} />;
      case "featured_products":
        return <FeaturedProducts slice={slice} />;
      case "embed":
        return <Embed slice={slice} />;
      default:
        return showUnknown ? (
          <UnknownSlice sliceType={slice.type === "unknown" ? slice.sliceType : slice.type} />
        ) : null;
    }
  };
  return slices.map((slice) => (
    <PartSuspense key={slice.id} fallback={null}>
      {view(slice)}
    </PartSuspense>
  ));
}

/** Whether the first slice is a hero, which then carries the page's h1. */
export const startsWithHero = (slices: SliceView[]) => slices[0]?.type === "hero";
