import { type APIRequestContext, type Page, request as playwrightRequest } from "@playwright/test";
import { createMember, expect, fill, skipEntryWarning, strings, test } from "./support/fixtures";

const { en } = strings;

/** The journey's one `goto`: the login page, which returns to `path` afterwards. */
async function logInTo(page: Page, member: { email: string; password: string }, path: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** A member's own API session: the messages written before the journey. */
async function apiSession(member: { email: string; password: string }): Promise<APIRequestContext> {
  const session = await playwrightRequest.newContext({
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 3100}`,
  });
  expect((await session.post("/api/user.php", { data: member })).status()).toBe(200);
  return session;
}

async function write(from: { email: string; password: string }, to: number, text: string) {
  const session = await apiSession(from);
  const sent = await session.post("/api/message.php", {
    data: { to, text },
    headers: { "Idempotency-Key": crypto.randomUUID() },
  });
  expect(sent.ok()).toBe(true);
  const { user } = await (await session.get("/api/user.php")).json();
  await session.dispose();
  return user.id as number;
}

async function chatNames(member: { email: string; password: string }) {
  const session = await apiSession(member);
  const { chats } = await (await session.get("/api/chats.php")).json();
  await session.dispose();
  return chats.map((chat: { profile: { name: string } }) => chat.profile.name);
}

test("'Delete conversations with {name}' on a profile removes them from the member's list only", async ({
  page,
  request,
}) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  const carl = await createMember(request, { gender: "male", seeking: "female" });
  await write(ben, anna.id, "Hello Anna");
  await write(anna, ben.id, "Hello Ben");
  await write(carl, anna.id, "Hi from Carl");

  await logInTo(page, anna, `/members/${ben.id}`);
  const deleteAll = fill(en.chat.deleteAllWith, { name: ben.name });
  await page.getByRole("link", { name: deleteAll }).click();
  // A confirm step, with a way back.
  await expect(
    page.getByRole("heading", { name: fill(en.chat.deleteAllConfirmTitle, { name: ben.name }) }),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: en.chat.keep })).toBeVisible();
  await page.getByRole("button", { name: deleteAll }).click();

  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByText(fill(en.chat.deletedAllWith, { name: ben.name }))).toBeVisible();
  const list = page.getByRole("list", { name: en.chat.list });
  await expect(list.getByRole("link", { name: new RegExp(`^${carl.name}`) })).toBeVisible();
  await expect(list.getByRole("link", { name: new RegExp(`^${ben.name}`) })).toHaveCount(0);
  // Ben keeps his.
  expect(await chatNames(ben)).toEqual([anna.name]);
});

test("'Delete conversations with {name}' in the chat's Info menu removes them too", async ({ page, request }) => {
  const dora = await createMember(request, { gender: "female", seeking: "male" });
  const eric = await createMember(request, { gender: "male", seeking: "female" });
  await write(eric, dora.id, "Hello Dora");

  await logInTo(page, dora, "/chats");
  await page
    .getByRole("list", { name: en.chat.list })
    .getByRole("link", { name: new RegExp(`^${eric.name}`) })
    .click();
  await page.locator("summary", { hasText: en.chat.info }).click();
  const deleteAll = fill(en.chat.deleteAllWith, { name: eric.name });
  await page.getByRole("link", { name: deleteAll }).click();
  await page.getByRole("button", { name: deleteAll }).click();

  await expect(page).toHaveURL(/\/chats$/);
  await expect(page.getByText(fill(en.chat.deletedAllWith, { name: eric.name }))).toBeVisible();
  await expect(page.getByText(en.chat.noChats)).toBeVisible();
  expect(await chatNames(dora)).toEqual([]);
  expect(await chatNames(eric)).toEqual([dora.name]);
});
