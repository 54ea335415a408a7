import type { ComponentProps } from "react";
import { useLocation } from "react-router";
import type { ShellLink } from "../../lib/content/shell.server";
import { useCartQuantity } from "../cart/use-cart";
import { SharedMarkup } from "../shared-markup";
import { AnnouncementBar } from "./announcement-bar";
import { currentNavigation } from "./current-page";
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

// The announcement bar, header and footer are rendered once for all the pages that show them
// alike, and pasted into the others (<SharedMarkup>, decision 009). Their source is a part of the
// cached shell: a new shell (new content) is a new object, rendered anew.

/** The announcement bar differs only in its account link (signed in or not) and cart badge. */
export function Announcements(props: { announcements: ShellLink[]; signedIn: boolean }) {
  const cartQuantity = useCartQuantity();
  return (
    <SharedMarkup source={props.announcements} variant={`${props.signedIn} ${cartQuantity}`}>
      <AnnouncementBar {...props} cartQuantity={cartQuantity} />
    </SharedMarkup>
  );
}

/** The header differs from page to page only in its current link and the cart's badge. */
export function Header(props: Omit<ComponentProps<typeof SiteHeader>, "cartQuantity">) {
  const { pathname } = useLocation();
  const cartQuantity = useCartQuantity();
  return (
    <SharedMarkup
      source={props.navigation}
      variant={`${currentNavigation(props.navigation, pathname)} ${cartQuantity}`}
    >
      <SiteHeader {...props} cartQuantity={cartQuantity} />
    </SharedMarkup>
  );
}

/** The footer is the same on every page, but for a sign-up's outcome (the shopper's own). */
export function SiteFooter(props: ComponentProps<typeof Footer>) {
  return (
    <SharedMarkup source={props.shell} variant={props.newsletter ? null : `footer ${props.year}`}>
      <Footer {...props} />
    </SharedMarkup>
  );
}

/** What the shell does without markup of its own: page views for GTM, the new-build check. */
export function ShellEffects({ tagManager }: { tagManager: boolean }) {
  useTagManagerPageViews(tagManager);
  useNewBuildReload();
  return null;
}
