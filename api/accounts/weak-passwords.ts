import { dictionary } from "@zxcvbn-ts/language-common";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";

// zxcvbn-ts's list of the ~49,000 most common passwords, read once and on first use.
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set((dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return common;
}

/** Letters and digits only, lower case: "Heart-Line" and "heartline" are the same word to a guesser. */
const plain = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * Whether a new password is one of the most common passwords, or built from the member's e-mail address or the
 * site's name or domain: the first things anyone guessing would try.
 */
export function isWeakPassword(site: Pick<SiteRow, "name" | "domain">, email: string, password: string): boolean {
  const candidate = plain(password);
  if (commonPasswords().has(password.toLowerCase()) || commonPasswords().has(candidate)) return true;
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
