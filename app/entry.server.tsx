import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
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

const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce } = loadContext.get(requestInfoContext);
  // Crawlers and scriptless phones get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A render that has not finished in time is cut short; one that has must not leave its timer behind.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslatorContext.Provider value={getTranslator(loadContext)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </TranslatorContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          clearTimeout(timer);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render failed");
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
}
