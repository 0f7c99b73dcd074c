import { expect, strings, test } from "./support/fixtures";

const { en, nl } = strings;

test("visitors from the Netherlands see the Dutch notice in the entry warning", async ({ browser }, testInfo) => {
  const context = await browser.newContext({
    ...testInfo.project.use,
    extraHTTPHeaders: { "cf-ipcountry": "NL" },
  });
  const page = await context.newPage();
  await page.goto("/?lng=nl");
  const warning = page.getByRole("dialog", { name: nl.entryWarning.title });
  await expect(warning).toBeVisible();
  await expect(warning.getByText(nl.entryWarning.nl)).toBeVisible();
  await expect(warning.getByText(nl.entryWarning.de)).toHaveCount(0);
  await context.close();
});

test("visitors from Germany see the German notice; others see neither", async ({ browser }, testInfo) => {
  const german = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: { "cf-ipcountry": "DE" } });
  const page = await german.newPage();
  await page.goto("/?lng=en");
  await expect(page.getByRole("dialog").getByText(en.entryWarning.de)).toBeVisible();
  await german.close();

  const other = await browser.newContext({ ...testInfo.project.use, extraHTTPHeaders: { "cf-ipcountry": "FR" } });
  const otherPage = await other.newPage();
  await otherPage.goto("/?lng=en");
  await expect(otherPage.getByRole("dialog", { name: en.entryWarning.title })).toBeVisible();
  await expect(otherPage.getByText(en.entryWarning.de)).toHaveCount(0);
  await expect(otherPage.getByText(en.entryWarning.nl)).toHaveCount(0);
  await other.close();
});
