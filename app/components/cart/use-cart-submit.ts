import { useCallback, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { CartActionData } from "../../lib/commerce/cart-action.server";
import { CART_ACTION } from "../../lib/commerce/cart-pending";
import { useFetcherAnswer } from "../ui/use-fetcher-answer";
import { showToast } from "./toast-queue";

// How long a failed cart change is shown is Lagoon's own rule (product §9): the longer toast time.
const ERROR_TOAST_MS = 5_000;

/**
 * Sends a cart form through a fetcher: the drawer shows the change at once (use-cart.ts reads it
 * back from the fetcher), the server's answer replaces it, and a failure rolls it back and says
 * why in a toast.
 */
export function useCartSubmit() {
  const fetcher = useFetcher<CartActionData>();
  const inFlight = useRef(false);

  // Settled once the fetcher is idle again; its answer counts too, in case a render showed none of
  // the states in between.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer means a settled change.
  useEffect(() => {
    if (fetcher.state === "idle") inFlight.current = false;
  }, [fetcher.state, fetcher.data]);

  useFetcherAnswer(fetcher, (answer) => {
    if (!answer.ok) showToast({ title: answer.error, kind: "error", durationMs: ERROR_TOAST_MS });
  });

  const { submit: send } = fetcher;
  /**
   * Submits `form` (plus `extra` fields); with `once`, a second call while the first is on its
   * way does nothing (a double click adds once). Returns whether it submitted.
   */
  const submit = useCallback(
    (form: HTMLFormElement, options: { extra?: Record<string, string>; once?: boolean } = {}) => {
      if (options.once && inFlight.current) return false;
      inFlight.current = true;
      const formData = new FormData(form);
      // Only a browser posting the form itself needs to be sent back to the page.
      formData.delete("redirectTo");
      for (const [name, value] of Object.entries(options.extra ?? {})) formData.set(name, value);
      void send(formData, { method: "post", action: CART_ACTION });
      return true;
    },
    [send],
  );

  return {
    submit,
    pending: fetcher.state !== "idle",
    /**
     * Whether a change is on its way now. `pending` is as of the last render, and React Router's
     * state reaches a render in a transition: a second press can come before it, on a slow phone.
     */
    sending: useCallback(() => inFlight.current, []),
    answer: fetcher.data,
  };
}
