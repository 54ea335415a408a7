import type { ComponentProps } from "react";
import type { ShellLink } from "../../lib/content/shell.server";
import { useCartQuantity } from "../cart/use-cart";
import { AnnouncementBar } from "./announcement-bar";
import { useTagManagerPageViews } from "./data-layer";
import { useNewBuildReload } from "./new-build";
import { SiteFooter as Footer } from "./site-footer";
import { SiteHeader } from "./site-header";

// The shell's interactive parts, hydrated after the page's own content (shell-islands.tsx,
// docs/decisions/001-javascript-budget.md): one chunk, fetched when the browser is first idle.

export { CartDrawer } from "../cart/cart-drawer";
export { CartNoticeBanner } from "../cart/cart-notice";
export { ToastHost } from "../cart/toaster";
export { NavigationProgress } from "./navigation-progress";

/** The announcement bar, with the shopper's account link and cart badge. */
export function Announcements(props: { announcements: ShellLink[]; signedIn: boolean }) {
  const cartQuantity = useCartQuantity();
  return <AnnouncementBar {...props} cartQuantity={cartQuantity} />;
}

/** The header, with the cart's badge. */
export function Header(props: Omit<ComponentProps<typeof SiteHeader>, "cartQuantity">) {
  const cartQuantity = useCartQuantity();
  return <SiteHeader {...props} cartQuantity={cartQuantity} />;
}

export { Footer as SiteFooter };

/** What the shell does without markup of its own: page views for GTM, the new-build check. */
export function ShellEffects({ tagManager }: { tagManager: boolean }) {
  useTagManagerPageViews(tagManager);
  useNewBuildReload();
  return null;
}
