import { brotliCompressSync, constants, gzipSync } from "node:zlib";

/**
 * A rendered document, compressed in one call as the browser takes it: brotli (quality 4, as server.ts's compression
 * middleware does it) before gzip, else as it is. The middleware would stream it through a zlib stream of its own,
 * whose set-up and chunked writes cost a small page more than its rendering; it leaves an encoded answer alone.
 */
export function compressDocument(
  acceptEncoding: string | null,
  html: Buffer<ArrayBuffer>,
  headers: Headers,
): Buffer<ArrayBuffer> {
  headers.append("Vary", "Accept-Encoding");
  if (html.length < 1024) return html;
  const accepted = acceptedCodings(acceptEncoding);
  // (zlib answers in Buffers of their own, never shared memory: the casts only say so to Response's types.)
  if (accepted.has("br")) {
    headers.set("Content-Encoding", "br");
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) as Buffer<ArrayBuffer>;
  }
  if (accepted.has("gzip")) {
    headers.set("Content-Encoding", "gzip");
    return gzipSync(html) as Buffer<ArrayBuffer>;
  }
  return html;
}

/** The codings an Accept-Encoding header takes: those named (or `*`) without `q=0`. */
export function acceptedCodings(header: string | null): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    for (const taken of coding === "*" ? ["br", "gzip"] : [coding]) if (taken) accepted.add(taken);
  }
  return accepted;
}
