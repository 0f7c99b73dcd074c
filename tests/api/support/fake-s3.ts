import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for an S3-compatible store, for tests: PutObject, GetObject and DeleteObject on path-style URLs
 * (`/bucket/key`), each checked against AWS Signature Version 4 with its one key pair, so a client that signs wrongly
 * (or with the wrong secret) gets S3's 403 SignatureDoesNotMatch.
 */
export interface FakeS3 {
  /** An S3_URL for it: http://KEY:SECRET@127.0.0.1:PORT/bucket */
  url: string;
  /** The objects held, by key, with the headers they were put with. */
  objects: ReadonlyMap<string, { body: Buffer; contentType?: string; cacheControl?: string }>;
  /** Answer the next n requests with 503 SlowDown, as a busy store does. */
  failNext(n: number): void;
  requests: number;
  close(): Promise<void>;
}

const accessKey = "FAKEACCESSKEY";
const secret = "fake/secret+key";
const bucket = "photos-bucket";

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => crypto.createHmac("sha256", key).update(data).digest();
const encode = (value: string) =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);

/** Whether the request carries a valid SigV4 signature of this fake's key pair over its method, path, query, headers and body. */
function signedCorrectly(req: http.IncomingMessage, url: URL, body: Buffer): boolean {
  const auth =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? "",
    );
  if (!auth || auth[1] !== accessKey) return false;
  const [, , date, region, signedHeaders, signature] = auth as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(body)) return false;
  const query = [...url.searchParams]
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .sort()
    .join("&");
  const headers = signedHeaders
    .split(";")
    .map(
      (name) =>
        `${name}:${String(req.headers[name] ?? "")
          .trim()
          .replace(/\s+/g, " ")}\n`,
    )
    .join("");
  const canonical = [req.method, url.pathname, query, headers, signedHeaders, payloadHash].join("\n");
  const amzDate = String(req.headers["x-amz-date"] ?? "");
  const scope = `${date}/${region}/s3/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonical)].join("\n");
  const key = ["s3", "aws4_request"].reduce(hmac, hmac(hmac(`AWS4${secret}`, date), region));
  return crypto.timingSafeEqual(hmac(key, toSign), Buffer.from(signature, "hex"));
}

const errorXml = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;

export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>();
  let failures = 0;
  let requests = 0;
  const server = http.createServer(async (req, res) => {
    requests++;
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    const fail = (status: number, code: string) => {
      res.writeHead(status, { "content-type": "application/xml" }).end(errorXml(code));
    };
    if (failures > 0) {
      failures--;
      return fail(503, "SlowDown");
    }
    if (!signedCorrectly(req, url, body)) return fail(403, "SignatureDoesNotMatch");
    const [, name, ...rest] = url.pathname.split("/");
    if (name !== bucket) return fail(404, "NoSuchBucket");
    const key = decodeURIComponent(rest.join("/"));
    if (req.method === "PUT") {
      objects.set(key, {
        body,
        contentType: req.headers["content-type"],
        cacheControl: req.headers["cache-control"],
      });
      res.writeHead(200, { etag: `"${crypto.createHash("md5").update(body).digest("hex")}"` }).end();
    } else if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return fail(404, "NoSuchKey");
      res.writeHead(200, { "content-type": object.contentType ?? "application/octet-stream" }).end(object.body);
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else {
      fail(405, "MethodNotAllowed");
    }
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://${accessKey}:${encodeURIComponent(secret)}@127.0.0.1:${port}/${bucket}`,
    objects,
    failNext(n) {
      failures = n;
    },
    get requests() {
      return requests;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
