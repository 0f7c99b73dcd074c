import { createInstance, type i18n } from "i18next";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Trans as ReactI18nextTrans } from "react-i18next";
import { beforeAll, expect, test } from "vitest";
import { i18nConfig } from "./config";
import { keyOf } from "./keys";
import { allTranslations } from "./resources.server";
import { Trans, type TransComponents } from "./trans";
import { embeddedTranslator, TranslatorContext } from "./translator";

const resources = await allTranslations();
const instances: Record<string, i18n> = {};
beforeAll(async () => {
  for (const locale of Object.keys(resources)) {
    instances[locale] = createInstance({ ...i18nConfig, resources, lng: locale });
    await instances[locale].init();
  }
});

/** Ours in the browser's translator, and react-i18next's over i18next: the same markup is the point. */
function both(locale: string, i18nKey: string, components: TransComponents, values?: Record<string, unknown>) {
  const common = resources[locale as keyof typeof resources].common;
  const ours = renderToStaticMarkup(
    <TranslatorContext.Provider value={embeddedTranslator(locale, common)}>
      <Trans i18nKey={keyOf(i18nKey)} values={values} components={components} />
    </TranslatorContext.Provider>,
  );
  const theirs = renderToStaticMarkup(
    <ReactI18nextTrans
      i18n={instances[locale]}
      i18nKey={i18nKey}
      values={values}
      components={components as Record<string, ReactElement>}
    />,
  );
  return { ours, theirs };
}

const keys = (node: unknown, prefix = ""): string[] =>
  Object.entries(node as Record<string, unknown>).flatMap(([k, v]) =>
    typeof v === "object" && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

test("every sentence with links renders as react-i18next's Trans renders it, in every language and plural form", () => {
  let checked = 0;
  for (const [locale, bundles] of Object.entries(resources)) {
    const common = bundles.common as Record<string, unknown>;
    const tagged = keys(common).filter((key) =>
      /<[\w-]+>/.test(key.split(".").reduce<any>((node, part) => node[part], common)),
    );
    for (const base of new Set(tagged.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, "")))) {
      const text = JSON.stringify(common);
      const names = [...new Set([...text.matchAll(/<([\w-]+)>/g)].map((m) => m[1]!))];
      const components = Object.fromEntries(
        names.map((name) => [name, <a key={name} href={`/${name}`} className="link" />]),
      );
      for (const count of [1, 3, 5, 18, 22]) {
        const { ours, theirs } = both(locale, base, components, { count });
        expect(ours, `${locale} ${base} ${count}`).toBe(theirs);
        expect(ours).toMatch(/<a href="\/\w+" class="link">[^<]+<\/a>/);
        checked += 1;
      }
    }
  }
  // The terms line, the locked photos (2), the photo limit and the member landings' login line, in 11 languages,
  // 5 counts each. (The expired reset link is the spec's sentence with a link of its own, docs/product.md §8.2.)
  expect(checked).toBe(5 * 11 * 5);
});

test("the signup terms line is one sentence with both links inside it, in German word order", () => {
  const { ours } = both(
    "de",
    "signup.termsConsent",
    { terms: <a href="/pages/terms" />, privacy: <a href="/pages/privacy" /> },
    { count: 18 },
  );
  expect(ours).toBe(
    'Ich bin mindestens 18 Jahre alt und akzeptiere die <a href="/pages/terms">Allgemeinen Geschäftsbedingungen</a> und die <a href="/pages/privacy">Datenschutzerklärung</a>.',
  );
});

// The tag syntax itself, on strings of our own, against react-i18next.
const fixtures: Record<string, string> = {
  indexed: "Read <0>the terms</0> and <1>the policy</1>.",
  nested: "A <outer>link with <inner>bold</inner> inside</outer> it.",
  selfClosing: "Line<br/>break and <icon/> here.",
  unknown: "Keep <b>this</b> and 2 < 3 as text.",
  value: "Hello {{name}}, <more>open</more>.",
};

test("indexed, named, nested and self-closing tags, unknown tags and values as react-i18next reads them", async () => {
  const i18next = createInstance({ ...i18nConfig, lng: "en", resources: { en: { common: fixtures } } });
  await i18next.init();
  const render = (key: string, components: TransComponents, values?: Record<string, unknown>) => ({
    ours: renderToStaticMarkup(
      <TranslatorContext.Provider value={embeddedTranslator("en", fixtures)}>
        <Trans i18nKey={keyOf(key)} values={values} components={components} />
      </TranslatorContext.Provider>,
    ),
    theirs: renderToStaticMarkup(
      <ReactI18nextTrans i18n={i18next} i18nKey={key} values={values} components={components as never} />,
    ),
  });
  const cases = [
    render("indexed", [<a key="terms" href="/terms" />, <a key="policy" href="/policy" />]),
    render("nested", { outer: <a href="/x" />, inner: <strong /> }),
    render("selfClosing", { br: <br />, icon: <span className="icon">*</span> }),
    render("unknown", { link: <a href="/x" /> }, { name: "x" }),
    render("value", { more: <a href="/x" /> }, { name: "Robin" }),
    // A value is text even when it looks like a tag or holds an ampersand.
    render("value", { more: <a href="/x" /> }, { name: "<more>R</more> & co" }),
  ];
  for (const { ours, theirs } of cases) expect(ours).toBe(theirs);
  expect(cases[0]!.ours).toBe('Read <a href="/terms">the terms</a> and <a href="/policy">the policy</a>.');
  expect(cases[5]!.ours).toBe('Hello &lt;more&gt;R&lt;/more&gt; &amp; co, <a href="/x">open</a>.');
});
