import type { Locale } from "../../contract/locales";
import { userResponseSchema } from "../../contract/user";
import { type CallContext, callApi } from "./api.server";
import { getMember } from "./auth.server";
import { cookieOptions, languageCookie } from "./cookies.server";

/**
 * A language chosen by the visitor (docs/product.md §4.14): kept in the language cookie for 365 days and, for a
 * member, as their stored language (used for mails). Answers the cookie to set.
 */
export async function chooseLanguage(call: CallContext, language: Locale): Promise<string> {
  if (await getMember(call)) {
    await callApi(call, "/user.php", { method: "PUT", body: { language }, schema: userResponseSchema });
  }
  return languageCookie.serialize(language, cookieOptions(call.request));
}
