import { readFileSync } from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import { embeddedTranslator } from "../../app/i18n/translator";
import { formatMoney } from "../../app/services/money";
import { locales } from "../../contract/locales";
import { landerResponseSchema, nicheLanderNames } from "../../contract/niche-landers";
import { pricingResponseSchema } from "../../contract/payments";
import { demo, entryWarningAlreadyConfirmed, expect, test } from "./support/fixtures";

/**
 * The key pages on a 360 px phone in every language (issue 32, items 25 to 28): nothing is wider than the screen,
 * and no name or fictional marker is cut off. Each page is opened on its own, as a member arriving by a link does,
 * in the language its hreflang link (?lng=) names.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** What is wrong with the page's layout at its width, as lines naming the element; empty when nothing is. */
function layoutFaults(page: Page) {
  return page.evaluate(() => {
    const faults: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${[...el.classList].map((c) => `.${c}`).join("")} "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 50)}"`;
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== "none" && style.visibility !== "hidden" && el.getBoundingClientRect().width > 0;
    };
    // Text for screen readers only is clipped on purpose.
    const forScreenReaders = (el: Element) => el.closest(".visually-hidden, .visually-hidden-focusable") !== null;
    // A part that clips or scrolls its overflow on purpose (a carousel, a photo's frame) keeps what it holds.
    const clippedByAncestor = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== "visible") return true;
      }
      return false;
    };
    if (document.documentElement.scrollWidth > width) {
      faults.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} px on a ${width} px screen`);
    }
    for (const el of document.querySelectorAll("body *")) {
      if (!shown(el) || forScreenReaders(el)) continue;
      const box = el.getBoundingClientRect();
      if ((box.right > width + 0.5 || box.left < -0.5) && !clippedByAncestor(el)) {
        faults.push(`wider than the screen (${Math.round(box.left)}..${Math.round(box.right)}): ${describe(el)}`);
      }
      // Anything that cuts its text off (text-truncate and the like) must have room for all of it: names, ages
      // and the fictional marker are what such boxes hold.
      const style = getComputedStyle(el);
      if (style.overflowX === "hidden" || style.overflowX === "clip") {
        if (el.scrollWidth > el.clientWidth + 1) {
          faults.push(`cut off (${el.scrollWidth} px in ${el.clientWidth}): ${describe(el)}`);
        }
      }
    }
    // The fictional marker is seen whole wherever it is (docs/product.md §1.5).
    for (const marker of document.querySelectorAll(".fictional-marker")) {
      if (!shown(marker)) continue;
      const box = marker.getBoundingClientRect();
      for (let up = marker.parentElement; up && up !== document.body; up = up.parentElement) {
        // A sideways scroller (the reel lander) brings the marker into view by a swipe; only a clip cuts it off.
        if (!["hidden", "clip"].includes(getComputedStyle(up).overflowX)) continue;
        const frame = up.getBoundingClientRect();
        if (box.right > frame.right + 0.5 || box.left < frame.left - 0.5) {
          faults.push(`fictional marker cut off by ${describe(up)}`);
        }
      }
    }
    // A select shows the whole of its chosen option ("Wszystkie kraj" was "Wszystkie kraje").
    const ruler = document.createElement("canvas").getContext("2d")!;
    for (const select of document.querySelectorAll("select")) {
      if (!shown(select)) continue;
      const style = getComputedStyle(select);
      ruler.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = select.selectedOptions[0]?.text ?? "";
      const room = select.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      if (ruler.measureText(text).width > room + 0.5)
        faults.push(`select shows "${text}" cut off: ${describe(select)}`);
    }
    return faults;
  });
}

/** How many lines of text a button or link takes. */
function linesOf(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((elements) =>
    elements.map((el) => {
      const style = getComputedStyle(el);
      const inner =
        el.getBoundingClientRect().height -
        ["paddingTop", "paddingBottom", "borderTopWidth", "borderBottomWidth"]
          .map((side) => Number.parseFloat(style[side as "paddingTop"]))
          .reduce((a, b) => a + b, 0);
      return Math.round(inner / Number.parseFloat(style.lineHeight));
    }),
  );
}

