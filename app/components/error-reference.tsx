import { createContext, useContext, useEffect } from "react";

/**
 * The request's id on an error page, which a shopper can quote and the operator find in the log.
 * Only the server knows it (it is not in the page's data): in the browser, hydration keeps the
 * reference the server rendered; an error met later in the browser, with no page from the
 * server, shows none.
 */
const RequestReferenceContext = createContext<string | undefined>(undefined);

export const RequestReferenceProvider = RequestReferenceContext.Provider;

const REFERENCE_ID = "error-reference";
let hydrating = typeof document !== "undefined";

export function ErrorReference() {
  const fromServer = useContext(RequestReferenceContext);
  const reference =
    fromServer ??
    (hydrating ? (document.getElementById(REFERENCE_ID)?.textContent ?? undefined) : undefined);
  useEffect(() => {
    hydrating = false;
  }, []);
  if (!reference) return null;
  return (
    <p className="mt-4 text-sm text-slate-600">
      Reference: <code id={REFERENCE_ID}>{reference}</code>
    </p>
  );
}
