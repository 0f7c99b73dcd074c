import fs from "node:fs";
import type { ChildNode, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { createElement, Fragment, type ReactElement, type ReactNode } from "react";

/**
 * The pages the site served, as the anchor and the framework floor of `npm run bench` render them: parsed once at
 * start into node trees (the in-memory data), turned into React elements again on every request.
 */
export function readDocuments(pagesFile: string): Map<string, ChildNode[]> {
  const pages = JSON.parse(fs.readFileSync(pagesFile, "utf8")) as Record<string, string>;
  return new Map(Object.entries(pages).map(([path, html]) => [path, parseDocument(html).children]));
}

/** A parsed page as React elements, the doctype left out (React does not render it). */
export function documentElement(nodes: ChildNode[]): ReactElement {
  return createElement(Fragment, null, ...toReact(nodes));
}

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
