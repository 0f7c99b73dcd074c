import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, RouterContextProvider, ServerRouter } from "react-router";
import { TranslatorContext } from "./i18n/translator";
import { compressDocument } from "./services/compress-document.server";
import { getTranslator } from "./services/i18n.server";
import { logger } from "./services/logger.server";
import { withMatchedRoutesOnly } from "./services/matched-routes.server";
import { memberState } from "./services/member-state.server";
import { withoutModulePreloads } from "./services/module-preloads.server";
import { NonceProvider } from "./services/nonce";
import { requestInfoContext } from "./services/request-context";
import { preloadSettings } from "./services/settings.server";
import { dropWebSiteCaches } from "./services/site-caches.server";
import { closeEventStreams } from "./services/sse.server";
import { visitorPageVariant } from "./services/visitor-page-variant.server";

// server.ts reads these from the build, so that both use the very same context object, warm-up and caches.
export { closeEventStreams, dropWebSiteCaches, memberState, requestInfoContext, visitorPageVariant };
export async function warmUp(origin: string) {
  const context = new RouterContextProvider(
    new Map([[requestInfoContext, { nonce: "", requestId: "warm-up", clientIp: "127.0.0.1", setCookies: [] }]]),
  );
  await preloadSettings(origin, { context });
}

const renderTimeout = 6_000;

/**
 * The whole document, rendered before it is sent, as one body. Nothing on the server suspends but React Router's
 * own data script, so streaming would only split the same HTML into many small writes, each through the response
 * stream and the compressor: one body costs markedly less CPU per page. (renderToString cannot be used: it leaves
 * that data script's Suspense boundary to the browser, and the page would never hydrate.)
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, keepDocument } = loadContext.get(requestInfoContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        const html = withoutModulePreloads(Buffer.concat(chunks));
        // The visitor page cache (server/visitor-page-cache.ts) keeps the document as rendered, before compression.
        keepDocument?.(html);
        resolve(
          new Response(compressDocument(request.headers.get("accept-encoding"), html, responseHeaders), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <TranslatorContext.Provider value={getTranslator(loadContext)}>
          <ServerRouter context={withMatchedRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
        </TranslatorContext.Provider>
      </NonceProvider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady: () => pipe(body),
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Before the shell, React Router handles the error (handleError below logs it).
          if (shellRendered) logger.error({ err: error }, "render failed");
        },
      },
    );
    // A render that has not finished in time is cut short; one that has must not leave its timer behind.
    const timer = setTimeout(() => abort(), renderTimeout);
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logger.error({ err: error, path: new URL(request.url).pathname }, "request failed");
}
