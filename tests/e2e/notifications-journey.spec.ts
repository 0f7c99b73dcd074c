import type { APIRequestContext, Page } from "@playwright/test";
import {
  createMember,
  entryWarningAlreadyConfirmed,
  expect,
  fill,
  logIn,
  logInFromTopBar,
  openAccountMenu,
  openProfileFromSearch,
  strings,
  type TestMember,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

/** The unsubscribe link of the newest notification mail to `to`, once the server has sent it (it looks every 2 s). */
async function unsubscribeLink(request: APIRequestContext, to: string) {
  let link: string | undefined;
  await expect(async () => {
    const outbox = await (await request.get("/api/dev-outbox.php")).json();
    const mail = outbox.messages.find((m: { to: string; links: string[] }) => m.to === to);
    link = mail?.links.find((l: string) => new URL(l).pathname === "/unsubscribe");
    expect(link).toBeTruthy();
  }).toPass({ timeout: 20_000 });
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** Anna likes Ben from his profile, as a member does. */
async function like(page: Page, anna: TestMember, ben: TestMember) {
  await logIn(page, anna);
  await openProfileFromSearch(page, { name: ben.name, gender: "male" });
  await page.getByRole("button", { name: en.profile.like, exact: true }).click();
  await expect(page.getByRole("button", { name: en.profile.unlike })).toBeVisible();
}

test("a like is mailed; its link unsubscribes without a login; the member is told and turns it back on", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await like(page, anna, ben);

  // Ben opens the link from his mail, logged out: asked first, then unsubscribed.
  const benContext = await browser.newContext({ ...testInfo.project.use });
  await entryWarningAlreadyConfirmed(benContext);
  const benPage = await benContext.newPage();
  await benPage.goto(await unsubscribeLink(request, ben.email));
  const what = en.notifications.unsubscribe.what.likes;
  await expect(benPage.getByText(fill(en.notifications.unsubscribe.question, { what }))).toBeVisible();
  await benPage.getByRole("button", { name: en.notifications.unsubscribe.confirm }).click();
  await expect(benPage.getByRole("status")).toContainText(fill(en.notifications.unsubscribe.done, { what }));
  // A link that is no one's (a mail client cut it short): an address from outside the site.
  await benPage.goto("/unsubscribe?token=not-a-token-of-anyone-at-all&event=likes");
  await benPage.getByRole("button", { name: en.notifications.unsubscribe.confirm }).click();
  await expect(benPage.getByRole("alert")).toContainText(en.notifications.unsubscribe.invalid);

  // Logged in, Ben sees why mail stopped, and saving his settings turns it back on.
  await logInFromTopBar(benPage, ben);
  const alert = benPage.getByRole("complementary", { name: en.notifications.title, exact: true });
  await expect(alert).toContainText(en.notifications.disabled.listunsubscribe);
  await alert.getByRole("link", { name: en.notifications.disabled.action }).click();
  const email = benPage.getByRole("group", { name: en.notifications.emailTitle });
  const push = benPage.getByRole("group", { name: en.notifications.push.title });
  const likes = email.getByRole("checkbox", { name: en.notifications.likes });
  await expect(likes).not.toBeChecked();
  await expect(email.getByRole("checkbox", { name: en.notifications.messages })).toBeChecked();
  await likes.check();
  // Push choices are separate from mail ones, and saved with them.
  await expect(push.getByRole("checkbox", { name: en.notifications.likes })).toBeChecked();
  await push.getByRole("checkbox", { name: en.notifications.matches }).uncheck();
  await benPage.getByLabel(en.notifications.timeZone).selectOption("Europe/Dublin");
  await benPage.getByRole("button", { name: en.notifications.save }).click();
  await expect(benPage.getByText(en.notifications.saved)).toBeVisible();
  await expect(benPage.getByRole("complementary", { name: en.notifications.title, exact: true })).toHaveCount(0);
  await benPage.reload();
  await expect(email.getByRole("checkbox", { name: en.notifications.likes })).toBeChecked();
  await expect(push.getByRole("checkbox", { name: en.notifications.matches })).not.toBeChecked();
  await expect(benPage.getByLabel(en.notifications.timeZone)).toHaveValue("Europe/Dublin");
});

test("a bounce reported by the mail provider is explained, and the alert stays closed once closed", async ({
  page,
  request,
}) => {
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  const bounce = await request.post("/api/mail-events.php", {
    data: { email: ben.email, event: "bounce" },
    headers: { authorization: "Bearer e2e-mail-events-token-0123456789" },
  });
  expect(bounce.status()).toBe(200);
  await logIn(page, ben);
  const alert = page.getByRole("complementary", { name: en.notifications.title, exact: true });
  await expect(alert).toContainText(fill(en.notifications.disabled.bounce, { email: ben.email }));
  await alert.getByRole("button", { name: en.notifications.disabled.dismiss }).click();
  await expect(page).toHaveURL(/\/members/);
  await expect(page.getByRole("complementary", { name: en.notifications.title, exact: true })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("complementary", { name: en.notifications.title, exact: true })).toHaveCount(0);
});

test("a mail client's one-click unsubscribe (RFC 8058) works as the button does", async ({ page, request }) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await like(page, anna, ben);
  // What Gmail and others send, server to server: no cookie, no Origin, the link's own URL.
  const oneClick = await request.post(await unsubscribeLink(request, ben.email), {
    form: { "List-Unsubscribe": "One-Click" },
  });
  expect(oneClick.status()).toBe(200);
  await page.context().clearCookies();
  await logIn(page, ben);
  await openAccountMenu(page, en.nav.settings);
  const email = page.getByRole("group", { name: en.notifications.emailTitle });
  await expect(email.getByRole("checkbox", { name: en.notifications.likes })).not.toBeChecked();
});
