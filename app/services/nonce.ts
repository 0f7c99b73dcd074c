import { createContext, useContext } from "react";

/** The CSP nonce of this response, given by entry.server; empty in the browser, which hides it. */
export const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
