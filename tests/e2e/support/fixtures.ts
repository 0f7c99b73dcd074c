import { test as base, expect, type Page } from "@playwright/test";
import en from "../../../app/i18n/locales/en/common.json" with { type: "json" };
import de from "../../../app/i18n/locales/de/common.json" with { type: "json" };
import nl from "../../../app/i18n/locales/nl/common.json" with { type: "json" };

export const strings = { en, de, nl };

/** The demo logins of the README. */
export const demo = {
  free: { email: "free@example.com", password: "demo-free-2026", name: "Emma" },
  premium: { email: "premium@example.com", password: "demo-premium-2026", name: "Lucas" },
};

/** i18next-style interpolation for expected texts. */
export function fill(text: string, values: Record<string, string | number>) {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));
}

/** A console error during a test is a failure (CONVENTIONS "Tests"). */
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

/** Confirms the adult-content entry warning, as every first visit must. */
export async function skipEntryWarning(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: fill(en.entryWarning.enter, { minAge: 18 }) }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
}
