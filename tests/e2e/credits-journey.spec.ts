import { createMember, expect, logIn, say, skipEntryWarning, strings, test } from "./support/fixtures";

const { en } = strings;

// The same journey with and without JavaScript (playwright.config.ts projects): every step is a link or a form.
test("a free member buys credits with the time bonus, becomes premium, finds the receipt, returns the purchase and orders again", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "male", country: "GB" });
  await logIn(page, member);
  const topBar = page.getByRole("navigation", { name: en.nav.main });
  await expect(topBar.getByRole("link", { name: en.nav.getPremium })).toBeVisible();

  await page.goto("/credits");
  await expect(page.getByRole("heading", { name: en.credits.title })).toBeVisible();
  // The time bonus banner, with the time left as the server counts it: under four hours.
  const bonusBanner = page.getByRole("region", { name: en.timeBonus.title });
  await expect(bonusBanner).toContainText(say("en", "timeBonus.banner", { percentage: 25 }));
  await expect(bonusBanner.getByRole("timer")).toHaveText(/^Ends in 0[0-3]:[0-5]\d:[0-5]\d$/);
  // The premium package overview, in the demo site's colour variant.
  await expect(page.getByRole("heading", { name: en.premium.packageTitle })).toBeVisible();
  // The welcome code of signup: 25% off, shown as the old and the new price (£8.99 → £6.74).
  await expect(
    page.getByText(say("en", "credits.discountApplied", { code: "TIMEBONUS25", percentage: 25 })),
  ).toBeVisible();
  const firstBundle = page.getByRole("listitem").filter({ hasText: say("en", "credits.amount", { count: 170 }) });
  await expect(firstBundle.locator("del")).toHaveText(/£8\.99/);
  await expect(firstBundle).toContainText("£6.74");
  // Every paid action's price in credits and in money.
  await expect(page.getByRole("row", { name: new RegExp(en.credits.actions.message) })).toContainText(
    say("en", "credits.amount", { count: 10 }),
  );
  await firstBundle.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }).click();

  // The order page: a wrong code is said at its field, and the chosen method stays chosen.
  await expect(page.getByRole("heading", { name: en.checkout.title })).toBeVisible();
  await page.getByLabel("PayPal").check();
  await page.getByLabel(en.checkout.code).fill("NOPE");
  await page.getByRole("button", { name: say("en", "checkout.pay", { price: "£6.74" }) }).click();
  await expect(page.getByText(en.checkout.codeNotFound)).toBeVisible();
  await expect(page.getByLabel("PayPal")).toBeChecked();
  await expect(page.getByLabel(en.checkout.code)).toHaveValue("NOPE");
  await page.getByLabel(en.checkout.code).fill("");
  await page.getByRole("button", { name: say("en", "checkout.pay", { price: "£6.74" }) }).click();

  // The sandbox's own checkout page, marked as a test.
  await expect(page.getByText("no money moves")).toBeVisible();
  await expect(page.getByRole("heading", { name: "£6.74" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();

  await expect(page).toHaveURL(/\/payment\/\d+$/);
  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();
  await expect(page.getByText(say("en", "payment.completedText", { count: 170 }))).toBeVisible();
  // 20 welcome credits and 170 bought; the first purchase made her premium.
  await expect(page.getByText(say("en", "credits.balance", { count: 190 }))).toBeVisible();
  await expect(topBar.getByRole("link", { name: en.nav.credits })).toBeVisible();
  await expect(topBar.getByRole("link", { name: en.nav.getPremium })).toHaveCount(0);

  await page.getByRole("link", { name: en.transactions.title }).click();
  await expect(page.getByRole("cell", { name: en.transactions.kinds.signup_bonus })).toBeVisible();
  await page.getByRole("link", { name: en.transactions.kinds.purchase }).click();
  await expect(page.getByRole("heading", { name: en.transactions.receipt })).toBeVisible();
  await expect(page.getByText("TIMEBONUS25")).toBeVisible();
  await expect(page.getByText(say("en", "transactions.vat", { rate: 20 }))).toBeVisible();
  await expect(page.getByText("£6.74")).toBeVisible();

  // The time bonus is used up: the credits page shows plain prices now, and no banner.
  await page.goto("/credits");
  await expect(
    page.getByText(say("en", "credits.discountApplied", { code: "TIMEBONUS25", percentage: 25 })),
  ).toHaveCount(0);
  await expect(bonusBanner).toHaveCount(0);

  // Returning is as easy: the purchase, its unused credits and the money back, one button.
  await page.getByRole("link", { name: en.credits.returnCredits }).click();
  await expect(page.getByRole("heading", { name: en.returns.title })).toBeVisible();
  await expect(page.getByText(say("en", "returns.unused", { count: 170 }))).toBeVisible();
  await page.getByRole("button", { name: say("en", "returns.submit", { count: 170, amount: "£6.74" }) }).click();
  await expect(page.getByText(say("en", "returns.done", { count: 170, amount: "£6.74" }))).toBeVisible();
  await expect(page.getByText(en.returns.none)).toBeVisible();
  await expect(page.getByRole("cell", { name: en.returns.states.refunded })).toBeVisible();
  await page.getByRole("link", { name: en.transactions.title }).click();
  await expect(page.getByRole("link", { name: en.transactions.kinds.return, exact: true })).toBeVisible();
  await expect(page.getByText(say("en", "credits.balance", { count: 20 }))).toBeVisible();

  // The same bundle and method again in one step, at today's price (the bonus is spent).
  await page.goto("/credits/repeat-order");
  await expect(page.getByRole("heading", { name: en.repeatOrder.title })).toBeVisible();
  await expect(page.getByText("£8.99 · PayPal")).toBeVisible();
  await page.getByRole("button", { name: say("en", "repeatOrder.submit", { price: "£8.99" }) }).click();
  await expect(page.getByText("no money moves")).toBeVisible();
  await expect(page.getByRole("heading", { name: "£8.99" })).toBeVisible();
});

test("the time bonus counts down and offers itself once, 40 seconds into the members area", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name === "no-js", "without JavaScript the banner shows the time left as rendered");
  const member = await createMember(request, { gender: "male", seeking: "female", country: "GB" });
  await page.clock.install();
  await logIn(page, member);
  await page.goto("/members");
  const timer = page.getByRole("region", { name: en.timeBonus.title }).getByRole("timer");
  const secondsLeft = async () => {
    const [h, m, s] = (await timer.textContent())!
      .match(/(\d\d):(\d\d):(\d\d)/)!
      .slice(1)
      .map(Number);
    return h! * 3600 + m! * 60 + s!;
  };
  // It ticks: the page has hydrated and the countdown runs.
  await expect(timer).not.toHaveText((await timer.textContent())!);
  const first = await secondsLeft();

  const popup = page.getByRole("dialog", { name: en.timeBonus.title });
  await page.clock.runFor(30_000);
  await expect(popup).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(popup).toBeVisible();
  // Still counting down, never restarted: the page's polling reads the server's time left, which only falls.
  expect(await secondsLeft()).toBeLessThan(first);
  await expect(popup.getByRole("link", { name: say("en", "timeBonus.cta", { percentage: 25 }) })).toBeFocused();
  await popup.getByRole("button", { name: en.timeBonus.close }).click();
  await expect(popup).toHaveCount(0);

  // Dismissed on this device: it does not come back.
  await page.reload();
  await expect(timer).not.toHaveText((await timer.textContent())!);
  await page.clock.runFor(45_000);
  await expect(popup).toHaveCount(0);
  await expect(timer).toBeVisible();
});

