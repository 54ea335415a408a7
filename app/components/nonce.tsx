import { createContext, useContext } from "react";

/** The per-request CSP nonce; only the server knows it, the browser never needs it again. */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
