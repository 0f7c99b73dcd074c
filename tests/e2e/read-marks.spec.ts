import { createMember, expect, logIn, strings, test } from "./support/fixtures";

const { en } = strings;

// docs/product.md §7.1: a GET another site sent changes nothing. A link elsewhere to /chats/{id} must not tell the
// sender "Read" for messages the member never saw.
test("a conversation opened from another site's link is not marked read; opening it on the site is", async ({
  page,
  request,
}) => {
  const anna = await createMember(request, { gender: "female", seeking: "male" });
  const ben = await createMember(request, { gender: "male", seeking: "female" });
  // Anna writes, paid by her signup credits.
  const annaApi = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    expect((await annaApi.request.post("/api/user.php", { data: anna })).status()).toBe(200);
    const sent = await annaApi.request.post("/api/message.php", {
      data: { to: ben.id, text: "Did you read this?" },
      headers: { "idempotency-key": `read-marks-${Date.now()}` },
    });
    expect(sent.status()).toBe(200);
    const { conversation } = await sent.json();

    await logIn(page, ben);
    // Another site links to the conversation: the browser sends Ben's cookie, marked cross-site.
    const fromElsewhere = await page.request.get(`/chats/${conversation}`, {
      headers: { "sec-fetch-site": "cross-site", "sec-fetch-mode": "navigate" },
    });
    expect(fromElsewhere.status()).toBe(200);
    expect(await fromElsewhere.text()).toContain("Did you read this?");
    const unread = async () => (await (await page.request.get("/api/chats.php")).json()).total_unread_messages;
    expect(await unread()).toBe(1);

    // Opening it on the site marks it read.
    await page.getByRole("navigation", { name: en.nav.main }).getByRole("link", { name: en.nav.messages }).click();
    await page
      .getByRole("link", { name: new RegExp(anna.name) })
      .first()
      .click();
    await expect(page.locator(".chat-messages").getByText("Did you read this?")).toBeVisible();
    expect(await unread()).toBe(0);
  } finally {
    await annaApi.close();
  }
});
