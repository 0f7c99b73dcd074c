import crypto from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { FileStorage } from "../../adapters/storage";

/**
 * Generated demo photos: a soft gradient with a stylised silhouette, so the demo looks alive without
 * showing any real person. Each photo is a 480×600 picture with a 160×200 thumbnail, in JPEG and WebP like an
 * uploaded one once published (api/photos/photos.service.ts).
 */
export async function writeAvatar(
  photos: FileStorage,
  options: { hue: number; gender: "male" | "female"; variant: number },
): Promise<{ filename: string; thumb_filename: string }> {
  const id = crypto.randomBytes(8).toString("hex");
  const image = sharp(Buffer.from(avatarSvg(options)));
  const files: [string, Sharp][] = [
    [`${id}.jpg`, image.clone().jpeg({ quality: 78, mozjpeg: true })],
    [`${id}-thumb.jpg`, image.clone().resize(160, 200).jpeg({ quality: 78, mozjpeg: true })],
    [`${id}.webp`, image.clone().webp({ quality: 75 })],
    [`${id}-thumb.webp`, image.clone().resize(160, 200).webp({ quality: 75 })],
  ];
  await Promise.all(files.map(async ([name, encoder]) => photos.put(name, await encoder.toBuffer())));
  return { filename: `${id}.jpg`, thumb_filename: `${id}-thumb.jpg` };
}

function avatarSvg({ hue, gender, variant }: { hue: number; gender: "male" | "female"; variant: number }): string {
  const bgTop = `hsl(${hue}, 55%, ${72 - variant * 6}%)`;
  const bgBottom = `hsl(${(hue + 40) % 360}, 60%, ${48 - variant * 4}%)`;
  const figure = `hsl(${(hue + 180) % 360}, 25%, ${22 + variant * 5}%)`;
  const hair =
    gender === "female"
      ? `<path d="M165 250 C150 120 330 120 315 250 L330 380 C300 330 180 330 150 380 Z" fill="${figure}" opacity="0.85"/>`
      : `<path d="M175 215 C175 140 305 140 305 215 C290 180 190 180 175 215 Z" fill="${figure}"/>`;
  const shift = (variant - 1) * 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600" viewBox="0 0 480 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0.4" y2="1">
    <stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs>
  <rect width="480" height="600" fill="url(#g)"/>
  <circle cx="${380 - shift}" cy="110" r="${60 + variant * 10}" fill="#ffffff" opacity="0.18"/>
  <g transform="translate(${shift / 2} 0)">
    ${hair}
    <ellipse cx="240" cy="240" rx="72" ry="88" fill="${figure}"/>
    <path d="M60 600 C70 430 160 370 240 370 C320 370 410 430 420 600 Z" fill="${figure}"/>
  </g>
</svg>`;
}
