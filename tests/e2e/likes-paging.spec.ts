import {
  createMember,
  entryWarningAlreadyConfirmed,
  expect,
  logIn,
  say,
  strings,
  type TestMember,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// docs/product.md §2.9: the likes lists 24 a page, with plain links to the previous and next page.

let popular: TestMember;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  popular = await createMember(request, { gender: "female", seeking: "male" });
  // 25 likes: one more than a page. Each new member is the request's session as it signs up, and likes her.
  for (let i = 0; i < 25; i++) {
    await createMember(request, { gender: "male", seeking: "female" });
    expect((await request.post("/api/like.php", { data: { id: popular.id } })).status()).toBe(200);
  }
});

test("a member with 25 likes received pages through them, forward and back", async ({ page, context }) => {
  await entryWarningAlreadyConfirmed(context);
  await timeBonusPopupAlreadyClosed(context);
  await logIn(page, popular);
  await page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.likes }).click();

  const paging = page.getByRole("navigation", { name: en.likes.paging.label });
  await expect(paging).toContainText(say("en", "likes.paging.position", { page: 1, pages: 2 }));
  await expect(page.locator("main ul.row > li")).toHaveCount(24);
  await expect(paging.getByRole("link", { name: en.likes.paging.previous })).toHaveCount(0);

  await paging.getByRole("link", { name: en.likes.paging.next }).click();
  await expect(page).toHaveURL(/\/likes\?page=2$/);
  await expect(paging).toContainText(say("en", "likes.paging.position", { page: 2, pages: 2 }));
  await expect(page.locator("main ul.row > li")).toHaveCount(1);
  await expect(paging.getByRole("link", { name: en.likes.paging.next })).toHaveCount(0);

  await paging.getByRole("link", { name: en.likes.paging.previous }).click();
  await expect(page).toHaveURL(/\/likes$/);
  await expect(paging).toContainText(say("en", "likes.paging.position", { page: 1, pages: 2 }));
});
