import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files live (docs/architecture.md "Embedded defaults and the way out": photos). Keys are relative
 * paths such as `chat/12/345-800.webp`, the same on every implementation, so an S3-compatible store can take the
 * place of the local disk without the callers changing.
 */
export interface FileStorage {
  /** Stores the bytes under the key, replacing what was there; readers see the old file or the new, never half. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The bytes under the key, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes the key; a key that is already gone is no error. */
  remove(key: string): Promise<void>;
}

/** The content type of a stored photo file, by its name. */
export const photoContentType = (key: string) =>
  key.endsWith(".webp") ? "image/webp" : key.endsWith(".jpg") ? "image/jpeg" : "application/octet-stream";

// Segments of safe characters joined by single slashes: no empty segment, so no leading or trailing slash.
const keyPattern = /^[A-Za-z0-9_.-]+(\/[A-Za-z0-9_.-]+)*$/;

/**
 * Throws unless the key is a plain relative path: only `[A-Za-z0-9/_.-]`, no leading slash, no `..`, no `.` segment.
 * Backslashes and drive letters fail the character set, so a key cannot leave the storage's root on any platform.
 */
export function assertStorageKey(key: string): void {
  if (!keyPattern.test(key) || key.includes("..") || key.split("/").includes(".")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** Errors that mean the file is not there: ENOTDIR when a folder on the path is a file. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

/**
 * The default FileStorage: files under `root` (DATA_DIR/uploads), folders made as needed. A put writes a temporary
 * file in the target's folder and renames it over the target, which is atomic on one file system, so a file being
 * served is never seen half written and a crash leaves at most a stray `.tmp` file.
 */
export function localDiskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.resolve(base, key);
    // The key check already rules this out; kept so a future change to it cannot open the rest of the disk.
    if (!file.startsWith(base + path.sep)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  };

  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${crypto.randomBytes(6).toString("hex")}.tmp`;
      try {
        const handle = await fs.open(temp, "wx");
        try {
          await handle.writeFile(bytes);
          // Flushed before the rename, so a crash cannot leave the new name on an empty file.
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, file);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return await fs.readFile(file);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const file = fileOf(key);
      try {
        await fs.unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}
