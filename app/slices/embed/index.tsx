import type { SliceOf } from "../../lib/content/slices";
import { SliceHeading } from "../parts";

/**
 * A YouTube video (privacy-enhanced host) or a Google map; both hosts are the only frames the
 * CSP allows. A plain link under each keeps the content reachable where frames are blocked.
 */
export default function Embed({ slice }: { slice: SliceOf<"embed"> }) {
  const { media } = slice;
  const frame =
    media.kind === "video"
      ? {
          src: `https://www.youtube-nocookie.com/embed/${media.videoId}`,
          title: media.title,
          link: `https://www.youtube.com/watch?v=${media.videoId}`,
          linkLabel: `Watch “${media.title}” on YouTube`,
          caption: media.caption,
        }
      : {
          src: `https://www.google.com/maps?q=${encodeURIComponent(media.query)}&output=embed`,
          title: `Map of ${media.address || media.query}`,
          link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(media.query)}`,
          linkLabel: "Open the map in Google Maps",
          caption: media.address,
        };
  return (
    <section className="container-page py-12">
      <SliceHeading>{slice.heading}</SliceHeading>
      <figure className="mt-6">
        <iframe
          src={frame.src}
          title={frame.title}
          loading="lazy"
          referrerPolicy="strict-origin-when-cross-origin"
          allowFullScreen
          className="aspect-video w-full rounded-xl border-0 bg-slate-100"
        />
        <figcaption className="mt-2 text-sm text-slate-600">
          {frame.caption ? <span>{frame.caption} · </span> : null}
          <a href={frame.link} className="text-lagoon-700 underline underline-offset-2">
            {frame.linkLabel}
          </a>
        </figcaption>
      </figure>
    </section>
  );
}
