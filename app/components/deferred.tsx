import { Component, type ComponentType, memo, type ReactNode } from "react";
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
  // Memoised: a render of the page around a part that has not hydrated yet would reach its
  // server markup as an update, and React answers an update it cannot hydrate at once (outside a
  // transition) by dropping that markup and rendering the part afresh, losing whatever the shopper
  // had typed or chosen in it. With the same props, the page's renders stop here.
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part, at module level.
  return memo(function Deferred(props: Props) {
    return (
      <PartBoundary>
        <PartSuspense fallback={null}>
          <Part {...props} />
        </PartSuspense>
      </PartBoundary>
    );
  }) as unknown as ComponentType<Props>;
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
