import {
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
} from "@playwright/test";
import sharp from "sharp";
import { keyOf } from "../../../app/i18n/keys";
import de from "../../../app/i18n/locales/de/common.json" with { type: "json" };
import en from "../../../app/i18n/locales/en/common.json" with { type: "json" };
import nl from "../../../app/i18n/locales/nl/common.json" with { type: "json" };
import { embeddedTranslator } from "../../../app/i18n/translator";

export const strings = { en, de, nl };

/**
 * A string as the page shows it: the plural form and number format of its language, through the browser's own
 * translator (held to i18next by translator.test.ts), and a sentence's link tags (<Trans>) as their text.
 */
export function say(locale: keyof typeof strings, key: string, values?: Record<string, unknown>) {
  return embeddedTranslator(locale, strings[locale])
    .t(keyOf(key), values)
    .replace(/<\/?[\w-]+\s*\/?>/g, "");
}

/** The demo logins of the README. */
export const demo = {
  free: { email: "free@example.com", password: "demo-free-2026", name: "Emma" },
  premium: { email: "premium@example.com", password: "demo-premium-2026", name: "Lucas" },
  moderator: { email: "moderator@example.com", password: "demo-moderator-2026", name: "Moderator" },
};

/** i18next-style interpolation for expected texts. */
export function fill(text: string, values: Record<string, string | number>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

/** A console error during a test is a failure (docs/architecture.md "Conventions"). */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 4xx answer (a rejected form, the 404 page) is part of the journey, not a fault of the page.
        if (message.type() === "error" && !/status of 4\d\d/.test(message.text())) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A browser that confirmed the entry warning on an earlier visit (its cookie), for journeys that are not about it. */
export async function entryWarningAlreadyConfirmed(context: BrowserContext) {
  await context.addCookies([{ name: "entry_warning_skipped", value: "1", url: test.info().project.use.baseURL! }]);
}

/**
 * A device that closed the time-bonus popup before (its flag in localStorage, docs/product.md §3.15), for journeys that
 * are not about it: a new member's journey that outlasts the popup's 40 s would find it in front of the page.
 */
export async function timeBonusPopupAlreadyClosed(context: BrowserContext) {
  await context.addInitScript(() =>
    localStorage.setItem("hide-time-bonus-modal", JSON.stringify({ at: new Date().toISOString() })),
  );
}

/** Waits until React has taken over the element: the page has hydrated, so a click is a client navigation. */
export async function hydrated(element: Locator) {
  await expect
    .poll(() => element.evaluate((el) => Object.keys(el).some((key) => key.startsWith("__reactProps"))))
    .toBe(true);
}

/** Confirms the adult-content entry warning, as every first visit must. */
export async function skipEntryWarning(page: Page) {
  await page
    .getByRole("dialog")
    .getByRole("button", { name: say("en", "entryWarning.enter", { count: 18 }) })
    .click();
  await expect(page.getByRole("dialog")).toBeHidden();
}

export interface TestMember {
  id: number;
  name: string;
  email: string;
  password: string;
}

/**
 * A new, activated member made through the member API (signup, then the activation link from the outbox), so
 * each journey has members of its own whatever ran before.
 */
export async function createMember(
  request: import("@playwright/test").APIRequestContext,
  options: { gender: "male" | "female"; seeking: "male" | "female"; country?: string },
): Promise<TestMember> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const member = { name: `T${suffix}`, email: `t-${suffix}@example.com`, password: "journey password" };
  const signup = await request.post("/api/signup.php", {
    data: {
      gender: options.gender,
      seeking: options.seeking,
      date_of_birth: "1991-02-03",
      country: options.country ?? "IE",
      name: member.name,
      email: member.email,
      password: member.password,
      language: "en",
    },
  });
  expect(signup.status()).toBe(201);
  const { user } = await signup.json();
  const outbox = await (await request.get("/api/dev-outbox.php")).json();
  const link: string = outbox.messages.find((m: { to: string }) => m.to === member.email).links[0];
  const token = new URL(link).searchParams.get("token");
  expect((await request.post("/api/activate.php", { data: { token } })).status()).toBe(200);
  await withoutQuietHours(member);
  return { id: user.id, ...member };
}

