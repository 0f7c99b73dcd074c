import { data } from "react-router";
import favicon from "../../public/favicon.svg?raw";
import type { Route } from "./+types/app-icon";

export const appIconSizes = [192, 512] as const;

// The favicon's heart on the theme colour; the maskable one keeps it inside the middle 80 % that launchers never crop.
const maskable = (svg: string) =>
  svg
    .replace('<rect width="32" height="32" rx="7"', '<rect width="32" height="32"')
    .replace("<path ", '<path transform="translate(3.2 3.2) scale(0.8)" ');

const rendered = new Map<string, Promise<Buffer>>();

// sharp (libvips, tens of MB resident) loads with the first icon asked for, not with every server.
function render(name: string, size: number) {
  let png = rendered.get(name);
  if (!png) {
    const svg = name === "maskable" ? maskable(favicon) : favicon;
    png = import("sharp").then(({ default: sharp }) =>
      sharp(Buffer.from(svg), { density: 1200 }).resize(size, size).png().toBuffer(),
    );
    rendered.set(name, png);
    png.catch(() => rendered.delete(name));
  }
  return png;
}

/** /app-icons/{192|512|maskable}: the installed app's icons, drawn once from the favicon. */
export async function loader({ params }: Route.LoaderArgs) {
  const size = params.name === "maskable" ? 512 : appIconSizes.find((s) => String(s) === params.name);
  if (!size) throw data(null, { status: 404 });
  return new Response(new Uint8Array(await render(params.name, size)), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=604800" },
  });
}
