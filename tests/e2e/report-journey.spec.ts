import type { APIRequestContext } from "@playwright/test";
import {
  createMember,
  demo,
  expect,
  logIn,
  openAccountMenu,
  openProfileFromSearch,
  skipEntryWarning,
  strings,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

/** The newest mailed link to `to` with this path. */
async function mailedLink(request: APIRequestContext, to: string, path: string) {
  const outbox = await (await request.get("/api/dev-outbox.php")).json();
  const mail = outbox.messages.find(
    (m: { to: string; links: string[] }) => m.to === to && m.links.some((l) => new URL(l).pathname === path),
  );
  const link = mail.links.find((l: string) => new URL(l).pathname === path) as string;
  return new URL(link).pathname + new URL(link).search;
}

test("a member reports a profile; a moderator suspends it; the member appeals once from the mailed link", async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Three people in three browsers (member, moderator, reported member) and two mails: more than one journey's minute.
  test.slow();
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);
  await openProfileFromSearch(page, { name: ben.name, gender: "male" });
  await page.getByRole("link", { name: en.report.profile }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.report.titles.profile })).toBeVisible();

  // "Something else" without words is refused at the field; the choice stays.
  await page.getByRole("radio", { name: en.report.reasons.other }).check();
  await page.getByRole("button", { name: en.report.send }).click();
  await expect(page.getByText(en.report.detailsRequired)).toBeVisible();
  await expect(page.getByRole("radio", { name: en.report.reasons.other })).toBeChecked();
  await page.getByLabel(en.report.details).fill("He asks everyone for money");
  await page.getByRole("button", { name: en.report.send }).click();
  await expect(page).toHaveURL(new RegExp(`/members/${ben.id}$`));
  const receipt = page.getByRole("status");
  await expect(receipt).toContainText(en.report.received.split("{{")[0]!.trim());
  const reference = /R-\d+/.exec((await receipt.textContent()) ?? "")![0];

  // The moderator sees the case with its reason and words, and suspends the account for a week.
  const modContext = await browser.newContext({ ...testInfo.project.use });
  const mod = await modContext.newPage();
  await logIn(mod, demo.moderator);
  await openAccountMenu(mod, en.nav.moderation);
  const card = mod.getByRole("article", { name: new RegExp(reference) });
  await expect(card).toContainText("He asks everyone for money");
  await card.getByLabel(en.moderation.decision).selectOption("suspend");
  await card.getByRole("button", { name: en.moderation.decide }).click();
  await expect(
    mod.getByRole("article", { name: new RegExp(reference) }).getByText(en.moderation.daysRequired),
  ).toBeVisible();
  const again = mod.getByRole("article", { name: new RegExp(reference) });
  await again.getByLabel(en.moderation.days).selectOption("7");
  await again.getByLabel(en.moderation.ground).selectOption("fake");
  await again.getByRole("button", { name: en.moderation.decide }).click();
  await expect(mod.getByRole("status")).toHaveText(en.moderation.decided);
  await expect(mod.getByRole("article", { name: new RegExp(reference) })).toHaveCount(0);
  await modContext.close();

  // Ben cannot log in, and appeals from the link in his mail.
  const benContext = await browser.newContext({ ...testInfo.project.use });
  const benPage = await benContext.newPage();
  await benPage.goto("/login");
  if (await benPage.getByRole("dialog").count()) await skipEntryWarning(benPage);
  await benPage.getByLabel(en.login.email).fill(ben.email);
  await benPage.getByLabel(en.login.password).fill(ben.password);
  await benPage.getByRole("button", { name: en.login.submit }).click();
  await expect(benPage.getByRole("alert")).toHaveText(en.login.suspended);

  const appealLink = await mailedLink(request, ben.email, "/appeal");
  // The link in his mail: an address from outside the site.
  await benPage.goto(appealLink);
  await expect(benPage.getByRole("heading", { level: 1, name: en.appeal.title })).toBeVisible();
  await expect(benPage.locator("dl")).toContainText(en.appeal.reasons.fake);
  await benPage.getByRole("button", { name: en.appeal.send }).click();
  await expect(benPage.getByText(en.appeal.textRequired)).toBeVisible();
  await benPage.getByLabel(en.appeal.text).fill("I have never asked anyone for money.");
  await benPage.getByRole("button", { name: en.appeal.send }).click();
  await expect(benPage.getByRole("status")).toHaveText(en.appeal.received);
  // The same mailed link once more.
  await benPage.goto(appealLink);
  await expect(benPage.getByText(en.appeal.already)).toBeVisible();
  await benContext.close();

  // Anna hears the outcome of her report.
  const outbox = await (await request.get("/api/dev-outbox.php")).json();
  expect(outbox.messages.map((m: { to: string; subject: string }) => `${m.to} ${m.subject}`)).toContain(
    `${anna.email} Your report ${reference}: our decision`,
  );
});

test("anyone can send a complaint from the footer and gets a receipt; nothing typed is lost on a refusal", async ({
  page,
  request,
}) => {
  await page.goto("/");
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await page.getByRole("link", { name: en.footer.complaints }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.complaints.title })).toBeVisible();
  await page.getByLabel(en.complaints.name).fill("Vera");
  await page.getByRole("radio", { name: en.report.reasons.spam }).check();
  await page.getByLabel(en.complaints.details).fill("Someone sends me adverts");
  await page.getByRole("button", { name: en.complaints.send }).click();
  await expect(page.getByLabel(en.complaints.email)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(en.complaints.details)).toHaveValue("Someone sends me adverts");
  await expect(page.getByLabel(en.complaints.name)).toHaveValue("Vera");

  const email = `vera-${Date.now()}@example.com`;
  await page.getByLabel(en.complaints.email).fill(email);
  await page.getByRole("button", { name: en.complaints.send }).click();
  const receipt = page.getByRole("status");
  await expect(receipt).toContainText(email);
  const reference = /R-\d+/.exec((await receipt.textContent()) ?? "")![0];
  const outbox = await (await request.get("/api/dev-outbox.php")).json();
  const mail = outbox.messages.find((m: { to: string }) => m.to === email);
  expect(mail.subject).toBe(`We received your complaint ${reference}`);

  // A second complaint to the same address the same day mails nothing: said at the address, the text kept.
  await page.getByRole("link", { name: en.footer.complaints }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.complaints.title })).toBeVisible();
  await page.getByLabel(en.complaints.email).fill(email);
  await page.getByRole("radio", { name: en.report.reasons.spam }).check();
  await page.getByLabel(en.complaints.details).fill("And again");
  await page.getByRole("button", { name: en.complaints.send }).click();
  await expect(page.getByText(en.complaints.receiptSentToday)).toBeVisible();
  await expect(page.getByLabel(en.complaints.email)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(en.complaints.details)).toHaveValue("And again");
});
