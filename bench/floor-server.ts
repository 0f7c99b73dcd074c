import { Writable } from "node:stream";
import { gzipSync } from "node:zlib";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { createElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { type EntryContext, Outlet, type ServerBuild, ServerRouter, useLocation } from "react-router";
import { documentElement, readDocuments } from "./anchor-document";

/**
 * The framework floor of `npm run bench`: the stack the site is built on, with nothing of the site in it. Express
 * hands each request to React Router's request handler, which matches it (a root route and two page routes, none
 * with a loader) and renders the page route's markup, the same document the anchor renders, through ServerRouter and
 * renderToPipeableStream into one gzipped body, as the site's entry.server does. No session, data, translation,
 * headers, logging or hydration scripts: what any page of the site costs at the least.
 * Run with NODE_ENV=production: `node --import tsx bench/floor-server.ts <pages.json> <port>`.
 */
const [pagesFile, port] = process.argv.slice(2);
const documents = readDocuments(pagesFile!);

function Page() {
  const { pathname, search } = useLocation();
  const tree = documents.get(pathname + search);
  if (!tree) throw new Response(null, { status: 404 });
  return documentElement(tree);
}

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  return new Promise<Response>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        headers.set("Content-Type", "text/html; charset=utf-8");
        headers.set("Content-Encoding", "gzip");
        resolve(new Response(gzipSync(Buffer.concat(chunks)), { status, headers }));
        done();
      },
    });
    const { pipe } = renderToPipeableStream(createElement(ServerRouter, { context, url: request.url }), {
      onAllReady: () => pipe(body),
      onShellError: reject,
    });
  });
}

const routeAssets = (id: string, path: string | undefined) => ({
  id,
  path,
  parentId: id === "root" ? undefined : "root",
  hasAction: false,
  hasLoader: false,
  hasClientAction: false,
  hasClientLoader: false,
  hasClientMiddleware: false,
  hasDefaultExport: true,
  hasErrorBoundary: false,
  module: `/${id}.js`,
  imports: [],
  css: [],
});
const build = {
  entry: { module: { default: handleRequest } },
  routes: {
    root: { id: "root", path: "", module: { default: Outlet } },
    home: { id: "home", parentId: "root", index: true, module: { default: Page } },
    page: { id: "page", parentId: "root", path: "*", module: { default: Page } },
  },
  assets: {
    entry: { module: "/entry.js", imports: [], css: [] },
    routes: { root: routeAssets("root", ""), home: routeAssets("home", undefined), page: routeAssets("page", "*") },
    url: "/manifest.js",
    version: "1",
  },
  basename: "/",
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
} as unknown as ServerBuild;

const app = express();
app.disable("x-powered-by");
app.all("*splat", createRequestHandler({ build, mode: "production" }));
app.listen(Number(port), "127.0.0.1");
