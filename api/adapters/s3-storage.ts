import { assertStorageKey, type FileStorage, photoContentType } from "./storage";

/** Where an S3-compatible store is and how to sign for it, as read from S3_URL (see s3LocationFrom). */
export interface S3Location {
  endpoint: string;
  region: string;
  bucket: string;
  /** Put in front of every key, ending in "/" unless empty. */
  prefix: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * Reads `https://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=eu-central-1` (both keys URL-encoded): one
 * setting for AWS, MinIO, Cloudflare R2, Backblaze B2, Scaleway and the like. Buckets are addressed by path, which
 * every one of them takes.
 */
export function s3LocationFrom(url: string): S3Location {
  const parsed = new URL(url);
  const [bucket, ...prefix] = parsed.pathname.split("/").filter(Boolean);
  if (!bucket || !parsed.username || !parsed.password)
    throw new Error("S3_URL needs an access key, a secret and a bucket: https://KEY:SECRET@host/bucket");
  return {
    endpoint: parsed.origin,
    region: parsed.searchParams.get("region") ?? "us-east-1",
    bucket,
    prefix: prefix.length ? `${prefix.join("/")}/` : "",
    accessKeyId: decodeURIComponent(parsed.username),
    secretAccessKey: decodeURIComponent(parsed.password),
  };
}

/**
 * A FileStorage in one folder (`folder`, e.g. "photos/") of an S3-compatible bucket. The SDK retries what fails on the
 * way (a put replaces the whole object, so a retry is safe); a key that is not there reads as null.
 */
export function s3Storage(location: S3Location, folder: string, options: { cacheControl?: string } = {}): FileStorage {
  // The SDK is loaded here, with S3_URL set: a site that keeps its files on disk never holds it (about 5 MB of heap).
  const sdk = import("@aws-sdk/client-s3");
  const client = sdk.then(
    ({ S3Client }) =>
      new S3Client({
        endpoint: location.endpoint,
        region: location.region,
        forcePathStyle: true,
        credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
        // Checksums only where the API requires them: not every S3-compatible store knows the newer checksum headers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
      }),
  );
  const objectOf = (key: string) => {
    assertStorageKey(key);
    return { Bucket: location.bucket, Key: `${location.prefix}${folder}${key}` };
  };

  return {
    async put(key, bytes) {
      const { PutObjectCommand } = await sdk;
      await (await client).send(
        new PutObjectCommand({
          ...objectOf(key),
          Body: bytes,
          ContentType: photoContentType(key),
          CacheControl: options.cacheControl,
        }),
      );
    },
    async get(key) {
      const { GetObjectCommand, S3ServiceException } = await sdk;
      try {
        const answer = await (await client).send(new GetObjectCommand(objectOf(key)));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : null;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return null;
        throw error;
      }
    },
    async remove(key) {
      const { DeleteObjectCommand } = await sdk;
      await (await client).send(new DeleteObjectCommand(objectOf(key)));
    },
  };
}
