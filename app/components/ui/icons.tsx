// Icons are bundled at build time: the browser never fetches them from an icon service.
type IconProps = { className?: string };

function Stroke({ className, children }: IconProps & { children: React.ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      {children}
    </svg>
  );
}

export const BagIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M6 7h12l1 13H5L6 7Z" />
    <path d="M9 7V6a3 3 0 0 1 6 0v1" />
  </Stroke>
);
export const MenuIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Stroke>
);
export const CloseIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Stroke>
);
export const ChevronDownIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="m6 9 6 6 6-6" />
  </Stroke>
);
export const PauseIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M9 6v12M15 6v12" />
  </Stroke>
);
export const PlayIcon = (props: IconProps) => (
  <Stroke {...props}>
    <path d="M8 5.5v13l10-6.5-10-6.5Z" />
  </Stroke>
);
export const UserIcon = (props: IconProps) => (
  <Stroke {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20c1.5-4 4.5-6 8-6s6.5 2 8 6" />
  </Stroke>
);

/** Social platforms' marks, from the sprite scripts/social-icons.mjs writes at build time. */
export function SocialIcon({
  platform,
  className,
}: IconProps & { platform: "Facebook" | "Instagram" | "LinkedIn" | "TikTok" | "X" | "YouTube" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <use href={`/icons/social.svg#${platform.toLowerCase()}`} />
    </svg>
  );
}