test("a failed payment says so, credits nothing and offers a retry or PayPal", async ({ page, request }) => {
  const member = await createMember(request, { gender: "male", seeking: "female", country: "NL" });
  await logIn(page, member);
  await page.goto("/credits");
  await page.getByRole("link", { name: say("en", "credits.choose", { count: 360 }) }).click();
  await page.getByLabel(en.methods.creditcard).check();
  await page.getByRole("button", { name: /^Pay / }).click();
  await page.getByRole("button", { name: "Fail", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(en.payment.failedText);
  await expect(page.getByRole("link", { name: en.payment.withPaypal })).toBeVisible();
  await page.getByRole("link", { name: en.payment.retry }).click();
  await expect(page.getByLabel(en.methods.creditcard)).toBeChecked();
  await page.goto("/transactions");
  await expect(page.getByRole("link", { name: en.transactions.kinds.purchase })).toHaveCount(0);
});

test("the public price list needs no login and no JavaScript, and the footer links to it", async ({ page }) => {
  await page.goto("/pages/terms");
  await skipEntryWarning(page);
  await page.getByRole("contentinfo").getByRole("link", { name: en.footer.pricing }).click();
  await expect(page.getByRole("heading", { name: en.pricing.title })).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(say("en", "credits.amount", { count: 170 })) })).toBeVisible();
  expect(await page.locator("script[src], link[rel=modulepreload]").count()).toBe(0);
});

