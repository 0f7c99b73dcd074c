import favicon from "../../public/favicon.svg?raw";

export const appIconSizes = [192, 512] as const;

// The favicon's heart on the theme colour; the maskable one keeps it inside the middle 80 % that launchers never crop.
const maskable = (svg: string) =>
  svg
    .replace('<rect width="32" height="32" rx="7"', '<rect width="32" height="32"')
    .replace("<path ", '<path transform="translate(3.2 3.2) scale(0.8)" ');

// The share image of links to the site (Open Graph, docs/product.md §2.21): the favicon's heart, large, on the theme
// colour, 1200 × 630 px as link previews show it.
const shareCard = (svg: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#6f42c1"/>${svg
    .match(/<path [^>]*\/>/)![0]
    .replace("<path ", '<path transform="translate(388 91) scale(14)" ')}</svg>`;

// Each image's drawing and size; the density makes librsvg draw the SVG at (at least) that size before resizing.
const appIcons: Record<string, { svg: () => string; width: number; height: number; density: number }> = {
  ...Object.fromEntries(
    appIconSizes.map((size) => [String(size), { svg: () => favicon, width: size, height: size, density: 1200 }]),
  ),
  maskable: { svg: () => maskable(favicon), width: 512, height: 512, density: 1200 },
  share: { svg: () => shareCard(favicon), width: 1200, height: 630, density: 72 },
  // /favicon.ico, for crawlers and browsers that ask for it without reading the page's <link rel="icon">.
  favicon: { svg: () => favicon, width: 48, height: 48, density: 1200 },
};

const rendered = new Map<string, Promise<Buffer>>();

// sharp (libvips, tens of MB resident) loads with the first image asked for, not with every server.
function render(name: string) {
  let png = rendered.get(name);
  if (!png) {
    const { svg, width, height, density } = appIcons[name]!;
    png = import("sharp").then(({ default: sharp }) =>
      sharp(Buffer.from(svg()), { density }).resize(width, height).png().toBuffer(),
    );
    rendered.set(name, png);
    png.catch(() => rendered.delete(name));
  }
  return png;
}

/** One of the icons as a PNG answer; undefined for a name that is none of them. */
export async function appIconResponse(name: string): Promise<Response | undefined> {
  if (!Object.hasOwn(appIcons, name)) return undefined;
  return new Response(new Uint8Array(await render(name)), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" },
  });
}
