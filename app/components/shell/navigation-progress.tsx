import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

// product §4: a navigation that takes longer than this shows the bar; a quick one shows nothing,
// so most page changes do not flash.
export const PROGRESS_DELAY_MS = 300;

/**
 * A slim bar at the top of the window while a slow navigation loads. Screen readers hear one
 * polite "Loading" when it appears, nothing for quick navigations.
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!busy) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  return (
    <>
      {shown ? (
        <div
          role="progressbar"
          aria-label="Loading page"
          className="pointer-events-none fixed inset-x-0 top-0 z-50 h-1"
        >
          {/* Light on the announcement bar (6.8:1), with a dark edge for pages without one. */}
          <div className="navigation-progress h-full border-b border-lagoon-700 bg-lagoon-200" />
        </div>
      ) : null}
      {/* A bare live region, not role="status": pages keep their own status messages to themselves. */}
      <p aria-live="polite" className="sr-only">
        {shown ? "Loading" : ""}
      </p>
    </>
  );
}
