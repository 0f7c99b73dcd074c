import http from "node:http";
import type { AddressInfo } from "node:net";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, expect, test, vi } from "vitest";
import type { User } from "../../contract/user";
import { settingsFixture } from "../../tests/support/settings-fixture";
import { type RequestInfo, requestInfoContext } from "../services/request-context";

/*
 * docs/product.md §7.3: every form action of app/routes, posted while the API gives no answer, answers its form again
 * with what was typed and the "try again" message (or goes back to its page with it as a flash), never the 503 page.
 * The table below names a post for every module that exports an `action`; a module added without a row fails the first
 * test. The API here is a stand-in that answers 503 to everything; the reads an action makes before its write (the
 * member, the staff's second factor, the settings) are served the way the web tier serves them in an outage: from the
 * answers it kept of a moment ago (app/services/api-stale.server.ts).
 */

type Who = "visitor" | "member" | "moderator" | "admin" | "admin without code";

/** What the outage must answer. */
type Outcome =
  /** The form again (a 503 with data): the message, the typed values in `kept`, never the ones in `hidden`. */
  | { form: string[]; hidden?: string[]; message?: string }
  /** A form that is only a button: a redirect to `flash`, with the message as the flash. */
  | { flash: string }
  /** A fetch from a script: a 503 whose JSON carries the message. */
  | "json"
  /** A beacon: answered 204 whatever the API does. */
  | "beacon"
  /** Nothing of the API is needed (a cookie, a 404): it must not be called. */
  | "no call";

interface Post {
  url: string;
  params?: Record<string, string>;
  form?: Record<string, string | File>;
  as: Who;
  outage: Outcome;
}

const key = "key-0123456789";
const message = "errors.apiUnavailable";

