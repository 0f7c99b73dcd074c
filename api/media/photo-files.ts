import { chatPhotoWidths } from "../../contract/chat";
import type { ImageVariant } from "../media/image-pipeline";

const formats = ["webp", "jpeg"] as const;

/** The file of one variant of a stored photo (chat or profile) (`{key}-320.webp` …). */
export const photoFile = (key: string, width: number, format: "webp" | "jpeg") =>
  `${key}-${width}.${format === "jpeg" ? "jpg" : "webp"}`;

/** Every file a photo is stored as: what goes when the photo goes. */
export const photoFiles = (key: string) =>
  chatPhotoWidths.flatMap((width) => formats.map((format) => photoFile(key, width, format)));

/** The blurred small picture of a chat photo, stored beside it: what its receiver sees before consenting. */
export const previewFile = (key: string) => `${key}-preview.jpg`;

/** Every file a chat photo is stored as: its variants and its preview. */
export const chatPhotoFiles = (key: string) => [...photoFiles(key), previewFile(key)];

/**
 * The files to store for a re-encoded photo: per format, the narrowest variant as its 320 px width and the widest as
 * its 800 px one (a small photo is never enlarged, so both may be the same picture).
 */
export function photoFilesFor(key: string, variants: ImageVariant[]): [string, Buffer][] {
  return formats.flatMap((format) => {
    const widths = variants.filter((v) => v.format === format).sort((a, b) => a.width - b.width);
    return [
      [photoFile(key, 320, format), widths[0]!.bytes],
      [photoFile(key, 800, format), widths.at(-1)!.bytes],
    ] as [string, Buffer][];
  });
}
