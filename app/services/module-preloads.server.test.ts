import { expect, test } from "vitest";
import { withoutModulePreloads } from "./module-preloads.server";

const doc = (head: string, body = "") =>
  Buffer.from(`<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`) as Buffer<ArrayBuffer>;

test("the module preload hints leave the document; its stylesheet, other preloads and scripts stay", () => {
  const script = '<script nonce="n" type="module" async="">import * as route0 from "/assets/root.js";</script>';
  const page = doc(
    '<link rel="preload" id="i18n-strings" href="/assets/common.json" as="fetch" crossorigin="anonymous"/>' +
      '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n"/>' +
      '<link rel="modulepreload" href="/assets/framework.js" nonce="n"/><link rel="stylesheet" href="/assets/app.css"/>',
    `<main>A page</main>${script}`,
  );
  expect(withoutModulePreloads(page).toString()).toBe(
    doc(
      '<link rel="preload" id="i18n-strings" href="/assets/common.json" as="fetch" crossorigin="anonymous"/>' +
        '<link rel="stylesheet" href="/assets/app.css"/>',
      `<main>A page</main>${script}`,
    ).toString(),
  );
});

test("a page without scripts is returned as it is", () => {
  const page = doc('<link rel="stylesheet" href="/assets/app.css"/>', "<main>Terms</main>");
  expect(withoutModulePreloads(page)).toBe(page);
});
