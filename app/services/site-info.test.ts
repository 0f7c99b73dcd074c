import { expect, test } from "vitest";
import { badgeCount, cleanPhone, creditsBadgeTone, termsVersionDate, titleWithCount } from "./site-info";

test("the terms date is 2023-12-01 12:00 UTC unless the company was added later", () => {
  expect(termsVersionDate("2022-05-01T00:00:00Z").toISOString()).toBe("2023-12-01T12:00:00.000Z");
  expect(termsVersionDate("2024-03-15T09:00:00Z").toISOString()).toBe("2024-03-15T09:00:00.000Z");
  expect(termsVersionDate(null).toISOString()).toBe("2023-12-01T12:00:00.000Z");
  expect(termsVersionDate("not a date").toISOString()).toBe("2023-12-01T12:00:00.000Z");
});

test("the support phone loses its dashes and spaces", () => {
  expect(cleanPhone("+31 20-123 45 67")).toBe("+31201234567");
});

test("badges cap at 99+", () => {
  expect(badgeCount(7)).toBe("7");
  expect(badgeCount(99)).toBe("99");
  expect(badgeCount(100)).toBe("99+");
  // With the member's language's digits (Intl.NumberFormat), the cap stays 99+.
  const arabic = (n: number) => new Intl.NumberFormat("ar-EG").format(n);
  expect(badgeCount(7, arabic)).toBe("٧");
  expect(badgeCount(100, arabic)).toBe("٩٩+");
});

test("the credits badge shows at 10 or fewer: warning above 0, danger at 0", () => {
  expect(creditsBadgeTone(11)).toBeNull();
  expect(creditsBadgeTone(10)).toBe("warning");
  expect(creditsBadgeTone(1)).toBe("warning");
  expect(creditsBadgeTone(0)).toBe("danger");
});

test("the title is prefixed with the count only when there is one", () => {
  expect(titleWithCount("Likes | Heartline", 0)).toBe("Likes | Heartline");
  expect(titleWithCount("Likes | Heartline", 3)).toBe("(3) Likes | Heartline");
});

test("the title carries one count prefix, the current one (docs/product.md §4.13)", () => {
  expect(titleWithCount("Likes | Heartline", 3)).toBe("(3) Likes | Heartline");
  expect(titleWithCount("(3) Likes | Heartline", 3)).toBe("(3) Likes | Heartline");
  expect(titleWithCount("(3) Likes | Heartline", 12)).toBe("(12) Likes | Heartline");
  expect(titleWithCount("(12) Likes | Heartline", 0)).toBe("Likes | Heartline");
  expect(titleWithCount("Likes | Heartline", 0)).toBe("Likes | Heartline");
  // Above 99, as the badges say it; and replaced like any other count.
  expect(titleWithCount("(12) Likes | Heartline", 100)).toBe("(99+) Likes | Heartline");
  expect(titleWithCount("(99+) Likes | Heartline", 99)).toBe("(99) Likes | Heartline");
  expect(titleWithCount("(99+) Likes | Heartline", 0)).toBe("Likes | Heartline");
  // Brackets that are not a leading count stay.
  expect(titleWithCount("Anna (34) | Heartline", 2)).toBe("(2) Anna (34) | Heartline");
});
