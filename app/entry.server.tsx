import { renderToString } from "react-dom/server";
import { RouterContextProvider, ServerRouter, type EntryContext } from "react-router";
import { TranslatorContext } from "./i18n/translator";
import { getTranslator } from "./services/i18n.server";
import { NonceProvider } from "./services/nonce";
import { requestInfoContext } from "./services/request-context";
import { preloadSettings } from "./services/settings.server";
import { logger } from "./services/logger.server";

// server.ts reads these from the build, so that both use the very same context object and warm-up.
export { requestInfoContext };
export async function warmUp(origin: string) {
  const context = new RouterContextProvider(
    new Map([[requestInfoContext, { nonce: "", requestId: "warm-up", clientIp: "127.0.0.1", setCookies: [] }]]),
  );
  await preloadSettings(origin, { context });
}

/**
 * The whole document, rendered at once. Nothing on the server suspends (the one lazy component, the signup modal's
 * form, renders only in the browser), so streaming would only split the same HTML into many small writes, each
 * through the response stream and the compressor: rendering to a string costs markedly less CPU per page.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  const html = renderToString(
    <NonceProvider value={nonce}>
      <TranslatorContext.Provider value={getTranslator(loadContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslatorContext.Provider>
    </NonceProvider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
}
