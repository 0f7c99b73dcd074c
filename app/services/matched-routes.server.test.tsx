import { PassThrough } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream } from "react-dom/server";
import {
  createRequestHandler,
  type EntryContext,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  type ServerBuild,
  ServerRouter,
  useLoaderData,
} from "react-router";
import { expect, test } from "vitest";
import { withMatchedRoutesOnly } from "./matched-routes.server";

// A small site through React Router's own request handler: a root with the document's head and scripts, a layout, and
// pages that link to one another. Each request renders ServerRouter twice, with the handler's context and with the
// matched routes only, and answers both.
function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}
const Layout = () => (
  <main>
    <Link to="/likes">Likes</Link> <Link to="/members/7">A member</Link> <Outlet />
  </main>
);
function Member() {
  const { id } = useLoaderData<{ id: string }>();
  return <h1>Member {id}</h1>;
}
function Missing(): never {
  throw new Response(null, { status: 404 });
}
const ErrorBoundary = () => <p>Not here</p>;

const routeFiles = {
  root: { module: { default: Root, ErrorBoundary } },
  layout: { parentId: "root", module: { default: Layout } },
  likes: { parentId: "layout", path: "likes", module: { default: () => <h1>Likes</h1> } },
  member: {
    parentId: "layout",
    path: "members/:id",
    module: { default: Member, loader: ({ params }: { params: { id: string } }) => ({ id: params.id }) },
  },
  missing: { parentId: "layout", path: "*", module: { default: Missing } },
};
const routes = Object.fromEntries(Object.entries(routeFiles).map(([id, route]) => [id, { id, ...route }]));
const assets = Object.fromEntries(
  Object.entries(routeFiles).map(([id, route]) => [
    id,
    {
      id,
      parentId: "parentId" in route ? route.parentId : undefined,
      path: "path" in route ? route.path : undefined,
      hasAction: false,
      hasLoader: id === "member",
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasDefaultExport: true,
      hasErrorBoundary: id === "root",
      module: `/assets/${id}.js`,
      imports: [`/assets/${id}-shared.js`],
      css: [`/assets/${id}.css`],
    },
  ]),
);

/** The whole document, as the site's entry renders it (app/entry.server.tsx): after everything is ready. */
function renderWhole(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const chunks: Buffer[] = [];
    body.on("data", (chunk: Buffer) => chunks.push(chunk));
    body.on("end", () => resolve(Buffer.concat(chunks).toString()));
    const { pipe } = renderToPipeableStream(element, { onAllReady: () => pipe(body), onShellError: reject });
  });
}

const rendered: { whole: string; matchedOnly: string; routeCount: number }[] = [];
const build = {
  entry: {
    module: {
      async default(request: Request, status: number, headers: Headers, context: EntryContext) {
        // The loader data streams into the document once: each render reads a copy of it.
        const [data, dataAgain] = context.serverHandoffStream!.tee();
        const matchedOnly = withMatchedRoutesOnly({ ...context, serverHandoffStream: dataAgain });
        rendered.push({
          whole: await renderWhole(
            <ServerRouter context={{ ...context, serverHandoffStream: data }} url={request.url} />,
          ),
          matchedOnly: await renderWhole(<ServerRouter context={matchedOnly} url={request.url} />),
          routeCount: Object.keys(matchedOnly.manifest.routes).length,
        });
        return new Response("", { status, headers });
      },
    },
  },
  routes,
  assets: { entry: { module: "/assets/entry.js", imports: [], css: [] }, routes: assets, url: "/m.js", version: "1" },
  basename: "/",
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: "initial" },
} as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");

test.each([
  ["/likes", "<h1>Likes</h1>"],
  ["/members/7", "<h1>Member <!-- -->7</h1>"],
  // A 404 thrown by a page: the root's error boundary, with the same matches.
  ["/nowhere", "<p>Not here</p>"],
])("%s renders the same with only its matched routes in the manifest", async (path, page) => {
  rendered.length = 0;
  await handle(new Request(`http://site${path}`));
  const [{ whole, matchedOnly, routeCount }] = rendered as [(typeof rendered)[number]];
  expect(routeCount).toBe(3);
  expect(whole).toContain(page);
  // The page's scripts name the matched routes' modules (the error boundary renders none).
  if (path !== "/nowhere") expect(whole).toContain('import * as route1 from "/assets/layout.js"');
  expect(matchedOnly).toBe(whole);
});

test("the handler's own context keeps every route", async () => {
  const contexts: EntryContext[] = [];
  const keep = build.entry.module.default;
  build.entry.module.default = (request, status, headers, context, load) => {
    contexts.push(context);
    return keep(request, status, headers, context, load);
  };
  try {
    await createRequestHandler(build, "production")(new Request("http://site/likes"));
  } finally {
    build.entry.module.default = keep;
  }
  expect(Object.keys(contexts[0]!.manifest.routes)).toEqual(Object.keys(routes));
});
