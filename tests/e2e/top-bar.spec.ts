import { locales } from "../../contract/locales";
import { demo, expect, logIn, test } from "./support/fixtures";

// Phone, tablet, the narrowest width with labels (992 px, lg), desktop.
const widths = [360, 768, 992, 1280];

/**
 * The member top bar fits on one line in every language at every width (issue 9): its items share one row, no
 * label wraps, and nothing runs past the bar's edge.
 */
test("the member top bar keeps to one line in all 11 languages at 360, 768, 992 and 1280 px", async ({ page }) => {
  test.setTimeout(180_000);
  await logIn(page, demo.free);
  for (const width of widths) {
    await page.setViewportSize({ width, height: 800 });
    for (const locale of locales) {
      // ?lng= chooses the language (and keeps it in the language cookie): a tour of the same screen in every
      // language, by its address.
      await page.goto(`/members?lng=${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      const where = `${locale} at ${width} px`;
      const bar = await page.locator(".top-bar nav").evaluate((nav) => {
        const box = (element: Element) => element.getBoundingClientRect();
        const items = [nav.querySelector(".navbar-brand")!, ...nav.querySelectorAll(":scope > ul > li")];
        const centres = items.map((item) => box(item).top + box(item).height / 2);
        const labels = [...nav.querySelectorAll("a span, summary span")].filter(
          (span) => box(span).width > 0 && !span.closest(".badge, .visually-hidden"),
        );
        return {
          items: items.length,
          rowHeight: Math.max(...items.map((item) => box(item).height)),
          barHeight: box(nav.closest(".top-bar")!).height,
          centreSpread: Math.max(...centres) - Math.min(...centres),
          overflow: nav.scrollWidth - nav.clientWidth,
          rightmost: Math.max(...items.map((item) => box(item).right)) - box(nav).right,
          wrappedLabels: labels.filter((span) => span.getClientRects().length > 1).map((span) => span.textContent),
          visibleLabels: labels.length,
        };
      });
      // Brand, search, messages, likes, premium, language, account.
      expect(bar.items, where).toBe(7);
      expect(bar.centreSpread, `${where}: items on one row`).toBeLessThanOrEqual(4);
      expect(bar.barHeight, `${where}: the bar is one row high`).toBeLessThan(bar.rowHeight * 1.8);
      expect(bar.wrappedLabels, `${where}: no label wraps`).toEqual([]);
      expect(bar.overflow, `${where}: nothing overflows`).toBeLessThanOrEqual(0);
      expect(bar.rightmost, `${where}: nothing runs past the edge`).toBeLessThanOrEqual(1);
      // From 992 px the four links show their labels (plus the language code and the member's name).
      if (width >= 992) expect(bar.visibleLabels, where).toBeGreaterThanOrEqual(4);
    }
  }
});
