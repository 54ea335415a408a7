import type { SliceView } from "../lib/content/slices";
import CallToAction from "./call-to-action";
import Embed from "./embed";
import Faq from "./faq";
import FeatureGrid from "./feature-grid";
import FeaturedProducts from "./featured-products";
import Hero from "./hero";
import ImageGallery from "./image-gallery";
import ImageWithText from "./image-with-text";
import Testimonials from "./testimonials";
import TextBlock from "./text-block";

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
  return slices.map((slice) => {
    switch (slice.type) {
      case "hero": {
        const heroTitle = titleUsed ? undefined : title;
        titleUsed = true;
        return <Hero key={slice.id} slice={slice} title={heroTitle} />;
      }
      case "text_block":
        return <TextBlock key={slice.id} slice={slice} />;
      case "image_with_text":
        return <ImageWithText key={slice.id} slice={slice} />;
      case "call_to_action":
        return <CallToAction key={slice.id} slice={slice} />;
      case "feature_grid":
        return <FeatureGrid key={slice.id} slice={slice} />;
      case "image_gallery":
        return <ImageGallery key={slice.id} slice={slice} />;
      case "faq":
        return <Faq key={slice.id} slice={slice} />;
      case "testimonials":
        return <Testimonials key={slice.id} slice={slice} />;
      case "featured_products":
        return <FeaturedProducts key={slice.id} slice={slice} />;
      case "embed":
        return <Embed key={slice.id} slice={slice} />;
      default:
        return showUnknown ? (
          <UnknownSlice
            key={slice.id}
            sliceType={slice.type === "unknown" ? slice.sliceType : slice.type}
          />
        ) : null;
    }
  });
}

/** Whether the first slice is a hero, which then carries the page's h1. */
export const startsWithHero = (slices: SliceView[]) => slices[0]?.type === "hero";
