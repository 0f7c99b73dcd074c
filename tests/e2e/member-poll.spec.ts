import { request as playwrightRequest } from "@playwright/test";
import { createMember, expect, logIn, say, strings, test } from "./support/fixtures";

const { en } = strings;

test("the poll reads only the member's stamp while nothing moved, and the page again when a like arrives", async ({
  page,
  request,
}, testInfo) => {
  // The poll runs in the page's script: without JavaScript the counts come with each page (docs/product.md §7.3).
  test.skip(testInfo.project.name === "no-js", "the poll is the page's script");
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await page.clock.install();
  const polled: string[] = [];
  page.on("request", (sent) => {
    const { pathname } = new URL(sent.url());
    if (pathname === "/member-state" || pathname.endsWith(".data")) polled.push(pathname);
  });
  await logIn(page, anna);
  const likes = page
    .getByRole("navigation", { name: en.nav.main })
    .getByRole("link", { name: en.nav.likes, exact: false });
  await expect(likes).toBeVisible();
  await expect(likes).not.toContainText("1");
  polled.length = 0;

  // The first poll, 5 s after the page loaded: the stamp alone, as nothing moved.
  await page.clock.runFor(5_000);
  await expect.poll(() => polled).toEqual(["/member-state"]);

  // Ben likes Anna; her next poll (60 s later) finds the stamp moved and reads the page's loaders again.
  const benSession = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  try {
    expect((await benSession.post("/api/user.php", { data: ben })).status()).toBe(200);
    expect((await benSession.post("/api/like.php", { data: { id: anna.id } })).status()).toBe(200);
  } finally {
    await benSession.dispose();
  }
  await page.clock.runFor(60_000);
  await expect(likes).toHaveAccessibleName(`${en.nav.likes} ${say("en", "nav.newLikesCount", { count: 1 })}`);
  expect(polled.filter((path) => path === "/member-state")).toHaveLength(2);
  expect(polled.some((path) => path.endsWith(".data"))).toBe(true);
});
