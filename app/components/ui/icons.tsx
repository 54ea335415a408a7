import { siFacebook, siInstagram, siTiktok, siX, siYoutube } from "simple-icons";

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

function Brand({ path, className }: IconProps & { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={path} />
    </svg>
  );
}

// LinkedIn's mark is not in simple-icons (the brand asked for its removal): a plain "in" tile.
const LINKEDIN =
  "M3 3h18v18H3V3Zm4.2 7.6v7h2.3v-7H7.2Zm1.15-3.5a1.33 1.33 0 1 0 0 2.66 1.33 1.33 0 0 0 0-2.66Zm3.1 3.5v7h2.3v-3.7c0-1 .2-1.9 1.4-1.9 1.2 0 1.2 1.1 1.2 2v3.6h2.3v-4.1c0-2-.4-3.5-2.8-3.5-1.1 0-1.9.6-2.2 1.2v-.6h-2.5Z";

export const SOCIAL_ICON_PATHS = {
  Facebook: siFacebook.path,
  Instagram: siInstagram.path,
  LinkedIn: LINKEDIN,
  TikTok: siTiktok.path,
  X: siX.path,
  YouTube: siYoutube.path,
} as const;

export function SocialIcon({
  platform,
  className,
}: IconProps & { platform: keyof typeof SOCIAL_ICON_PATHS }) {
  return <Brand path={SOCIAL_ICON_PATHS[platform]} className={className} />;
}
