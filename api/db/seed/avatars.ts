import crypto from "node:crypto";
import sharp, { type Sharp } from "sharp";
import type { FileStorage } from "../../adapters/storage";

interface AvatarLook {
  hue: number;
  gender: "male" | "female";
  variant: number;
}

/** Hues in steps of this many degrees: 24 hues × 2 genders × 3 variants, so a demo of 600 photos renders 144 looks. */
const hueStep = 15;

/**
 * Generated demo photos: a soft gradient with a stylised silhouette, so the demo looks alive without
 * showing any real person. Each photo is a 480×600 picture with a 160×200 thumbnail, in JPEG and WebP like an
 * uploaded one once published (api/photos/photos.service.ts).
 *
 * The writer renders each look once and writes it under a new name for every photo that has it: rendering and
 * encoding were nearly all of a seed's time.
 */
export function avatarWriter(photos: FileStorage) {
  const rendered = new Map<string, Promise<Buffer[]>>();
  return async (look: AvatarLook): Promise<{ filename: string; thumb_filename: string }> => {
    const hue = (Math.round(look.hue / hueStep) * hueStep) % 360;
    const key = `${hue} ${look.gender} ${look.variant}`;
    let files = rendered.get(key);
    if (!files) {
      files = renderAvatar({ ...look, hue });
      rendered.set(key, files);
    }
    const id = crypto.randomBytes(8).toString("hex");
    const names = [`${id}.jpg`, `${id}-thumb.jpg`, `${id}.webp`, `${id}-thumb.webp`];
    const bytes = await files;
    await Promise.all(names.map((name, index) => photos.put(name, bytes[index]!)));
    return { filename: names[0]!, thumb_filename: names[1]! };
  };
}

/** The picture and its thumbnail in JPEG, then in WebP. */
function renderAvatar(look: AvatarLook): Promise<Buffer[]> {
  const image = sharp(Buffer.from(avatarSvg(look)));
  const encoders: Sharp[] = [
    image.clone().jpeg({ quality: 78, mozjpeg: true }),
    image.clone().resize(160, 200).jpeg({ quality: 78, mozjpeg: true }),
    image.clone().webp({ quality: 75 }),
    image.clone().resize(160, 200).webp({ quality: 75 }),
  ];
  return Promise.all(encoders.map((encoder) => encoder.toBuffer()));
}

function avatarSvg({ hue, gender, variant }: AvatarLook): string {
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
