import { Component, type ComponentType, type ReactNode } from "react";
import { lazyComponent } from "./lazy";
import { PartSuspense } from "./part-suspense";

/**
 * A part of the page whose code the first load leaves out: the server renders it in full, and the
 * browser hydrates it when first idle or at the shopper's first touch, key or focus
 * (`lazyComponent`'s "when-idle"). Until then its markup works as it does without JavaScript.
 * Use it for parts that a first view does not need to be interactive at once: the shell around
 * the page, a product's gallery and buy box (docs/decisions/001-javascript-budget.md).
 */
export function deferred<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const Part = lazyComponent(load, { hydrate: "when-idle" }) as ComponentType<Props>;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level.
  return function Deferred(props: Props) {
    return (
      <PartBoundary>
        <PartSuspense fallback={null}>
          <Part {...props} />
        </PartSuspense>
      </PartBoundary>
    );
  };
}

/**
 * If a part's code cannot load (a deploy removed it, and the one reload of product §4 did not
 * help), the page goes on without it rather than failing as a whole.
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
