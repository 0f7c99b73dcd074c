import { type Locator, type Page, request as playwrightRequest } from "@playwright/test";
import {
  createMember,
  expect,
  hydrated,
  logIn,
  say,
  skipEntryWarning,
  strings,
  type TestMember,
  test,
} from "./support/fixtures";

const { en } = strings;

/**
 * Clicks a link or button as a member does. A page that runs scripts (the members area opts in; docs/architecture.md
 * "Progressive enhancement") is clicked only once React has taken it over, so the journey goes on by client
 * navigation, as a member's does after the chat or the search, and a redirect to the provider must leave the app.
 */
async function clickInApp(target: Locator) {
  const scripted = await target.page().evaluate(() => "__reactRouterContext" in window);
  if (scripted) await hydrated(target);
  await target.click();
}

/** Logs in from the login page opened with where to go next, as a member sent to log in does. */
async function logInTo(page: Page, member: TestMember, path: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  if (await page.getByRole("dialog").count()) await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** From anywhere in the members area: the top bar's "Get Premium", then the premium page's "Get Premium". */
async function toCreditsThroughPremium(page: Page) {
  await clickInApp(page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.getPremium }));
  await expect(page.getByRole("heading", { name: en.premium.title, exact: true })).toBeVisible();
  await clickInApp(page.getByRole("main").getByRole("link", { name: en.premium.cta }));
  await expect(page.getByRole("heading", { name: en.credits.title })).toBeVisible();
}

// The same journey with and without JavaScript (playwright.config.ts projects): every step is a link or a form.
test("a free member buys credits with the time bonus, becomes premium, finds the receipt, returns the purchase and orders again", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "male", country: "GB" });
  await logIn(page, member);
  const topBar = page.getByRole("navigation", { name: en.nav.main });
  await expect(topBar.getByRole("link", { name: en.nav.getPremium })).toBeVisible();

  await toCreditsThroughPremium(page);
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
  await clickInApp(topBar.getByRole("link", { name: en.nav.credits }));
  await expect(page.getByRole("heading", { name: en.credits.title })).toBeVisible();
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
  await clickInApp(topBar.getByRole("link", { name: en.nav.credits }));
  await clickInApp(page.getByRole("link", { name: en.credits.repeatOrder }));
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
  await toCreditsThroughPremium(page);
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 360 }) }));
  await page.getByLabel(en.methods.creditcard).check();
  await clickInApp(page.getByRole("button", { name: /^Pay / }));
  await page.getByRole("button", { name: "Fail", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText(en.payment.failedText);
  await expect(page.getByRole("link", { name: en.payment.withPaypal })).toBeVisible();
  await clickInApp(page.getByRole("link", { name: en.payment.retry }));
  await expect(page.getByLabel(en.methods.creditcard)).toBeChecked();
  await clickInApp(page.getByRole("link", { name: en.checkout.otherBundle }));
  await clickInApp(page.getByRole("main").getByRole("link", { name: en.transactions.title }));
  await expect(page.getByRole("heading", { name: en.transactions.title })).toBeVisible();
  await expect(page.getByRole("link", { name: en.transactions.kinds.purchase })).toHaveCount(0);
});

test("out of credits in a chat, a member follows 'Buy credits', pays on the provider's page and is credited", async ({
  page,
  request,
}) => {
  const [anna, ben] = await Promise.all([
    createMember(request, { gender: "female", seeking: "male", country: "GB" }),
    createMember(request, { gender: "male", seeking: "female", country: "GB" }),
  ]);
  await logInTo(page, anna, `/members/${ben.id}/chat?icebreaker=0`);
  const write = page.getByLabel(en.chat.writeLabel);
  const send = page.getByRole("button", { name: en.chat.send, exact: true });
  // Her 20 welcome credits pay for two messages; the third is refused with the way to buy more.
  for (const text of ["Hello Ben", "Coffee on Saturday?"]) {
    await write.fill(text);
    await clickInApp(send);
    await expect(page).toHaveURL(/\/chats\/\d+/);
    await expect(page.locator(".chat-messages").getByText(text)).toBeVisible();
  }
  await write.fill("Are you there?");
  await clickInApp(send);
  await expect(page.getByText(en.chat.notEnoughCredits)).toBeVisible();
  await clickInApp(page.getByRole("alert").getByRole("link", { name: en.chat.buyCredits }));

  await expect(page.getByRole("heading", { name: en.credits.title })).toBeVisible();
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }));
  await expect(page.getByRole("heading", { name: en.checkout.title })).toBeVisible();
  await page.getByLabel(en.methods.creditcard).check();
  await clickInApp(page.getByRole("button", { name: say("en", "checkout.pay", { price: "£6.74" }) }));

  // The provider's page, loaded as a page of its own (not the site's 404), then back to the site.
  await expect(page).toHaveURL(/\/api\/sandbox-checkout\.php\?id=sbx_[0-9a-f]{20}$/);
  await expect(page.getByText("no money moves")).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/\d+$/);
  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();
  await expect(page.getByText(say("en", "credits.balance", { count: 170 }))).toBeVisible();
});

test("a discount code in a link: the credits page shows it, the order page has it filled in, and it is paid with it", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "male", country: "GB" });
  // She took a retention offer earlier (docs/product.md §3.8): STAY50-50, 50% off.
  const session = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  expect((await session.post("/api/user.php", { data: member })).status()).toBe(200);
  const offer = await session.post("/api/retention-offer.php", { data: { offer: 0 } });
  expect((await offer.json()).discountcode.code).toBe("STAY50-50");
  await session.dispose();

  // The mailed link, opened while logged out: after logging in, the credits page with the code.
  await logInTo(page, member, "/credits?code=stay50-50");
  await expect(page.getByText(say("en", "credits.codeFromLink", { code: "STAY50-50", percentage: 50 }))).toBeVisible();
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }));
  await expect(page.getByLabel(en.checkout.code)).toHaveValue("STAY50-50");
  await expect(page.getByText(say("en", "checkout.discount", { code: "STAY50-50", percentage: 50 }))).toBeVisible();
  // £8.99 less 50%, rounded down to the cent.
  await clickInApp(page.getByRole("button", { name: say("en", "checkout.pay", { price: "£4.49" }) }));
  await expect(page.getByRole("heading", { name: "£4.49" })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByRole("heading", { name: en.payment.title.completed })).toBeVisible();
});

test("a link with an unknown discount code says so, and the order goes on at the usual price", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "male", seeking: "female", country: "GB" });
  await logInTo(page, member, "/credits?code=NOPE");
  await expect(page.getByRole("status").filter({ hasText: `NOPE: ${en.checkout.codeNotFound}` })).toBeVisible();
  // The time bonus still applies, and no code is handed on.
  await expect(
    page.getByText(say("en", "credits.discountApplied", { code: "TIMEBONUS25", percentage: 25 })),
  ).toBeVisible();
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }));
  await expect(page.getByLabel(en.checkout.code)).toHaveValue("");
  await expect(page.getByRole("button", { name: say("en", "checkout.pay", { price: "£6.74" }) })).toBeVisible();
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
  await toCreditsThroughPremium(page);
  await clickInApp(page.getByRole("link", { name: say("en", "credits.choose", { count: 170 }) }));
  await clickInApp(page.getByRole("link", { name: en.directDebit.payByDirectDebit }));
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
