import crypto from "node:crypto";
import { ApiError } from "../errors";

/** The development and test key: public, so never used in production (docs/operations.md "Staff second factor"). */
const developmentKey = crypto.createHash("sha256").update("heartline development staff secret key").digest();
const prefix = "v1:";

/**
 * Staff TOTP secrets at rest (docs/operations.md "Staff second factor"): AES-256-GCM under STAFF_SECRET_KEY, stored
 * as `v1:<iv>:<tag>:<ciphertext>` (base64), bound to the member's id so that a value copied to another row does not
 * open. A secret without the prefix is one kept as plain text before this existed: it is read as it is and sealed
 * on its next use.
 */
export interface SecretBox {
  seal(plain: string, userId: number): string;
  open(stored: string, userId: number): string;
  isSealed(stored: string): boolean;
  /** False in production without STAFF_SECRET_KEY. */
  canSeal: boolean;
}

const keyMissing = () =>
  new ApiError(
    503,
    "staff_secret_key_missing",
    "Set STAFF_SECRET_KEY (32 bytes, base64) before staff set up their second factor",
  );

export function secretBoxFor(env: { NODE_ENV: string; STAFF_SECRET_KEY?: string }): SecretBox {
  const key = env.STAFF_SECRET_KEY
    ? Buffer.from(env.STAFF_SECRET_KEY, "base64")
    : env.NODE_ENV === "production"
      ? null
      : developmentKey;
  const aad = (userId: number) => Buffer.from(`users.totp:${userId}`);
  return {
    isSealed: (stored) => stored.startsWith(prefix),
    canSeal: key !== null,
    seal(plain, userId) {
      if (!key) throw keyMissing();
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv).setAAD(aad(userId));
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return prefix + [iv, cipher.getAuthTag(), body].map((b) => b.toString("base64")).join(":");
    },
    open(stored, userId) {
      if (!stored.startsWith(prefix)) return stored;
      if (!key) throw keyMissing();
      const [iv, tag, body] = stored
        .slice(prefix.length)
        .split(":")
        .map((p) => Buffer.from(p, "base64"));
      const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv!).setAAD(aad(userId));
      decipher.setAuthTag(tag!);
      return Buffer.concat([decipher.update(body!), decipher.final()]).toString("utf8");
    },
  };
}
