import {
  Component,
  type ComponentProps,
  type ComponentType,
  type ReactNode,
  Suspense,
} from "react";
import { lazyComponent } from "../lazy";
import type * as Parts from "./shell-parts";

// The shell around every page (header, announcement bar, footer, cart drawer, their effects)
// hydrates when the browser is first idle or the shopper first touches the page, so a page's first
// load carries only its own content's code (docs/decisions/001-javascript-budget.md). Until then
// the server's markup works as it does without JavaScript: links, the search form, the newsletter
// form, the dropdowns (<details>) and the drawers (<dialog> opened by invoker commands).

type PartName = keyof typeof Parts & Capitalize<string>;
type PropsOf<Name extends PartName> = ComponentProps<(typeof Parts)[Name]>;

const loadParts = () => import("./shell-parts");

function part<Name extends PartName>(name: Name) {
  return lazyComponent<PropsOf<Name>>(
    () => loadParts().then((parts) => parts[name] as ComponentType<PropsOf<Name>>),
    { hydrate: "when-idle" },
  );
}

/**
 * If the parts' code cannot load (a deploy removed it, and the one reload of product §4 did not
 * help), the page goes on without them rather than failing as a whole.
 */
class PartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

function island<Name extends PartName>(name: Name) {
  const Part = part(name) as ComponentType<PropsOf<Name> & object>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level below.
  return function Island(props: PropsOf<Name>) {
    return (
      <PartBoundary>
        <Suspense fallback={null}>
          <Part {...(props as PropsOf<Name> & object)} />
        </Suspense>
      </PartBoundary>
    );
  };
}

export const Announcements = island("Announcements");
export const Header = island("Header");
export const CartNoticeBanner = island("CartNoticeBanner");
export const SiteFooter = island("SiteFooter");
export const CartDrawer = island("CartDrawer");
export const ToastHost = island("ToastHost");
export const NavigationProgress = island("NavigationProgress");
export const ShellEffects = island("ShellEffects");
