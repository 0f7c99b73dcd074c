import zlib from "node:zlib";
import sharp from "sharp";

/**
 * A small valid PNG whose IHDR is then rewritten to claim `width` × `height`, with the chunk's CRC recomputed so
 * decoders believe it: what a decompression bomb's header looks like.
 */
export async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  // Signature (8), then IHDR: length (4), type (4), width (4), height (4), 5 more bytes, CRC over type and data.
  if (png.toString("latin1", 12, 16) !== "IHDR") throw new Error("sharp's PNG does not start with IHDR");
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A JPEG whose EXIF names a camera and a place (GPS): what a re-encoded upload must no longer carry. */
export function gpsTaggedJpeg() {
  return sharp({ create: { width: 1000, height: 750, channels: 3, background: "#c84" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TellTaleCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}
