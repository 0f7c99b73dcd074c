import { cloneElement, isValidElement, type ReactElement, type ReactNode } from "react";
import type { CommonKey } from "./keys";
import { useTranslation } from "./translator";

/**
 * The elements a translation's tags stand for: by name (`<terms>…</terms>`) or by index (`<0>…</0>`). Names of HTML
 * void elements (`link`, `br`, `img`) are void to react-i18next, so a translation never uses them for a link.
 */
export type TransComponents = Readonly<Record<string, ReactElement>> | readonly ReactElement[];

/**
 * A whole sentence with links inside it, as react-i18next's `<Trans>` renders it with `components`: the
 * translation decides where each link goes and what it says, so no language has to follow English word order.
 * Ours, because i18next and react-i18next stay out of the page's JavaScript; trans.test.tsx holds it to
 * react-i18next's output for every such string of every language.
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: CommonKey;
  values?: Record<string, unknown>;
  components: TransComponents;
}) {
  const { t } = useTranslation();
  // Values are text, never markup: escaped before the tags are read, as react-i18next does, and unescaped after.
  const escaped =
    values &&
    Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, typeof value === "string" ? escapeText(value) : value]),
    );
  return <>{renderTags(t(i18nKey, escaped), components)}</>;
}

const tag = /<(\/?)([\w-]+)\s*(\/?)>/g;

/** A translated string's `<name>…</name>` and `<name/>` tags as the given elements; any other text stays text. */
export function renderTags(text: string, components: TransComponents): ReactNode[] {
  const componentOf = (name: string) => {
    const component = (components as Record<string, unknown>)[name];
    return Object.hasOwn(components, name) && isValidElement(component) ? component : null;
  };
  const root: ReactNode[] = [];
  const open: { name: string; component: ReactElement; parent: ReactNode[] }[] = [];
  let children = root;
  let textStart = 0;
  const pushText = (end: number) => {
    if (end > textStart) children.push(unescapeText(text.slice(textStart, end)));
  };
  for (const match of text.matchAll(tag)) {
    const [whole, closing, name, selfClosing] = match as unknown as [string, string, string, string];
    const component = componentOf(name);
    // An unknown tag, or a closing tag that closes nothing open, is text.
    if (!component || (closing && open.at(-1)?.name !== name)) continue;
    pushText(match.index);
    textStart = match.index + whole.length;
    if (selfClosing) {
      children.push(cloneElement(component, { key: children.length }));
    } else if (!closing) {
      open.push({ name, component, parent: children });
      children = [];
    } else {
      const element = open.pop()!;
      element.parent.push(cloneElement(element.component, { key: element.parent.length }, ...children));
      children = element.parent;
    }
  }
  pushText(text.length);
  // A tag left open keeps its text, without the element.
  for (let element = open.pop(); element; element = open.pop()) {
    element.parent.push(...children);
    children = element.parent;
  }
  return root;
}

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">" };

function escapeText(value: string) {
  return value.replace(/[&<>]/g, (c) => (c === "&" ? "&amp;" : c === "<" ? "&lt;" : "&gt;"));
}

function unescapeText(value: string) {
  return value.replace(/&(?:amp|lt|gt);/g, (entity) => entities[entity]!);
}
