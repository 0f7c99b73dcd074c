import { createMember, logIn, test } from "./support/fixtures";

for (const width of [360, 1280]) {
  test(`screens at ${width}`, async ({ page, request }, testInfo) => {
    test.skip(testInfo.project.name !== "js");
    await page.setViewportSize({ width, height: 800 });
    const member = await createMember(request, { gender: "female", seeking: "male", country: "NL" });
    await page.clock.install();
    await logIn(page, member);
    await page.goto("/credits");
    await page.screenshot({ path: `/tmp/shots/credits-${width}.png`, fullPage: true });
    await page.goto("/members");
    const timer = page.getByRole("timer").first();
    await page.waitForFunction(() => true);
    const t0 = await timer.textContent();
    await test.expect(timer).not.toHaveText(t0!);
    await page.clock.runFor(41_000);
    await page.getByRole("dialog").waitFor();
    await page.screenshot({ path: `/tmp/shots/popup-${width}.png` });
    await page.getByRole("button", { name: "No thanks" }).click();
    await page.goto("/credits");
    await page.getByRole("link", { name: /Buy 170/ }).click();
    await page.getByRole("button", { name: /^Pay/ }).click();
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(/payment/);
    await page.goto("/credits/returns");
    await page.screenshot({ path: `/tmp/shots/returns-${width}.png`, fullPage: true });
    await page.getByRole("button", { name: /^Return/ }).click();
    await page.screenshot({ path: `/tmp/shots/returned-${width}.png`, fullPage: true });
    await page.goto("/credits/repeat-order");
    await page.screenshot({ path: `/tmp/shots/repeat-${width}.png`, fullPage: true });
    await page.goto("/premium");
    await page.screenshot({ path: `/tmp/shots/premium-${width}.png`, fullPage: true });
  });
}
