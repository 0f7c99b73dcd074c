import { expect, test } from "vitest";
import { pageWindow } from "./page-links";

test("page links: all of a short list; the ends and one either side of the current page of a long one", () => {
  expect(pageWindow(1, 1)).toEqual([1]);
  expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  expect(pageWindow(1, 42)).toEqual([1, 2, null, 42]);
  expect(pageWindow(20, 42)).toEqual([1, null, 19, 20, 21, null, 42]);
  expect(pageWindow(42, 42)).toEqual([1, null, 41, 42]);
  // A gap of one page shows that page instead.
  expect(pageWindow(4, 42)).toEqual([1, 2, 3, 4, 5, null, 42]);
  expect(pageWindow(39, 42)).toEqual([1, null, 38, 39, 40, 41, 42]);
  expect(pageWindow(20, 42, 2)).toEqual([1, null, 18, 19, 20, 21, 22, null, 42]);
  // At most 2 × around + 5 entries, however long the list.
  expect(pageWindow(500, 1000)).toHaveLength(7);
});