const posts: Record<string, Post[]> = {
  "activation-mail": [
    { url: "/activation-mail", form: { redirectTo: "/members" }, as: "member", outage: { flash: "/members" } },
  ],
  "admin-bundles": [
    {
      url: "/admin/bundles",
      form: { intent: "add", currency: "EUR", credits: "250", price: "19.99" },
      as: "admin",
      outage: { form: ["EUR", "250", "19.99"] },
    },
  ],
  "admin-confirm": [
    {
      url: "/admin/confirm?next=/admin",
      form: { intent: "password", password: "the admin's password" },
      as: "admin",
      outage: { form: [], hidden: ["the admin's password"] },
    },
  ],
  "admin-discounts": [
    {
      url: "/admin/discounts",
      form: { intent: "create", code: "SPRING26", value_percentage: "15", max_uses: "40" },
      as: "admin",
      outage: { form: ["SPRING26", "15", "40"] },
    },
  ],
  "admin-members-member": [
    {
      url: "/admin/members/5",
      params: { id: "5" },
      form: { intent: "credits", amount: "25", reason: "Goodwill after the outage", key },
      as: "admin",
      outage: { form: ["Goodwill after the outage"] },
    },
  ],
  "admin-payments-id": [
    {
      url: "/admin/payments/3",
      params: { id: "3" },
      form: { reason: "Charged twice", key },
      as: "admin",
      outage: { form: ["Charged twice"] },
    },
  ],
  "admin-settings-group": [
    {
      url: "/admin/settings/prices",
      params: { group: "prices" },
      form: { "prices.message_credits": "17" },
      as: "admin",
      outage: { form: ['"17"'] },
    },
  ],
  admin: [
    { url: "/admin", form: { code: "123456" }, as: "admin without code", outage: { form: [], hidden: ["123456"] } },
  ],
  appeal: [
    {
      url: "/appeal",
      form: { token: "appeal-token-0123456789", text: "The photo is of me" },
      as: "visitor",
      outage: { form: ["The photo is of me"] },
    },
  ],
  chats: [
    {
      url: "/chats/4",
      params: { id: "4" },
      form: { intent: "text", text: "Still there?", key },
      as: "member",
      outage: { form: ["Still there?"] },
    },
  ],
  complaints: [
    {
      url: "/complaints",
      form: { email: "someone@example.com", name: "Some One", reason: "other", details: "A copy of my photo" },
      as: "visitor",
      // The API's own 503 here is most often the receipt mail: its message says to try again as well.
      outage: { form: ["someone@example.com", "A copy of my photo"], message: "report.mailFailed" },
    },
  ],
  "credits-checkout": [
    {
      url: "/credits/2/ideal",
      params: { id: "2", paymentmethod: "ideal" },
      form: { method: "ideal", discountcode: "WELCOME", key },
      as: "member",
      outage: { form: ["WELCOME"] },
    },
  ],
  "credits-repeat-order": [
    { url: "/credits/repeat-order", form: { bundle: "2", method: "ideal", key }, as: "member", outage: { form: [] } },
  ],
  "credits-returns": [{ url: "/credits/returns", form: { payment: "3", key }, as: "member", outage: { form: [] } }],
  "direct-debit": [
    {
      url: "/directdebit",
      form: { intent: "code", request: "12", code: "471100", key },
      as: "member",
      outage: { form: ["471100"] },
    },
  ],
  "entry-warning": [{ url: "/entry-warning", form: { redirectTo: "/" }, as: "visitor", outage: "no call" }],
  "lang-config": [{ url: "/lang-config", form: { language: "en" }, as: "member", outage: { flash: "/lang-config" } }],
  language: [
    {
      url: "/language",
      form: { language: "de", redirectTo: "/notifications" },
      as: "member",
      outage: { flash: "/notifications" },
    },
  ],
  login: [
    {
      url: "/login",
      form: { email: "emma@example.com", password: "her password" },
      as: "visitor",
      outage: { form: ["emma@example.com"], hidden: ["her password"] },
    },
  ],
  logout: [
    { url: "/logout", form: { redirectTo: "/members?page=2" }, as: "member", outage: { flash: "/members?page=2" } },
  ],
  "mail-alert": [{ url: "/notifications-alert", form: { redirectTo: "/" }, as: "member", outage: "no call" }],
  "members-id-chat": [
    {
      url: "/members/5/chat",
      params: { id: "5" },
      form: { intent: "text", text: "Hello Emma", key },
      as: "member",
      outage: { form: ["Hello Emma"] },
    },
  ],
  "members-id": [
    { url: "/members/5", params: { id: "5" }, form: { intent: "like" }, as: "member", outage: { flash: "/members/5" } },
  ],
  "moderation-second-factor": [
    {
      url: "/moderation/second-factor",
      form: { code: "654321" },
      as: "moderator",
      outage: { form: [], hidden: ["654321"] },
    },
  ],
  moderation: [
    {
      url: "/moderation",
      form: { intent: "report", id: "3", decision: "dismiss", explanation: "Within the rules" },
      as: "moderator",
      outage: { form: ["Within the rules"] },
    },
    {
      url: "/moderation",
      form: { intent: "appeal", id: "3", decision: "uphold", explanation: "Seen again" },
      as: "moderator",
      outage: { form: ["Seen again"] },
    },
    {
      url: "/moderation",
      form: { id: "8", decision: "reject", reason: "not_a_portrait" },
      as: "moderator",
      outage: { form: ["not_a_portrait"] },
    },
  ],
  "not-found": [{ url: "/nowhere", as: "visitor", outage: "no call" }],
  "page-hidden": [{ url: "/page-hidden", as: "member", outage: "beacon" }],
  "photo-warning": [{ url: "/photo-warning", form: { redirectTo: "/profile" }, as: "member", outage: "no call" }],
  profile: [
    {
      url: "/profile",
      form: { intent: "photo", action: "delete", id: "3" },
      as: "member",
      outage: { flash: "/profile#photos" },
    },
    {
      url: "/profile",
      form: { intent: "upload", photo: new File([new Uint8Array([1, 2, 3])], "me.jpg", { type: "image/jpeg" }) },
      as: "member",
      outage: { form: [] },
    },
  ],
  "push-alert": [{ url: "/push-alert", form: { redirectTo: "/members" }, as: "member", outage: "no call" }],
  "push-subscription": [
    {
      url: "/push-subscription",
      form: {
        intent: "subscribe",
        json: JSON.stringify({
          subscription: {
            endpoint: "https://push.example/1",
            expirationTime: null,
            keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) },
          },
        }),
      },
      as: "member",
      outage: "json",
    },
  ],
  report: [
    {
      url: "/report",
      form: { subject: "profile", id: "5", reason: "other", details: "Asks for money", back: "/members/5" },
      as: "member",
      outage: { form: ["Asks for money"] },
    },
  ],
  "reset-password-do": [
    {
      url: "/reset-password/do",
      form: {
        token: "reset-token-0123456789",
        password: "a new long password",
        password_confirm: "a new long password",
      },
      as: "visitor",
      outage: { form: [], hidden: ["a new long password"] },
    },
  ],
  "reset-password": [
    {
      url: "/reset-password",
      form: { email: "emma@example.com" },
      as: "visitor",
      outage: { form: ["emma@example.com"] },
    },
  ],
  settings: [
    {
      url: "/notifications",
      form: { intent: "email", email: "new@example.com", password: "my password" },
      as: "member",
      outage: { form: ["new@example.com"], hidden: ["my password"] },
    },
    {
      url: "/notifications",
      form: { intent: "invisible", invisible: "on" },
      as: "member",
      outage: { flash: "/notifications" },
    },
  ],
  signup: [
    {
      url: "/signup",
      form: signupForm(),
      as: "visitor",
      outage: { form: ["Anna", "anna@example.com"], hidden: ["a long password"] },
    },
  ],
  "members-id-signup": [
    {
      url: "/members/5/signup",
      params: { id: "5" },
      form: signupForm(),
      as: "visitor",
      outage: { form: ["Anna", "anna@example.com"], hidden: ["a long password"] },
    },
  ],
  "swipe-game": [
    { url: "/swipe-game", form: { id: "5", intent: "like" }, as: "member", outage: { flash: "/swipe-game" } },
  ],
  unsubscribe: [
    { url: "/unsubscribe?token=mail-token-0123456789abcdef&event=messages", as: "visitor", outage: { form: [] } },
  ],
};

