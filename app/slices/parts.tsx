import { Link } from "react-router";
import type { ContentImage } from "../lib/content/fields";

/** Building blocks the slice components share. */

export function isInternalHref(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//");
}

/** Client-side navigation inside the shop, a plain link anywhere else. */
export function SmartLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return isInternalHref(href) ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}

export function ButtonLink({
  href,
  children,
  tone = "dark",
}: {
  href: string;
  children: React.ReactNode;
  tone?: "dark" | "light";
}) {
  const colours =
    tone === "dark"
      ? "bg-lagoon-700 text-white hover:bg-lagoon-800"
      : "bg-white text-lagoon-900 hover:bg-lagoon-50";
  return (
    <SmartLink
      href={href}
      className={`inline-flex rounded-md px-5 py-3 font-semibold shadow-sm ${colours}`}
    >
      {children}
    </SmartLink>
  );
}

/** HTML serialised on the server by Prismic's `asHTML`, which escapes all text. */
export function RichHtml({ html, className }: { html: string; className?: string }) {
  if (!html) return null;
  return (
    <div
      className={className ?? "prose-content text-slate-700"}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: produced by Prismic's serializer, which escapes text.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export function ContentImg({
  image,
  sizes,
  className,
  priority = false,
}: {
  image: ContentImage;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcSet}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      fetchPriority={priority ? "high" : undefined}
      className={className}
    />
  );
}

export function SliceHeading({ children }: { children: React.ReactNode }) {
  if (!children) return null;
  return <h2 className="text-3xl font-bold tracking-tight text-lagoon-900">{children}</h2>;
}
