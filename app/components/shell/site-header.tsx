import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import type { NavigationItem } from "../../lib/content/shell.server";
import { CartButton } from "../cart/cart-button";
import { SearchBox } from "../search/search-box";
import { ChevronDownIcon, CloseIcon, MenuIcon } from "../ui/icons";
import { useAfterNavigation } from "../ui/use-after-navigation";
import { isCurrentPath } from "./current-page";

const MOBILE_MENU_ID = "mobile-menu";
const DROPDOWN_GROUP = "main-navigation";
const openDropdowns = () =>
  document.querySelectorAll<HTMLDetailsElement>(`details[name="${DROPDOWN_GROUP}"][open]`);

/** A dropdown's entries: the section's own page first, where it has one, then its children. */
function SubLinks({
  item,
  className,
  firstClassName,
}: {
  item: NavigationItem;
  className: string;
  firstClassName: string;
}) {
  return (
    <>
      {item.href ? (
        <li>
          <Link to={item.href} className={firstClassName}>
            All {item.label}
          </Link>
        </li>
      ) : null}
      {item.children.map((child) => (
        <li key={child.href}>
          <Link to={child.href} className={className}>
            {child.label}
          </Link>
        </li>
      ))}
    </>
  );
}

/**
 * A dropdown is a <details> disclosure: it opens and closes by keyboard and without JavaScript.
 * With JavaScript it also closes on Escape, on a click elsewhere and after navigation (the
 * header's effects below).
 */
function Dropdown({ item }: { item: NavigationItem }) {
  return (
    <details name={DROPDOWN_GROUP} className="group relative">
      <summary className="flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 font-medium text-lagoon-900 hover:bg-lagoon-50 [&::-webkit-details-marker]:hidden">
        {item.label}
        <ChevronDownIcon className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute top-full left-0 z-30 mt-1 w-64 rounded-lg border border-slate-200 bg-white p-2 shadow-lg">
        <SubLinks
          item={item}
          firstClassName="block rounded-md px-3 py-2 font-medium text-lagoon-800 hover:bg-lagoon-50"
          className="block rounded-md px-3 py-2 text-slate-700 hover:bg-lagoon-50"
        />
      </ul>
    </details>
  );
}

function DesktopNavigation({
  navigation,
  currentPath,
}: {
  navigation: NavigationItem[];
  currentPath: string;
}) {
  return (
    <nav aria-label="Main" className="hidden nav:block">
      <ul className="flex items-center gap-1">
        {navigation.map((item) => (
          <li key={item.label}>
            {item.children.length > 0 ? (
              <Dropdown item={item} />
            ) : (
              <Link
                to={item.href ?? "/"}
                aria-current={isCurrentPath(item.href ?? "/", currentPath) ? "page" : undefined}
                className="block rounded-md px-3 py-2 font-medium text-lagoon-900 hover:bg-lagoon-50 aria-[current=page]:text-lagoon-600"
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

function MobileMenu({ navigation }: { navigation: NavigationItem[] }) {
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is a pointer affordance; Escape is the keyboard equivalent.
    <dialog
      id={MOBILE_MENU_ID}
      aria-label="Menu"
      closedby="any"
      className="drawer drawer-left"
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
    >
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <span className="text-lg font-semibold text-lagoon-900">Menu</span>
        <button
          type="button"
          commandfor={MOBILE_MENU_ID}
          command="close"
          aria-label="Close menu"
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100"
        >
          <CloseIcon className="size-6" />
        </button>
      </div>
      <nav aria-label="Mobile" className="px-3 py-4">
        <ul className="space-y-1">
          {navigation.map((item) => (
            <li key={item.label}>
              {item.children.length > 0 ? (
                <details name="mobile-navigation" className="group">
                  <summary className="flex cursor-pointer list-none items-center justify-between rounded-md px-3 py-3 text-lg font-medium text-lagoon-900 hover:bg-lagoon-50 [&::-webkit-details-marker]:hidden">
                    {item.label}
                    <ChevronDownIcon className="size-5 transition-transform group-open:rotate-180" />
                  </summary>
                  <ul className="mb-2 ml-3 border-l border-lagoon-100 pl-3">
                    <SubLinks
                      item={item}
                      firstClassName="block rounded-md px-3 py-2 font-medium text-lagoon-800"
                      className="block rounded-md px-3 py-2 text-slate-700"
                    />
                  </ul>
                </details>
              ) : (
                <Link
                  to={item.href ?? "/"}
                  className="block rounded-md px-3 py-3 text-lg font-medium text-lagoon-900 hover:bg-lagoon-50"
                >
                  {item.label}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </dialog>
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

  // A navigation closes the open dropdown and the mobile menu.
  useAfterNavigation(location.key, () => {
    for (const details of openDropdowns()) details.open = false;
    (document.getElementById(MOBILE_MENU_ID) as HTMLDialogElement | null)?.close();
  });

  // A click elsewhere closes the open dropdown; Escape closes it and puts focus on its summary.
  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      for (const details of openDropdowns()) {
        if (!details.contains(event.target as Node)) details.open = false;
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
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
          commandfor={MOBILE_MENU_ID}
          command="show-modal"
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
        <DesktopNavigation navigation={navigation} currentPath={location.pathname} />
        <SearchBox />
        <CartButton
          totalQuantity={cartQuantity}
          className="text-lagoon-900 hover:bg-lagoon-50 nav:hidden"
        />
      </div>
      <MobileMenu navigation={navigation} />
    </header>
  );
}
