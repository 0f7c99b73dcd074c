import type { Metadata, Sharp } from "sharp";

// sharp (libvips and its thread pool, tens of MB resident) loads at the first upload, not in every server that starts.
const loadSharp = () => import("sharp").then((module) => module.default);

/**
 * What an upload may be. 10 MB holds any phone photo; 40 megapixels is above the largest phone cameras yet keeps a
 * decoded image (4 bytes a pixel) near 160 MB, which the API's small heap and sharp's thread pool can take a few of at
 * once; 12,000 px a side refuses the long thin strips that pass the pixel count and are no photo.
 */
export const imageLimits = { maxBytes: 10 * 1024 * 1024, maxPixels: 40_000_000, maxSide: 12_000 } as const;

/** Why an upload was refused; the route turns each into a message for the member, so no sharp internals leak. */
export type ImageRejectionReason = "not_an_image" | "too_large" | "too_many_pixels";

/** An upload that is not a photo we take: thrown by processUploadedImage instead of sharp's own errors. */
export class ImageRejected extends Error {
  constructor(readonly reason: ImageRejectionReason) {
    super(`Image rejected: ${reason}`);
    this.name = "ImageRejected";
  }
}

/** One re-encoded size and format of an upload, ready to store. */
export interface ImageVariant {
  width: number;
  format: "webp" | "jpeg";
  bytes: Buffer;
}

/** An upload after processUploadedImage: its variants, with the size of the largest one. */
export interface ProcessedImage {
  width: number;
  height: number;
  variants: ImageVariant[];
}

/**
 * Formats are told by their content (sharp's decoder), never by a file name or a declared type. HEIF covers AVIF
 * and, where the installed libvips can decode it, HEIC; one it cannot decode fails at re-encoding and is refused
 * like corrupt data. SVG, TIFF and the rest are not photos members take and widen what a decoder has to withstand.
 */
const acceptedFormats = new Set<string>(["jpeg", "png", "webp", "gif", "heif"]);

/** A thumbnail for lists and the chat bubble, and a size for viewing; phones show nothing larger in a chat. */
const variantWidths = [320, 800];

/**
 * Checks an upload and re-encodes it for storing: upright by its EXIF orientation, with all metadata dropped (EXIF
 * with GPS, XMP, IPTC, ICC: the colours are converted to sRGB), as WebP and JPEG at each of `variantWidths` never
 * enlarged. A photo narrower than a width gets that size once, not twice. Throws ImageRejected for anything that is
 * not an acceptable image; the checks on size come before any pixel is decoded.
 */
export async function processUploadedImage(bytes: Uint8Array): Promise<ProcessedImage> {
  if (bytes.byteLength > imageLimits.maxBytes) throw new ImageRejected("too_large");

  const metadata = await readHeader(bytes);
  if (!acceptedFormats.has(metadata.format)) throw new ImageRejected("not_an_image");
  const { width, height } = metadata;
  if (width * height > imageLimits.maxPixels || Math.max(width, height) > imageLimits.maxSide) {
    throw new ImageRejected("too_many_pixels");
  }

  // The limit again for the decoder, should the pixel data not match the header we checked. The first frame only
  // of an animation (sharp's default), and `rotate()` turns by EXIF orientation before resizing, so widths are
  // those of the upright photo.
  const sharp = await loadSharp();
  const upright = sharp(bytes, { limitInputPixels: imageLimits.maxPixels }).rotate();
  const widths = [...new Set(variantWidths.map((w) => Math.min(w, metadata.autoOrient.width)))];
  try {
    const encoded = await Promise.all(
      widths.flatMap((w) => {
        const resized = upright.clone().resize({ width: w, withoutEnlargement: true });
        // JPEG has no transparency: flatten onto white rather than sharp's default black.
        return [
          encode(resized.clone().webp({ quality: 78 }), "webp"),
          encode(resized.clone().flatten({ background: "#ffffff" }).jpeg({ quality: 80, mozjpeg: true }), "jpeg"),
        ];
      }),
    );
    const largest = encoded.reduce((a, b) => (b.variant.width > a.variant.width ? b : a));
    return { width: largest.variant.width, height: largest.height, variants: encoded.map((e) => e.variant) };
  } catch {
    // Sharp fails on truncated or corrupt pixel data (failOn "warning", its default for untrusted input).
    throw new ImageRejected("not_an_image");
  }
}

/**
 * Reads only the header. Without a pixel limit here, so that an oversized image is refused by our own check with
 * its reason rather than by sharp's error message; nothing is decoded yet.
 */
async function readHeader(bytes: Uint8Array): Promise<Metadata> {
  const sharp = await loadSharp();
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRejected("not_an_image");
  }
}

/** Encodes one variant; sharp strips all metadata since none of keepExif/withMetadata/keepIccProfile is called. */
async function encode(image: Sharp, format: ImageVariant["format"]) {
  const { data, info } = await image.toBuffer({ resolveWithObject: true });
  const variant: ImageVariant = { width: info.width, format, bytes: data };
  return { variant, height: info.height };
}

/** How many pixels across a chat photo's preview keeps: a shape and its colours, no face, no text, no detail. */
const previewDetail = 16;

/**
 * The blurred small picture of a chat photo, made from its 320 px JPEG: the only picture of it its receiver gets
 * before consenting to see photos in the conversation (docs/product.md §2.19). The photo is first shrunk to
 * `previewDetail` pixels across, so nothing of it survives that a sharpening filter could bring back, then enlarged
 * to the 320 px variant's size and blurred, so that it shows as soft colour rather than blocks.
 */
export async function blurredPreview(jpeg320: Uint8Array): Promise<Buffer> {
  const sharp = await loadSharp();
  const source = sharp(jpeg320, { limitInputPixels: imageLimits.maxPixels });
  const { width = previewDetail } = await source.metadata();
  const tiny = await source
    .clone()
    .resize({ width: Math.min(previewDetail, width) })
    .toBuffer();
  return sharp(tiny)
    .resize({ width })
    .blur(width / 40 + 1)
    .jpeg({ quality: 60 })
    .toBuffer();
}
