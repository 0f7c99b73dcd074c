import crypto from "node:crypto";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { pngClaiming } from "../../tests/support/images";
import { ImageRejected, imageLimits, processUploadedImage } from "./image-pipeline";

/** The reason processUploadedImage refused the bytes with, or fails the test when it did not. */
async function rejection(bytes: Uint8Array) {
  const error = await processUploadedImage(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImageRejected);
  return (error as ImageRejected).reason;
}

/** A solid-colour JPEG of the given size. */
function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
    .jpeg()
    .toBuffer();
}

describe("processUploadedImage refuses", () => {
  test("text and random bytes, whatever name they came with", async () => {
    expect(await rejection(Buffer.from("GIF89a? no, just a text file called photo.jpg\n"))).toBe("not_an_image");
    expect(await rejection(crypto.randomBytes(4096))).toBe("not_an_image");
    expect(await rejection(new Uint8Array(0))).toBe("not_an_image");
  });

  test("images sharp decodes that are not photos: SVG and TIFF", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await sharp(svg).metadata()).format).toBe("svg");
    expect(await rejection(svg)).toBe("not_an_image");
    const tiff = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .tiff()
      .toBuffer();
    expect(await rejection(tiff)).toBe("not_an_image");
  });

  test("a truncated JPEG", async () => {
    // Noise, so that half the file is half the scan data and not just the end of a flat image.
    const noise = { type: "gaussian", mean: 128, sigma: 60 } as const;
    const whole = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#000", noise } })
      .jpeg()
      .toBuffer();
    expect(await rejection(whole.subarray(0, Math.floor(whole.length / 2)))).toBe("not_an_image");
  });

  test("more bytes than the limit, before looking at them", async () => {
    // Zeros are no image either: too_large shows the size is checked first.
    expect(await rejection(new Uint8Array(imageLimits.maxBytes + 1))).toBe("too_large");
  });

  test("a pixel bomb: a tiny PNG claiming 50000 × 50000, quickly and without decoding it", async () => {
    const bomb = await pngClaiming(50_000, 50_000);
    expect(bomb.length).toBeLessThan(1000);
    const started = performance.now();
    expect(await rejection(bomb)).toBe("too_many_pixels");
    expect(performance.now() - started).toBeLessThan(1000);
  });

  test("more pixels than the limit with sides within it, and a side over the limit", async () => {
    expect(await rejection(await pngClaiming(7000, 7000))).toBe("too_many_pixels");
    expect(await rejection(await pngClaiming(imageLimits.maxSide + 1, 10))).toBe("too_many_pixels");
  });
});

describe("processUploadedImage re-encodes", () => {
  test("into WebP and JPEG at 320 and 800 px wide", async () => {
    const result = await processUploadedImage(await jpeg(1600, 1200));
    expect(result.variants.map((v) => [v.width, v.format])).toEqual([
      [320, "webp"],
      [320, "jpeg"],
      [800, "webp"],
      [800, "jpeg"],
    ]);
    expect([result.width, result.height]).toEqual([800, 600]);
    for (const variant of result.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe(variant.format);
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe((variant.width * 3) / 4);
    }
  });

  test("never wider than the upload, and a small upload once per format", async () => {
    const result = await processUploadedImage(await jpeg(200, 150));
    expect(result.variants.map((v) => [v.width, v.format])).toEqual([
      [200, "webp"],
      [200, "jpeg"],
    ]);
    expect([result.width, result.height]).toEqual([200, 150]);

    const between = await processUploadedImage(await jpeg(500, 100));
    expect(between.variants.map((v) => v.width)).toEqual([320, 320, 500, 500]);
  });

  test("without EXIF (GPS included), XMP, IPTC or ICC", async () => {
    const input = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#a52" } })
      .jpeg()
      .withExif({
        IFD0: { Make: "Phone", Model: "Phone 15", Copyright: "Member" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 22/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "4/1 53/1 0/1" },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>',
      )
      .withIccProfile("p3")
      .toBuffer();
    const before = await sharp(input).metadata();
    // The input does carry all of it, GPS in its own IFD (tag 0x8825, little-endian here), or this test proves nothing.
    expect(before.exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(before.exif?.includes(Buffer.from("Phone 15"))).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const result = await processUploadedImage(input);
    expect(result.variants).toHaveLength(4);
    for (const variant of result.variants) {
      const after = await sharp(variant.bytes).metadata();
      expect(after.exif).toBeUndefined();
      expect(after.xmp).toBeUndefined();
      expect(after.iptc).toBeUndefined();
      expect(after.icc).toBeUndefined();
      expect(variant.bytes.includes(Buffer.from("Phone 15"))).toBe(false);
    }
  });

  test("upright by its EXIF orientation", async () => {
    // Left half red, right half blue, stored 200 × 100 with orientation 6: shown turned 90° clockwise, red on top.
    const raw = Buffer.alloc(200 * 100 * 3);
    for (let i = 0; i < 200 * 100; i++) raw.set(i % 200 < 100 ? [255, 0, 0] : [0, 0, 255], i * 3);
    const input = await sharp(raw, { raw: { width: 200, height: 100, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(input).metadata()).orientation).toBe(6);

    const result = await processUploadedImage(input);
    expect([result.width, result.height]).toEqual([100, 200]);
    for (const variant of result.variants) {
      const { data, info } = await sharp(variant.bytes).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([100, 200]);
      const pixel = (y: number) => {
        const offset = (y * info.width + 50) * info.channels;
        return [...data.subarray(offset, offset + 3)];
      };
      const [topRed, , topBlue] = pixel(20);
      const [bottomRed, , bottomBlue] = pixel(180);
      expect(topRed! > 200 && topBlue! < 60).toBe(true);
      expect(bottomBlue! > 200 && bottomRed! < 60).toBe(true);
      expect((await sharp(variant.bytes).metadata()).orientation).toBeUndefined();
    }
  });

  test("PNG with transparency: kept in WebP, on white in JPEG", async () => {
    const png = await sharp({
      create: { width: 40, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processUploadedImage(png);
    const webp = result.variants.find((v) => v.format === "webp")!;
    const jpg = result.variants.find((v) => v.format === "jpeg")!;
    expect((await sharp(webp.bytes).metadata()).hasAlpha).toBe(true);
    const { data } = await sharp(jpg.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data.subarray(0, 3))).toBeGreaterThan(240);
  });

  test("the first frame of an animated GIF, and WebP input", async () => {
    const frames = Buffer.concat([Buffer.alloc(30 * 20 * 3, 255), Buffer.alloc(30 * 20 * 3, 0)]);
    const gif = await sharp(frames, { raw: { width: 30, height: 40, channels: 3, pageHeight: 20 } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const fromGif = await processUploadedImage(gif);
    expect([fromGif.width, fromGif.height]).toEqual([30, 20]);
    const { data } = await sharp(fromGif.variants[0]!.bytes).raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeGreaterThan(200);

    const webp = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#123" } })
      .webp()
      .toBuffer();
    expect((await processUploadedImage(webp)).width).toBe(64);
  });
});
