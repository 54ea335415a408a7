import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import type { NavigationItem } from "../../lib/content/shell.server";
import { CartButton } from "../cart/cart-button";
import { SearchBox } from "../search/search-box";
import { CloseButton } from "../ui/close-button";
import { ChevronDownIcon, MenuIcon } from "../ui/icons";
import { useAfterNavigation } from "../ui/use-after-navigation";
import { isCurrentPath } from "./current-page";

const NAVIGATION_ID = "site-navigation";
/** Where the navigation becomes a row in the header: app.css's `--breakpoint-nav`. */
const WIDE_SCREEN = "(width >= 1081px)";
const DROPDOWN_GROUP = "main-navigation";
const openDropdowns = () =>
  document.querySelectorAll<HTMLDetailsElement>(`details[name="${DROPDOWN_GROUP}"][open]`);
const openPanel = () =>
  document.querySelector<HTMLElement>(`#${NAVIGATION_ID}:popover-open`) ?? undefined;

/** A section's entries: the section's own page first, where it has one, then its children. */
function SubLinks({ item }: { item: NavigationItem }) {
  return (
    <>
      {item.href ? (
        <li>
          <Link
            to={item.href}
            className="block rounded-md px-3 py-2 font-medium text-lagoon-800 hover:bg-lagoon-50"
          >
            All {item.label}
          </Link>
        </li>
      ) : null}
      {item.children.map((child) => (
        <li key={child.href}>
          <Link
            to={child.href}
            className="block rounded-md px-3 py-2 text-slate-700 hover:bg-lagoon-50"
          >
            {child.label}
          </Link>
        </li>
      ))}
    </>
  );
}

/**
 * A section is a <details> disclosure: it opens and closes by keyboard and without JavaScript. On
 * wide screens its entries drop down below the header; in the small screens' panel they unfold in
 * place. With JavaScript it also closes on Escape, on a click elsewhere and after navigation (the
 * header's effects below).
 */
function Section({ item }: { item: NavigationItem }) {
  return (
    <details name={DROPDOWN_GROUP} className="group relative">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-1 rounded-md px-3 py-3 text-lg font-medium text-lagoon-900 hover:bg-lagoon-50 nav:py-2 nav:text-base [&::-webkit-details-marker]:hidden">
        {item.label}
        <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180 nav:size-4" />
      </summary>
      <ul className="mb-2 ml-3 border-l border-lagoon-100 pl-3 nav:absolute nav:top-full nav:left-0 nav:z-30 nav:mt-1 nav:mb-0 nav:ml-0 nav:w-64 nav:rounded-lg nav:border nav:border-slate-200 nav:bg-white nav:p-2 nav:shadow-lg">
        <SubLinks item={item} />
      </ul>
    </details>
  );
}

/**
 * The one main navigation, for every width (product §9): a row in the header from the nav
 * breakpoint, and below it a panel that the menu button slides in from the left. The panel is a
 * popover, so it opens without JavaScript, and Escape or a click outside it closes it
 * (`.site-navigation` in app.css).
 */
function MainNavigation({
  navigation,
  currentPath,
}: {
  navigation: NavigationItem[];
  currentPath: string;
}) {
  return (
    <nav id={NAVIGATION_ID} aria-label="Main" popover="auto" className="site-navigation">
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4 nav:hidden">
        <span className="text-lg font-semibold text-lagoon-900">Menu</span>
        <CloseButton label="Close menu" popoverTarget={NAVIGATION_ID} popoverTargetAction="hide" />
      </div>
      <ul className="space-y-1 px-3 py-4 nav:flex nav:items-center nav:gap-1 nav:space-y-0 nav:p-0">
        {navigation.map((item) => (
          <li key={item.label}>
            {item.children.length > 0 ? (
              <Section item={item} />
            ) : (
              <Link
                to={item.href ?? "/"}
                aria-current={isCurrentPath(item.href ?? "/", currentPath) ? "page" : undefined}
                className="block rounded-md px-3 py-3 text-lg font-medium text-lagoon-900 hover:bg-lagoon-50 aria-[current=page]:text-lagoon-600 nav:py-2 nav:text-base"
              >
                {item.label}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteHeader({
  siteName,
  navigation,
  cartQuantity,
}: {
  siteName: string;
  navigation: NavigationItem[];
  cartQuantity: number;
}) {
  const location = useLocation();

  // A navigation closes the open section and the small screens' panel.
  useAfterNavigation(location.key, () => {
    for (const details of openDropdowns()) details.open = false;
    openPanel()?.hidePopover();
  });

  // A tablet turned to landscape with the panel open: the navigation is the header's row now.
  useEffect(() => {
    const wide = window.matchMedia(WIDE_SCREEN);
    const onChange = () => {
      if (wide.matches) openPanel()?.hidePopover();
    };
    wide.addEventListener("change", onChange);
    return () => wide.removeEventListener("change", onChange);
  }, []);

  // On wide screens a click elsewhere closes the open dropdown; Escape closes it and puts focus on
  // its summary. In the small screens' panel Escape is the popover's: it closes the panel.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      for (const details of openDropdowns()) {
        if (!details.contains(event.target as Node)) details.open = false;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      if (openPanel()) return;
      for (const details of openDropdowns()) {
        if (!details.contains(event.target as Node)) continue;
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="container-page flex h-16 items-center gap-4">
        <button
          type="button"
          popoverTarget={NAVIGATION_ID}
          popoverTargetAction="show"
          aria-label="Open menu"
          className="inline-flex size-10 items-center justify-center rounded-full text-lagoon-900 hover:bg-lagoon-50 nav:hidden"
        >
          <MenuIcon className="size-6" />
        </button>
        <Link to="/" className="mr-auto flex items-center gap-2 text-lg font-bold text-lagoon-800">
          <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8">
            <circle cx="16" cy="16" r="15" fill="#1596ad" />
            <path
              d="M5 18c3-2 5-2 8 0s5 2 8 0 5-2 6-1"
              stroke="#fff"
              strokeWidth="2.4"
              fill="none"
            />
            <path
              d="M6 23c3-2 5-2 8 0s5 2 8 0 4-1.6 5-1"
              stroke="#d6f3f7"
              strokeWidth="2"
              fill="none"
            />
          </svg>
          <span>{siteName}</span>
        </Link>
        <MainNavigation navigation={navigation} currentPath={location.pathname} />
        <SearchBox />
        <CartButton
          totalQuantity={cartQuantity}
          className="text-lagoon-900 hover:bg-lagoon-50 nav:hidden"
        />
      </div>
    </header>
  );
}
