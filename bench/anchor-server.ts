import fs from "node:fs";
import http from "node:http";
import { gzipSync } from "node:zlib";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { createElement, Fragment, type ReactNode } from "react";
import { renderToString } from "react-dom/server";

/**
 * The benchmark's anchor: a bare node:http server that answers each path with React's renderToString of the same
 * markup the site served for it. The pages are parsed once at start into node trees (the in-memory data); every
 * request builds the React elements from that data again and renders them, as a minimal server-rendered app would.
 * Like the site, it gzips the answer when asked to. Run with NODE_ENV=production:
 * `node --import tsx bench/anchor-server.ts <pages.json> <port>`.
 */
const [pagesFile, port] = process.argv.slice(2);
const pages = JSON.parse(fs.readFileSync(pagesFile!, "utf8")) as Record<string, string>;
const trees = new Map(Object.entries(pages).map(([path, html]) => [path, parseDocument(html).children]));

// HTML attribute names React spells differently; the rest it takes as they are.
const reactNames: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  charset: "charSet",
  tabindex: "tabIndex",
  autocomplete: "autoComplete",
  crossorigin: "crossOrigin",
  srcset: "srcSet",
  maxlength: "maxLength",
  minlength: "minLength",
  readonly: "readOnly",
  autofocus: "autoFocus",
  novalidate: "noValidate",
  enctype: "encType",
  hreflang: "hrefLang",
  inputmode: "inputMode",
  "accept-charset": "acceptCharset",
  "http-equiv": "httpEquiv",
  fetchpriority: "fetchPriority",
  colspan: "colSpan",
};
const booleans = new Set([
  "disabled",
  "checked",
  "selected",
  "required",
  "hidden",
  "open",
  "multiple",
  "readOnly",
  "autoFocus",
  "noValidate",
  "async",
  "defer",
  "novalidate",
]);

function styleObject(css: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const rule of css.split(";")) {
    const [name, ...value] = rule.split(":");
    if (!name?.trim() || !value.length) continue;
    style[name.trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = value.join(":").trim();
  }
  return style;
}

function toReact(nodes: ChildNode[]): ReactNode[] {
  return nodes.map((node, index) => {
    if (node.type === "text") return node.data;
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") return null;
    const element = node as Element;
    const props: Record<string, unknown> = { key: index };
    for (const [name, value] of Object.entries(element.attribs)) {
      const reactName = reactNames[name] ?? name;
      props[reactName] = reactName === "style" ? styleObject(value) : booleans.has(reactName) ? true : value;
    }
    if (element.name === "script" || element.name === "style") {
      const text = element.children.map((c) => (c.type === "text" ? c.data : "")).join("");
      if (text) props.dangerouslySetInnerHTML = { __html: text };
      return createElement(element.name, props);
    }
    if (element.name === "textarea")
      props.defaultValue = element.children.map((c) => (c.type === "text" ? c.data : "")).join("");
    return createElement(element.name, props, ...(element.name === "textarea" ? [] : toReact(element.children)));
  });
}

http
  .createServer((req, res) => {
    const tree = trees.get(req.url ?? "");
    if (!tree) {
      res.writeHead(404).end();
      return;
    }
    const html = `<!DOCTYPE html>${renderToString(createElement(Fragment, null, ...toReact(tree)))}`;
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip" })
        .end(gzipSync(html));
    } else {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    }
  })
  .listen(Number(port), "127.0.0.1");