/**
 * Quiet hours off (docs/product.md §4.16), so that a journey's notifications go out whatever the hour the suite
 * runs at. Logged in for the change in a context of its own: journeys make members in parallel with one `request`.
 */
async function withoutQuietHours(member: { email: string; password: string }) {
  const session = await playwrightRequest.newContext({ baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}` });
  try {
    expect((await session.post("/api/user.php", { data: member })).status()).toBe(200);
    const { settings } = await (await session.get("/api/notification-settings.php")).json();
    const saved = await session.put("/api/notification-settings.php", { data: { ...settings, quiet_hours: false } });
    expect(saved.status()).toBe(200);
  } finally {
    await session.dispose();
  }
}

/**
 * Goes through the signup's steps from the first (genders) to "Create account", in the page's language, with plain
 * answers; the caller checks where it lands.
 */
export async function fillSignupSteps(
  page: Page,
  locale: keyof typeof strings,
  answers: {
    gender: "male" | "female";
    seeking: "male" | "female";
    dateOfBirth: string;
    country: string;
    name: string;
    email: string;
    password: string;
  },
) {
  const s = strings[locale].signup;
  await page.getByLabel(s.genders[answers.gender], { exact: true }).check();
  await page.getByLabel(s.seekingOptions[answers.seeking], { exact: true }).check();
  await page.getByRole("button", { name: s.next }).click();
  await page.getByLabel(s.dateOfBirth).fill(answers.dateOfBirth);
  await page.getByRole("button", { name: s.next }).click();
  await page.getByLabel(s.country).selectOption(answers.country);
  await page.getByRole("button", { name: s.next }).click();
  await page.getByLabel(s.name).fill(answers.name);
  await page.getByRole("button", { name: s.next }).click();
  await page.getByLabel(s.email).fill(answers.email);
  await page.getByLabel(s.password, { exact: true }).fill(answers.password);
  await page.getByLabel(say(locale, "signup.termsConsent", { count: 18 }), { exact: false }).check();
  await page.getByRole("button", { name: s.create }).click();
}

/** Opens the newest mailed link to `to` whose path starts with `path`, as a member would from their inbox. */
export async function followMailedLink(page: Page, to: string, path: string) {
  await page.goto("/dev/outbox");
  const link = page
    .getByRole("listitem")
    .filter({ hasText: to })
    .getByRole("link", { name: new RegExp(path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")) })
    .first();
  await page.goto((await link.getAttribute("href"))!);
}

/** Logs in from the login page, opened by its address: the start of a member's journey. */
export async function logIn(page: Page, member: { email: string; password: string }) {
  await page.goto("/login");
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await submitLogin(page, member);
}

/** Logs in from the page a visitor is on, by the top bar's Login button. */
export async function logInFromTopBar(page: Page, member: { email: string; password: string }) {
  await page.getByRole("banner").getByRole("link", { name: en.nav.login }).click();
  await submitLogin(page, member);
}

async function submitLogin(page: Page, member: { email: string; password: string }) {
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(/\/members/);
}

/**
 * Opens a member's profile as another member finds it: "Search members" in the top bar, their gender and country,
 * then their card (the most recently active come first, so a journey's new member is on the first page).
 */
export async function openProfileFromSearch(
  page: Page,
  member: { name: string; gender: "male" | "female"; country?: string },
) {
  await page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.searchMembers }).click();
  await page.getByLabel(en.search.gender).selectOption(member.gender);
  await page.getByLabel(en.signup.country).selectOption(member.country ?? "IE");
  await page.getByRole("button", { name: en.search.submit }).click();
  await page.getByRole("link", { name: fill(en.profile.open, { name: member.name }) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(member.name);
}

/** Opens a page of the account menu (My profile, Settings, Moderation), as a member does from any page. */
export async function openAccountMenu(page: Page, item: string) {
  const menu = page.locator("details", { has: page.locator("summary", { hasText: en.nav.account }) });
  await menu.locator("summary").click();
  await menu.getByRole("link", { name: item, exact: true }).click();
}

/** Adds a photo through the upload form of /profile, as a member picks one from their phone. */
export async function uploadPhoto(page: Page, colour: string) {
  const photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  await page
    .getByLabel(en.photos.file, { exact: true })
    .setInputFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: en.photos.upload }).click();
  await expect(page.getByText(en.photos.added)).toBeVisible();
}
