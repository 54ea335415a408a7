import { useEffect, useState } from "react";

/**
 * False in the server's HTML and until React takes over the page: controls that need JavaScript
 * (a ticker's buttons, an auto-submitting select) know whether to offer their no-JS fallback.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
