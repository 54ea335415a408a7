import { useEffect, useRef } from "react";

/**
 * Runs `effect` when the shopper moves to another page (`key` changes), not when the page first
 * wakes: a drawer or menu opened before the page's code woke stays open through hydration.
 */
export function useAfterNavigation(key: string, effect: () => void) {
  const shown = useRef(key);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    latest.current();
  }, [key]);
}
