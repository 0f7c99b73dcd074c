import { redirect } from "react-router";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { loginRequestSchema, loginResponseSchema, type User, userResponseSchema } from "../../contract/user";
import { ApiCallError, type CallContext, callApi, expiredSessionCookie, hasSessionCookie } from "./api.server";
import { requestInfoContext } from "./request-context";

/** The logged-in member of this request, asked of the API once per request; null for a visitor. */
export function getMember(call: CallContext): Promise<User | null> {
  const info = call.context.get(requestInfoContext);
  if (!hasSessionCookie(call.request)) return Promise.resolve(null);
  info.member ??= callApi(call, "/user.php", { schema: userResponseSchema })
    .then((answer) => answer.user)
    .catch((error) => {
      if (error instanceof ApiCallError && error.code === "authentication_required") {
        info.setCookies.push(expiredSessionCookie());
        return null;
      }
      throw error;
    });
  return info.member;
}

/** The member, or a redirect to login that comes back here. */
export async function requireMember(call: CallContext): Promise<User> {
  const member = await getMember(call);
  if (!member) {
    const url = new URL(call.request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return member;
}

/** Visitors only: a member is sent to the members area. */
export async function requireVisitor(call: CallContext): Promise<void> {
  if (await getMember(call)) throw redirect("/members");
}

/**
 * remix-auth's form strategy over POST /api/user.php. The API owns the session cookie, which the API client
 * relays to the browser; the strategy answers the member.
 */
export function loginAuthenticator(call: Omit<CallContext, "request">) {
  const authenticator = new Authenticator<{ user: User; reactivated: boolean }>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const credentials = loginRequestSchema.parse({ email: form.get("email"), password: form.get("password") });
      return callApi({ request, context: call.context }, "/user.php", {
        method: "POST",
        body: credentials,
        schema: loginResponseSchema,
      });
    }),
    "form",
  );
  return authenticator;
}

/**
 * A path on this site to go to after a form, else `fallback`. The target must resolve to this origin: control
 * characters, white space and backslashes are refused outright, since browsers drop or rewrite them
 * ("/\t/evil.example" becomes "//evil.example"). The result is checked as well as the input: resolving dot-segments
 * turns "/.//evil.example" into "//evil.example", another host to a browser.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  const path = pathOnThisSite(target);
  return path !== null && pathOnThisSite(path) === path ? path : fallback;
}

/** The path, query and fragment `target` resolves to when it stays on this origin, else null. */
function pathOnThisSite(target: FormDataEntryValue | string | null | undefined): string | null {
  if (typeof target !== "string" || !target.startsWith("/") || /[\p{Cc}\s\\]/u.test(target)) return null;
  const base = "http://this.site";
  try {
    const url = new URL(target, base);
    return url.origin === base ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}
