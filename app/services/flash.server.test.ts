import { expect, test } from "vitest";
import { redirectWithFlash, takeFlash } from "./flash.server";

const page = "https://heartline.example/members";

/** The cookie a browser sends back after a response's Set-Cookie. */
function cookieFrom(response: Response) {
  return response.headers.get("set-cookie")!.split(";")[0]!;
}

test("a redirect with a flash shows it once on the next page", async () => {
  const response = await redirectWithFlash(new Request(page), "/login", {
    message: "reset.sent",
    values: { email: "a@example.com" },
  });
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/login");
  const next = await takeFlash(new Request(page, { headers: { cookie: cookieFrom(response) } }));
  expect(next.flash).toEqual({ message: "reset.sent", values: { email: "a@example.com" } });
  expect(next.clear).toMatch(/^flash=;.*Max-Age=0/);
});

test("a flash cookie that does not fit the schema is dropped, and cleared", async () => {
  // Encoded as React Router encodes cookies (base64 of the JSON): well formed, but not a flash.
  const forged = `flash=${btoa(JSON.stringify({ message: { html: "<b>x</b>" }, tone: "loud" }))}`;
  const next = await takeFlash(new Request(page, { headers: { cookie: forged } }));
  expect(next.flash).toBeNull();
  expect(next.clear).toMatch(/Max-Age=0/);
  expect(await takeFlash(new Request(page))).toEqual({ flash: null, clear: null });
});
