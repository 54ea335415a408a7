import type { Image } from "../../lib/commerce/types";

/** product §9's responsive widths; Shopify's CDN (and the emulator) resize by `width`. */
export const IMAGE_WIDTHS = [640, 828, 1200, 2048, 3840] as const;

export function imageUrl(url: string, width: number): string {
  const resized = new URL(url);
  resized.searchParams.set("width", String(width));
  return resized.toString();
}

export function imageSrcSet(image: Image, maxWidth = Number.POSITIVE_INFINITY): string {
  const widths = IMAGE_WIDTHS.filter(
    (width) => width <= maxWidth && (image.width ?? Infinity) >= width,
  );
  const usable = widths.length > 0 ? widths : [IMAGE_WIDTHS[0]];
  return usable.map((width) => `${imageUrl(image.url, width)} ${width}w`).join(", ");
}

export function ProductImage({
  image,
  sizes,
  priority = false,
  eager = priority,
  className,
  alt,
}: {
  image: Image;
  sizes: string;
  /** The page's largest image above the fold (its LCP): loaded first, never lazily. */
  priority?: boolean;
  /** Above the fold but not the largest: loaded at once, at normal priority. */
  eager?: boolean;
  className?: string;
  alt?: string;
}) {
  const width = image.width ?? 1200;
  const height = image.height ?? 1200;
  return (
    <img
      src={imageUrl(image.url, 828)}
      srcSet={imageSrcSet(image)}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt ?? image.altText ?? ""}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : "auto"}
      decoding={priority ? "sync" : "async"}
      className={className}
    />
  );
}
