import {
  createMember,
  demo,
  expect,
  fill,
  logIn,
  openAccountMenu,
  openProfileFromSearch,
  strings,
  test,
  timeBonusPopupAlreadyClosed,
  uploadPhoto,
} from "./support/fixtures";

const { en } = strings;

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

test("a member edits their profile from the account menu; another member sees the change", async ({
  browser,
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
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
  await openProfileFromSearch(benPage, { name, gender: "female", country: "US" });
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
  await openProfileFromSearch(benAgain, { name, gender: "female", country: "US" });
  await expect(benAgain.locator("dl")).toContainText("Austin");
  await expect(benAgain.locator("dl")).not.toContainText(en.fields.labels.sexuality);
  await again.close();
});

test("a refused name is explained at the field and nothing typed is lost", async ({ page, request }) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, anna);
  await openAccountMenu(page, en.nav.myProfile);
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

test("a photo is inspected before others see it: approved it shows on the profile, rejected the member is told why", async ({
  browser,
  page,
  request,
}, testInfo) => {
  // Three members' pages, each found by clicking, as they would.
  test.setTimeout(120_000);
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, anna);
  await openAccountMenu(page, en.nav.myProfile);
  await uploadPhoto(page, "#c36");
  const photos = page.getByRole("region", { name: en.photos.title }).getByRole("listitem");
  await expect(photos).toHaveCount(1);
  await expect(photos.first()).toContainText(en.chat.photoInspected);
  await uploadPhoto(page, "#36c");
  await expect(photos).toHaveCount(2);

  // A moderator approves the first and rejects the second with a reason.
  const staff = await browser.newContext({ ...testInfo.project.use });
  const moderatorPage = await staff.newPage();
  await logIn(moderatorPage, demo.moderator);
  await moderatorPage.locator("summary", { hasText: en.nav.account }).click();
  await moderatorPage.getByRole("link", { name: en.nav.moderation }).click();
  const hers = moderatorPage.getByRole("article").filter({ hasText: anna.name });
  await expect(hers).toHaveCount(2);
  await hers.first().getByRole("button", { name: en.moderation.approve }).click();
  await expect(moderatorPage.getByText(en.moderation.approved)).toBeVisible();
  await expect(hers).toHaveCount(1);
  // A rejection needs its reason.
  const reasons = hers.getByLabel(en.moderation.reason);
  await reasons.selectOption("contact_details");
  await hers.getByRole("button", { name: en.moderation.reject }).click();
  await expect(moderatorPage.getByText(en.moderation.rejectedFlash)).toBeVisible();
  await expect(hers).toHaveCount(0);
  await staff.close();

  await page.reload();
  await expect(photos.first()).toContainText(en.photos.main);
  await expect(photos.nth(1)).toContainText(fill(en.photos.rejected, { reason: en.photos.reasons.contact_details }));

  // Another member now sees the approved photo on Anna's profile.
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  const other = await browser.newContext({ ...testInfo.project.use });
  const benPage = await other.newPage();
  await logIn(benPage, ben);
  await openProfileFromSearch(benPage, { name: anna.name, gender: "female" });
  const main = benPage.getByRole("img", { name: fill(en.profile.photoOf, { name: anna.name }) }).first();
  await expect(main).toHaveAttribute("src", /\/uploads\/photos\/m\d+-.+\.jpg$/);
  await other.close();

  // The rejected photo can be deleted.
  await photos.nth(1).getByRole("button", { name: en.photos.delete }).click();
  await expect(page.getByText(en.photos.deleted)).toBeVisible();
  await expect(photos).toHaveCount(1);
});

test("a file that is not a photo is refused at the field", async ({ page, request }) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, anna);
  await openAccountMenu(page, en.nav.myProfile);
  await page
    .getByLabel(en.photos.file, { exact: true })
    .setInputFiles({ name: "holiday.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Not a photo at all.\n") });
  await page.getByRole("button", { name: en.photos.upload }).click();
  await expect(page.getByText(en.chat.photoNotImage)).toBeVisible();
  await expect(page.getByLabel(en.photos.file, { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("region", { name: en.photos.title }).getByRole("listitem")).toHaveCount(0);
});

test("a member without a photo is asked for one, and a closed warning stays closed", async ({ page, request }) => {
  const member = await createMember(request, { gender: "female", seeking: "male" });
  await logIn(page, member);
  // Logging in lands on the search, /members.
  const warning = page.locator(".alert", { hasText: en.photoWarning.text });
  await expect(warning).toBeVisible();
  await expect(warning.getByRole("link", { name: en.photoWarning.add })).toHaveAttribute("href", "/profile#photos");

  await warning.getByRole("button", { name: en.photoWarning.dismiss }).click();
  await expect(page).toHaveURL(/\/members$/);
  await expect(warning).toHaveCount(0);
  await page
    .getByRole("banner")
    .getByRole("link", { name: new RegExp(`^${en.nav.likes}`) })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText(en.photoWarning.text)).toHaveCount(0);
});

test("with JavaScript, 'Use my location' fills in the place from the browser's position", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the browser's position needs JavaScript; without it the place is typed");
  const member = await createMember(request, { gender: "female", seeking: "male" });
  await page.context().grantPermissions(["geolocation"]);
  await page.context().setGeolocation({ latitude: 52.3731, longitude: 4.8922 });
  await logIn(page, member);
  await openAccountMenu(page, en.nav.myProfile);
  await page.getByRole("button", { name: en.profileEditor.useLocation }).click();
  await expect(page.getByText(en.profileEditor.located)).toBeVisible();
  await expect(page.getByLabel(en.signup.country)).toHaveValue("NL");
  await expect(page.getByLabel(en.signup.region)).toHaveValue("NL-NH");
  await expect(page.getByLabel(en.signup.city)).toHaveValue("Amsterdam");
  await page.getByRole("button", { name: en.profileEditor.save }).click();
  await expect(page.getByText(en.profileEditor.saved)).toBeVisible();
  await expect(page.getByLabel(en.signup.city)).toHaveValue("Amsterdam");

  // Far from any known place: told so, and nothing changes.
  await page.evaluate(() => localStorage.removeItem("geocode"));
  await page.context().setGeolocation({ latitude: 40, longitude: -30 });
  await page.getByRole("button", { name: en.profileEditor.useLocation }).click();
  await expect(page.getByText(en.profileEditor.locationUnknown)).toBeVisible();
  await expect(page.getByLabel(en.signup.city)).toHaveValue("Amsterdam");
});
