const preloadTag = Buffer.from('<link rel="modulepreload"');

/**
 * A document without the `<link rel="modulepreload">` hints that React Router's `<Scripts>` renders (and React hoists
 * into the head), so that a page's 100 kB of JavaScript does not share the first round trips with its stylesheet and
 * the photos above the fold. The module script at the end of the body still imports the same modules: they load
 * right after, and hydration follows (docs/architecture.md, "Progressive enhancement").
 */
export function withoutModulePreloads(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const kept: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(preloadTag); at !== -1; at = html.indexOf(preloadTag, from)) {
    const end = html.indexOf(">", at);
    if (end === -1) break;
    kept.push(html.subarray(from, at));
    from = end + 1;
  }
  if (from === 0) return html;
  kept.push(html.subarray(from));
  return Buffer.concat(kept) as Buffer<ArrayBuffer>;
}
