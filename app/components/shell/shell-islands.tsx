import type { ComponentProps, ComponentType } from "react";
import { deferred } from "../deferred";
import type * as Parts from "./shell-parts";

// The shell around every page (header, announcement bar, footer, cart drawer, their effects)
// hydrates when the browser is first idle or the shopper first touches the page, so a page's first
// load carries only its own content's code (docs/decisions/001-javascript-budget.md). Until then
// the server's markup works as it does without JavaScript: links, the search form, the newsletter
// form, the dropdowns (<details>) and the drawers (<dialog> opened by invoker commands).

type PartName = keyof typeof Parts & Capitalize<string>;
type PropsOf<Name extends PartName> = ComponentProps<(typeof Parts)[Name]> & object;

// One import for all the shell's parts: they hydrate from one chunk, asked for once.
let loading: Promise<typeof Parts> | undefined;
const loadParts = () => {
  loading ??= import("./shell-parts").catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
};

const part = <Name extends PartName>(name: Name) =>
  deferred(() => loadParts().then((parts) => parts[name] as ComponentType<PropsOf<Name>>));

export const Announcements = part("Announcements");
export const Header = part("Header");
export const CartNoticeBanner = part("CartNoticeBanner");
export const SiteFooter = part("SiteFooter");
export const CartDrawer = part("CartDrawer");
export const ToastHost = part("ToastHost");
export const NavigationProgress = part("NavigationProgress");
export const ShellEffects = part("ShellEffects");