/** The demo premium member's session, made once per language and put into each test's browser. */
async function logInOnce(context: BrowserContext) {
  const answer = await context.request.post("/api/user.php", {
    data: { email: demo.premium.email, password: demo.premium.password },
  });
  expect(answer.status()).toBe(200);
}

// One test per language and group, each page a step: 11 languages times 15 pages as tests of their own cost a
// browser context and a login each, several minutes of CI for the same checks.
for (const locale of locales) {
  test.describe(`at 360 px in ${locale}`, () => {
    test.beforeEach(async ({ context }) => {
      await entryWarningAlreadyConfirmed(context);
    });

    test("the landers fit the phone", async ({ page }) => {
      for (const name of [...nicheLanderNames, "tinderswipe"]) {
        await test.step(name, async () => {
          await page.goto(`/landers/${name}?lng=${locale}`);
          await expect(page.locator("html")).toHaveAttribute("lang", locale);
          expect(await layoutFaults(page), name).toEqual([]);
          if (name === "gallery") {
            // Each card's button to the signup with that member stays within two lines (de, pl, fi took three).
            // Not for the members the journeys make (T and 12 random letters, wrapped anywhere): a real name's.
            const texts = await page.locator("main article a.btn").allInnerTexts();
            const lines = (await linesOf(page, "main article a.btn")).filter(
              (_, index) => !/\bT[a-z0-9]{10,12}\b/.test(texts[index]!),
            );
            expect(lines.length).toBeGreaterThan(0);
            expect(Math.max(...lines)).toBeLessThanOrEqual(2);
          }
        });
      }
    });

    test("premium shows its price in credits and money, and fits the phone", async ({ page, request }) => {
      const { bundles } = pricingResponseSchema.parse(await (await request.get("/api/pricing.php")).json());
      const first = bundles.reduce((a, b) => (b.price.cents < a.price.cents ? b : a));
      const common = JSON.parse(readFileSync(`app/i18n/locales/${locale}/common.json`, "utf8"));
      const { t } = embeddedTranslator(locale, common);
      await page.goto(`/premium?lng=${locale}`);
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      // Premium comes with the first bundle: the cheapest one's credits and its price (docs/product.md §1.4).
      const main = page.getByRole("main");
      await expect(main).toContainText(t("credits.amount", { count: first.credits }));
      await expect(main).toContainText(formatMoney(locale, first.price));
      expect(await layoutFaults(page)).toEqual([]);
    });

    test("a member's pages fit the phone", async ({ page, context, request }) => {
      await logInOnce(context);

      await test.step("likes: the three tabs on one row", async () => {
        await page.goto(`/likes?lng=${locale}`);
        const tabs = page.getByRole("main").getByRole("navigation").getByRole("link");
        const tops = await tabs.evaluateAll((links) => links.map((a) => Math.round(a.getBoundingClientRect().top)));
        expect(tops).toHaveLength(3);
        expect(new Set(tops).size).toBe(1);
        expect(await layoutFaults(page)).toEqual([]);
      });

      await test.step("members: the search form and the cards", async () => {
        await page.goto(`/members?lng=${locale}`);
        await expect(page.getByRole("search")).toBeVisible();
        expect(await layoutFaults(page)).toEqual([]);
      });

      await test.step("notifications: the notification choices come first", async () => {
        await page.goto(`/notifications?lng=${locale}`);
        // The route is the notifications' (docs/product.md §2.16): their choices are the first thing on it.
        const first = page.getByRole("main").getByRole("heading", { level: 2 }).first();
        await expect(first).toHaveId("email-notifications");
        expect((await first.boundingBox())!.y).toBeLessThan(740);
        expect(await layoutFaults(page)).toEqual([]);
      });

      await test.step("credits: the bundles and what credits buy", async () => {
        await page.goto(`/credits?lng=${locale}`);
        expect(await layoutFaults(page)).toEqual([]);
      });

      await test.step("a chat with a fictional profile: the whole name and marker", async () => {
        const { profiles } = landerResponseSchema.parse(await (await request.get("/api/lander.php")).json());
        const fictional = profiles.find((profile) => profile.fictional)!;
        await page.goto(`/members/${fictional.id}/chat?lng=${locale}`);
        expect(await layoutFaults(page)).toEqual([]);
      });
    });
  });
}
