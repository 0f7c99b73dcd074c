import { expect, test } from "vitest";
import { trackingCookie, trackingOf } from "./cookies.server";

const page = "https://heartline.example/signup";
const withTracking = async (value: unknown) =>
  new Request(page, { headers: { cookie: (await trackingCookie.serialize(value)).split(";")[0]! } });

test("the tracking cookie's data goes to the signup as it was kept", async () => {
  const tracking = { network: "n1", sub1: "x", lander: "landing2", slug: "milf-de" };
  expect(await trackingOf(await withTracking(tracking))).toEqual(tracking);
  expect(await trackingOf(new Request(page))).toBeUndefined();
});

// docs/product.md §3.11: a cookie a browser changed loses what it broke, so the signup does not fail on it.
test("fields a browser changed into something else are left out", async () => {
  const changed = { network: "n1", lander: "nosuchlander", slug: "Not A Slug", sub2: 42, extra: "x" };
  expect(await trackingOf(await withTracking(changed))).toEqual({ network: "n1" });
  expect(await trackingOf(await withTracking({ lander: "elsewhere" }))).toBeUndefined();
  expect(await trackingOf(await withTracking("a string"))).toBeUndefined();
});