/** The signup form at its last step, every answer given. */
function signupForm(): Record<string, string> {
  return {
    step: "4",
    gender: "female",
    seeking: "male",
    date_of_birth: "1990-04-05",
    country: "NL",
    region: "",
    city: "",
    name: "Anna",
    email: "anna@example.com",
    password: "a long password",
    terms: "on",
  };
}

// The stand-in API: down for every call, counting them.
let calls = 0;
const api = http.createServer((_req, res) => {
  calls++;
  res.writeHead(503, { "content-type": "application/json" });
  res.end(JSON.stringify({ error: "unavailable", message: "down" }));
});

type RouteModule = { action?: (args: unknown) => unknown };
const modules = import.meta.glob<RouteModule>("./*.tsx");
const nameOf = (file: string) => file.replace(/^\.\//, "").replace(/\.tsx$/, "");
let staleAnswers: typeof import("../services/api-stale.server").staleAnswers;
let takeFlash: typeof import("../services/flash.server").takeFlash;

beforeAll(async () => {
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  vi.stubEnv("API_URL", `http://127.0.0.1:${(api.address() as AddressInfo).port}/api`);
  vi.stubEnv("API_RETRIES", "1");
  vi.stubEnv("API_RETRY_BASE_MS", "1");
  vi.stubEnv("LOG_LEVEL", "silent");
  ({ staleAnswers } = await import("../services/api-stale.server"));
  ({ takeFlash } = await import("../services/flash.server"));
});
afterAll(() => new Promise((resolve) => api.close(resolve)));

const member = (who: Who) =>
  ({
    id: 7,
    email: "lucas@example.com",
    status: "active",
    language: "en",
    moderator: who !== "member",
    admin: who.startsWith("admin"),
  }) as User;

/** The request of `post`, and its context as server.ts makes it, with the answers of a moment ago kept. */
function requestOf(post: Post, session: string) {
  const url = `https://dating.example${post.url}`;
  const form = new FormData();
  for (const [name, value] of Object.entries(post.form ?? {})) form.set(name, value);
  const cookie = post.as === "visitor" ? "" : `__session=${session}; sid=${session}`;
  const request = new Request(url, { method: "POST", body: form, headers: { cookie } });
  const info: RequestInfo = { nonce: "", requestId: `req-${session}`, clientIp: "198.51.100.7", setCookies: [] };
  if (post.as !== "visitor") info.member = Promise.resolve(member(post.as));
  const context = new RouterContextProvider(new Map([[requestInfoContext, info]]));
  const read = (path: string, payload: unknown, query: Record<string, string> = {}) =>
    staleAnswers.set(staleAnswers.keyOf(new Request(url, { headers: { cookie } }), path, query), payload);
  read("/settings.php", settingsFixture, { domain: "dating.example" });
  if (post.as !== "visitor" && post.as !== "member") {
    const staff = post.as === "moderator" ? "moderator" : "admin";
    const verified = post.as !== "admin without code" && staff === "admin";
    read("/staff/second-factor.php", {
      role: staff,
      enrolled: true,
      enrolled_at: "2026-01-02T03:04:05.000Z",
      verified,
      recovery_codes_left: 8,
      setup: null,
    });
  }
  read("/profile.php", { profile: profileFixture }, { id: "5" });
  return { request, context };
}

const profileFixture = {
  id: 5,
  name: "Emma",
  age: 31,
  gender: "female",
  city: null,
  region: null,
  country: "NL",
  fictional: false,
  main_image: null,
  about: "",
  about_language: "en",
  photos: [],
  photo_count: 0,
  locked_photos: 0,
  fields: {},
  notes: {},
  interests: [],
  liked: false,
  liked_me: false,
  blocked: false,
  related: [],
};

/** What an action gave back, thrown or returned, as its status, its data and its headers. */
async function answerOf(run: () => unknown) {
  let outcome: unknown;
  let thrown = false;
  try {
    outcome = await run();
  } catch (error) {
    outcome = error;
    thrown = true;
  }
  if (outcome instanceof Response) {
    const text = outcome.status >= 300 && outcome.status < 400 ? "" : await outcome.text();
    return { thrown, status: outcome.status, body: text, headers: outcome.headers };
  }
  const init = (outcome as { type?: string; init?: ResponseInit } | null)?.type === "DataWithResponseInit";
  const { data, init: responseInit } = init
    ? (outcome as { data: unknown; init: ResponseInit })
    : { data: outcome, init: { status: 200 } };
  return { thrown, status: responseInit?.status ?? 200, body: JSON.stringify(data ?? null), headers: new Headers() };
}

test("every route module with an action has its posts in the table, and every row names such a module", async () => {
  const withAction: string[] = [];
  for (const [file, load] of Object.entries(modules))
    if (typeof (await load()).action === "function") withAction.push(nameOf(file));
  expect(Object.keys(posts).sort()).toEqual(withAction.sort());
}, 120_000);

const rows = Object.entries(posts).flatMap(([name, list]) => list.map((post, i) => ({ name, post, i })));

test.each(rows)("$name ($post.url, post $i) with the API down", async ({ name, post, i }) => {
  const load = modules[`./${name}.tsx`];
  if (!load) throw new Error(`no route module ${name}`);
  const { action } = await load();
  const { request, context } = requestOf(post, `${name}-${i}`);
  const params = post.params ?? {};
  const before = calls;
  const answer = await answerOf(() => action?.({ request, context, params }));
  const outcome = post.outage;

  if (outcome === "no call") {
    expect(calls - before).toBe(0);
    expect(answer.status).toBeLessThan(500);
    return;
  }
  expect(calls - before, "the action asked the API").toBeGreaterThan(0);
  if (outcome === "beacon") return expect(answer.status).toBe(204);
  if (outcome === "json") {
    expect(answer.status).toBe(503);
    return expect(JSON.parse(answer.body)).toMatchObject({ ok: false, message });
  }
  if ("flash" in outcome) {
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe(outcome.flash);
    const cookie = answer.headers.get("set-cookie")?.split(";")[0] ?? "";
    const { flash } = await takeFlash(new Request("https://dating.example/", { headers: { cookie } }));
    return expect(flash).toMatchObject({ message, tone: "danger" });
  }
  // Returned, not thrown: a thrown answer is the error page. A 503, as every outage answer, tells scripts and
  // monitors the site is unavailable rather than the input wrong.
  expect(answer.thrown, answer.body).toBe(false);
  expect(answer.status, answer.body).toBe(503);
  expect(answer.body).toContain(outcome.message ?? message);
  for (const typed of outcome.form) expect(answer.body).toContain(typed);
  for (const secret of outcome.hidden ?? []) expect(answer.body).not.toContain(secret);
});
