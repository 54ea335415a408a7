import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { ShellLink } from "../../lib/content/shell.server";
import { CartButton } from "../cart/cart-button";
import { PauseIcon, PlayIcon, UserIcon } from "../ui/icons";

/** product §4, §9: the carousel advances every 10 s and wraps to the first slide. */
export const ANNOUNCEMENT_INTERVAL_MS = 10_000;

export function nextSlide(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}

function AnnouncementCarousel({ announcements }: { announcements: ShellLink[] }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const count = announcements.length;
  // Hovering or focusing the carousel holds the current slide, as Pause does (WCAG 2.2.2).
  const rotating = count > 1 && !hovered && !focused && !stopped;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => {
      // No motion for those who ask for none.
      if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
      setIndex((current) => nextSlide(current, count));
    }, ANNOUNCEMENT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  if (count === 0) return <div className="flex-1" />;

  return (
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: hover and focus only hold the slide; they are no action of their own.
    <section
      aria-roledescription="carousel"
      aria-label="Announcements"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      className="flex min-w-0 flex-1 items-center gap-2"
    >
      {count > 1 ? (
        <button
          type="button"
          onClick={() => setStopped((value) => !value)}
          aria-label={stopped ? "Play announcements" : "Pause announcements"}
          className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-white/15"
        >
          {stopped ? <PlayIcon className="size-4" /> : <PauseIcon className="size-4" />}
        </button>
      ) : null}
      <div className="min-w-0 flex-1 text-center" aria-live={rotating ? "off" : "polite"}>
        {announcements.map((announcement, slide) => (
          // biome-ignore lint/a11y/useSemanticElements: WAI-ARIA's carousel pattern marks each slide as a group.
          <div
            key={`${announcement.href}-${announcement.label}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${slide + 1} of ${count}`}
            hidden={slide !== index}
          >
            <Link
              to={announcement.href}
              className="block truncate text-sm font-medium underline-offset-2 hover:underline"
            >
              {announcement.label}
            </Link>
          </div>
        ))}
      </div>
    </section>
  );
}

export function AnnouncementBar({
  announcements,
  signedIn,
  cartQuantity,
}: {
  announcements: ShellLink[];
  signedIn: boolean;
  cartQuantity: number;
}) {
  return (
    <div className="bg-lagoon-800 text-white">
      <div className="container-page flex h-11 items-center gap-3">
        <AnnouncementCarousel announcements={announcements} />
        <div className="flex shrink-0 items-center gap-1">
          <Link
            to={signedIn ? "/account" : "/login"}
            className="inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-sm font-medium hover:bg-white/15"
          >
            <UserIcon className="size-5" />
            <span>{signedIn ? "My Account" : "Sign In"}</span>
          </Link>
          <CartButton totalQuantity={cartQuantity} />
        </div>
      </div>
    </div>
  );
}
