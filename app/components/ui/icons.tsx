import sprite from "./icons.svg?no-inline";

// Icons are bundled at build time: the browser never fetches them from an icon service. Their
// shapes live in one SVG sprite (icons.svg, a hashed asset the browser caches for good) that
// each icon points at with <use>, so no page carries their paths in its JavaScript.
type IconProps = { className?: string };

export type IconName =
  | "bag"
  | "menu"
  | "close"
  | "chevron-down"
  | "pause"
  | "play"
  | "user"
  | "search";

export function Icon({ name, className }: IconProps & { name: IconName }) {
  return (
    <svg aria-hidden="true" focusable="false" className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

export const BagIcon = (props: IconProps) => <Icon name="bag" {...props} />;
export const MenuIcon = (props: IconProps) => <Icon name="menu" {...props} />;
export const CloseIcon = (props: IconProps) => <Icon name="close" {...props} />;
export const ChevronDownIcon = (props: IconProps) => <Icon name="chevron-down" {...props} />;
export const PauseIcon = (props: IconProps) => <Icon name="pause" {...props} />;
export const PlayIcon = (props: IconProps) => <Icon name="play" {...props} />;
export const UserIcon = (props: IconProps) => <Icon name="user" {...props} />;
export const SearchIcon = (props: IconProps) => <Icon name="search" {...props} />;

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