test("paying by direct debit: a wrong IBAN is said at its field, a wrong code is 'Code invalid', the right one pays", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "female", country: "NL" });
  await logIn(page, member);
  await page.goto("/credits");
  await page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }).click();
  await page.getByRole("link", { name: en.directDebit.payByDirectDebit }).click();
  await expect(page.getByRole("heading", { name: en.directDebit.title })).toBeVisible();
  // The time bonus applies here too: €9.99 less 25%.
  await expect(page.getByText(say("en", "directDebit.order", { count: 170, price: "€7.49" }))).toBeVisible();

  await page.getByLabel(en.directDebit.holder).fill("Anna de Vries");
  await page.getByLabel(en.directDebit.iban).fill("NL91 ABNA 0417 1643 01");
  await page.getByLabel(en.directDebit.street).fill("Keizersgracht 1");
  await page.getByLabel(en.directDebit.postcode).fill("1015 CJ");
  await page.getByLabel(en.directDebit.city).fill("Amsterdam");
  const phone = `061${String(Date.now()).slice(-7)}`; // 061…: a Dutch mobile number, new each run
  await page.getByLabel(en.directDebit.phone).fill(phone);
  await page.getByRole("button", { name: en.directDebit.sendCode }).click();
  await expect(page.getByText(en.directDebit.ibanInvalid)).toBeVisible();
  await expect(page.getByText(en.directDebit.authorizeRequired)).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel(en.directDebit.holder)).toHaveValue("Anna de Vries");
  await expect(page.getByLabel(en.directDebit.phone)).toHaveValue(phone);

  await page.getByLabel(en.directDebit.iban).fill("NL91 ABNA 0417 1643 00");
  await page.getByLabel(/I authorise/).check();
  await page.getByRole("button", { name: en.directDebit.sendCode }).click();
  await expect(page.getByLabel(en.directDebit.code)).toBeVisible();
  await expect(page.getByText(/We sent a code by SMS to •+\d{3}\./)).toBeVisible();

  const outbox = await (await request.get("/api/dev-outbox.php")).json();
  const e164 = `+31${phone.slice(1)}`;
  const code: string = outbox.sms.find((m: { to: string }) => m.to === e164).text.slice(0, 6);
  const confirm = page.getByRole("button", { name: say("en", "directDebit.confirm", { count: 170, price: "€7.49" }) });
  await page.getByLabel(en.directDebit.code).fill(code === "000000" ? "111111" : "000000");
  await confirm.click();
  await expect(page.getByText(en.directDebit.codeInvalid)).toBeVisible();
  await page.getByLabel(en.directDebit.code).fill(code);
  await confirm.click();

  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();
  await expect(page.getByText(say("en", "credits.balance", { count: 190 }))).toBeVisible();
});
