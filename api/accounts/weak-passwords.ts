import { createRequire } from "node:module";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";

/**
 * zxcvbn-ts's list of the ~49,000 most common passwords, lower case, as one string of lines, read at first use. The
 * package decodes its list into an array of 49,000 strings, 2.5 MB of heap for as long as a module holds it (4.3 MB
 * with a Set of them): it is loaded with `require`, its lines taken, and its modules let go of, leaving 0.4 MB.
 */
let common: string | undefined;
function commonPasswords(): string {
  if (common === undefined) {
    // A require of this call's own: the modules it loads are its children, and would be kept with it.
    const require = createRequire(import.meta.url);
    const loadedBefore = new Set(Object.keys(require.cache));
    const { dictionary } = require("@zxcvbn-ts/language-common") as typeof import("@zxcvbn-ts/language-common");
    common = `\n${(dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()).join("\n")}\n`;
    for (const file of Object.keys(require.cache)) if (!loadedBefore.has(file)) delete require.cache[file];
  }
  return common;
}

const isCommonPassword = (word: string) =>
  word.length > 0 && !word.includes("\n") && commonPasswords().includes(`\n${word}\n`);

/** Letters and digits only, lower case: "Heart-Line" and "heartline" are the same word to a guesser. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Whether a new password is one of the most common passwords, or built from the member's e-mail address or the
 * site's name or domain: the first things anyone guessing would try.
 */
export function isWeakPassword(site: Pick<SiteRow, "name" | "domain">, email: string, password: string): boolean {
  const candidate = plain(password);
  if (isCommonPassword(password.toLowerCase()) || isCommonPassword(candidate)) return true;
  const [local = ""] = email.split("@");
  const words = [email, local, site.name, site.domain, site.domain.split(".")[0] ?? ""]
    .map(plain)
    .filter((w) => w.length >= 4);
  return words.some((word) => candidate.includes(word));
}

/** Refuses a weak new password with a message at its field. */
export function refuseWeakPassword(
  site: Pick<SiteRow, "name" | "domain">,
  email: string,
  password: string,
  field: string,
) {
  if (isWeakPassword(site, email, password)) {
    throw new ApiError(400, "weak_password", "This password is too easy to guess.", {
      fields: { [field]: "validation.passwordCommon" },
    });
  }
}
