import { type ReactNode, Suspense, useEffect, useRef } from "react";

/**
 * A <Suspense> around a lazily loaded part (lazy.ts) that tells the page when the part has
 * hydrated. React hydrates a server-rendered boundary after the rest of the page, once the part's
 * code is there; until every such boundary on the page has, `data-hydrated` on <html> stays unset
 * (docs/decisions/001). Until then the part's markup works as it does without JavaScript.
 *
 * The boundary registers from outside: its own effect runs when the page around it hydrates, while
 * React has not yet looked inside it. The marker inside reports when its content is on the page.
 */
export function PartSuspense({
  fallback = null,
  children,
}: {
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const hydrated = useRef(false);
  const report = useRef<() => void>(undefined);
  useEffect(() => {
    // Rendered in the browser with its code already there: the marker's effect came first.
    if (hydrated.current) return;
    const done = expectPart();
    report.current = done;
    // Unmounted before it hydrated (the shopper moved on, or its code failed to load).
    return done;
  }, []);
  return (
    <Suspense fallback={fallback}>
      {children}
      <Hydrated
        onHydrated={() => {
          hydrated.current = true;
          report.current?.();
        }}
      />
    </Suspense>
  );
}

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: reports the first mount only.
  useEffect(onHydrated, []);
  return null;
}

let waiting = 0;
const whenNoneWaiting: (() => void)[] = [];

function expectPart() {
  waiting += 1;
  let reported = false;
  return () => {
    if (reported) return;
    reported = true;
    waiting -= 1;
    if (waiting > 0) return;
    for (const resolve of whenNoneWaiting.splice(0)) resolve();
  };
}

/** Resolves once every part rendered so far inside a <PartSuspense> has hydrated. */
export function lazyPartsHydrated(): Promise<void> {
  return waiting === 0
    ? Promise.resolve()
    : new Promise((resolve) => whenNoneWaiting.push(resolve));
}
