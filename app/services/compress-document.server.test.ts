import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { expect, test } from "vitest";
import { acceptedCodings, compressDocument } from "./compress-document.server";

const page: Buffer<ArrayBuffer> = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Hello</p>".repeat(200)}</body></html>`);

test("a document goes out as brotli, else gzip, else as it is, and says so", () => {
  const br = new Headers();
  expect(brotliDecompressSync(compressDocument("gzip, deflate, br", page, br)).equals(page)).toBe(true);
  expect(br.get("content-encoding")).toBe("br");
  expect(br.get("vary")).toBe("Accept-Encoding");

  const gzip = new Headers();
  expect(gunzipSync(compressDocument("gzip", page, gzip)).equals(page)).toBe(true);
  expect(gzip.get("content-encoding")).toBe("gzip");

  const plain = new Headers();
  expect(compressDocument(null, page, plain)).toBe(page);
  expect(plain.get("content-encoding")).toBeNull();
});

test("a small document is not worth compressing", () => {
  const headers = new Headers();
  const small = Buffer.from("<p>Hi</p>");
  expect(compressDocument("br", small, headers)).toBe(small);
  expect(headers.get("content-encoding")).toBeNull();
});

test("q=0 refuses a coding, and * takes both", () => {
  expect([...acceptedCodings("br;q=0, gzip;q=0.5")]).toEqual(["gzip"]);
  expect([...acceptedCodings("gzip;q=0")]).toEqual([]);
  expect(acceptedCodings("*").has("br")).toBe(true);
  expect([...acceptedCodings("identity")]).toEqual(["identity"]);
});
