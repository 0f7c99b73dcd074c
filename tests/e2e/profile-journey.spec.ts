import { createMember, expect, logIn, strings, test } from "./support/fixtures";

const { en } = strings;

test("a member edits their profile from the account menu; another member sees the change", async ({
  browser,
  page,
  request,
}, testInfo) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, anna);

  await page.locator("summary", { hasText: en.nav.account }).click();
  await page.getByRole("link", { name: en.nav.myProfile }).click();
  await expect(page.getByRole("heading", { level: 1, name: en.profileEditor.title })).toBeVisible();
  const name = `Anna${anna.name.slice(-4)}`;
  await page.getByLabel(en.signup.name).fill(name);
  await page.getByLabel(en.profile.about, { exact: true }).fill("Sailing on Sundays, soup on Mondays.");
  await page.getByLabel(en.fields.labels.hair_colour).selectOption("red");
  await page.getByLabel(en.profileEditor.sexualityPublic).check();
  await page.getByRole("group", { name: en.profile.interests }).getByLabel("Travel").check();
  await page.getByLabel(en.signup.country).selectOption("US");
  await page.getByLabel(en.signup.region).selectOption("US-TX");
  await page.getByLabel(en.signup.city).fill("Austin");
  await page.getByRole("button", { name: en.profileEditor.save }).click();

  await expect(page.getByText(en.profileEditor.saved)).toBeVisible();
  await expect(page.getByLabel(en.signup.name)).toHaveValue(name);
  await expect(page.getByLabel(en.fields.labels.hair_colour)).toHaveValue("red");
  await expect(page.getByLabel(en.signup.region)).toHaveValue("US-TX");
  await expect(page.getByLabel("Travel")).toBeChecked();

  const benContext = await browser.newContext({ ...testInfo.project.use });
  const benPage = await benContext.newPage();
  await logIn(benPage, ben);
  await benPage.goto(`/members/${anna.id}`);
  await expect(benPage.getByRole("heading", { level: 1 })).toContainText(name);
  await expect(benPage.getByText("Sailing on Sundays, soup on Mondays.")).toBeVisible();
  const details = benPage.locator("dl");
  await expect(details).toContainText(en.fields.hair.red);
  await expect(details).toContainText(en.fields.sexualities.straight);
  await expect(details).toContainText("Austin");
  await expect(benPage.getByRole("region", { name: en.profile.interests })).toContainText("Travel");
  await benContext.close();

  // Orientation private again: gone from the profile others see.
  await page.getByLabel(en.profileEditor.sexualityPublic).uncheck();
  await page.getByRole("button", { name: en.profileEditor.save }).click();
  await expect(page.getByText(en.profileEditor.saved)).toBeVisible();
  const again = await browser.newContext({ ...testInfo.project.use });
  const benAgain = await again.newPage();
  await logIn(benAgain, ben);
  await benAgain.goto(`/members/${anna.id}`);
  await expect(benAgain.locator("dl")).toContainText("Austin");
  await expect(benAgain.locator("dl")).not.toContainText(en.fields.labels.sexuality);
  await again.close();
});

test("a refused name is explained at the field and nothing typed is lost", async ({ page, request }) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, anna);
  await page.goto("/profile");
  await page.getByLabel(en.signup.name).fill(anna.email);
  await page.getByLabel(en.profile.about, { exact: true }).fill("Words I do not want to type twice.");
  await page.getByLabel(en.signup.city).fill("Galway");
  await page.getByRole("button", { name: en.profileEditor.save }).click();

  const nameField = page.getByLabel(en.signup.name);
  await expect(page.getByText(en.validation.nameIsEmail)).toBeVisible();
  await expect(nameField).toHaveAttribute("aria-invalid", "true");
  await expect(nameField).toHaveValue(anna.email);
  await expect(page.getByLabel(en.profile.about, { exact: true })).toHaveValue("Words I do not want to type twice.");
  await expect(page.getByLabel(en.signup.city)).toHaveValue("Galway");
});
