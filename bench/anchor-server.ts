import http from "node:http";
import { gzipSync } from "node:zlib";
import { renderToString } from "react-dom/server";
import { documentElement, readDocuments } from "./anchor-document";

/**
 * The benchmark's anchor: a bare node:http server that answers each path with React's renderToString of the same
 * markup the site served for it. The pages are parsed once at start into node trees (the in-memory data); every
 * request builds the React elements from that data again and renders them, as a minimal server-rendered app would.
 * Like the site, it gzips the answer when asked to. Run with NODE_ENV=production:
 * `node --import tsx bench/anchor-server.ts <pages.json> <port>`.
 */
const [pagesFile, port] = process.argv.slice(2);
const documents = readDocuments(pagesFile!);

http
  .createServer((req, res) => {
    const tree = documents.get(req.url ?? "");
    if (!tree) {
      res.writeHead(404).end();
      return;
    }
    const html = `<!DOCTYPE html>${renderToString(documentElement(tree))}`;
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" })
        .end(gzipSync(html));
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
  })
  // Port 0: any free port, said on stdout for the bench to read (bench/visitors.ts).
  .listen(Number(port), "127.0.0.1", function (this: http.Server) {
    if (port === "0") console.log(JSON.stringify({ port: (this.address() as import("node:net").AddressInfo).port }));
  });
