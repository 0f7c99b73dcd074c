import {
  createMember,
  demo,
  expect,
  followMailedLink,
  logIn,
  openAccountMenu,
  skipEntryWarning,
  strings,
  test,
} from "./support/fixtures";

const { en } = strings;

test("the README's npm start serves production: a __Host- session cookie, Secure, and pages that are not stored", async ({
  page,
  context,
}) => {
  await logIn(page, demo.premium);
  const cookies = await context.cookies();
  const session = cookies.find((c) => c.name === "__Host-sid");
  expect(session).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });
  expect(cookies.find((c) => c.name === "sid")).toBeUndefined();
  // Logging in lands on /members; the page loaded again as a whole document.
  const members = await page.reload();
  expect(members!.headers()["cache-control"]).toBe("no-store");
});

test("after login, a redirectTo that would leave the site lands in the members area", async ({ page }) => {
  await page.goto("/login?redirectTo=%2F%09%2Fevil.example");
  await skipEntryWarning(page);
  await page.getByLabel(en.login.email).fill(demo.free.email);
  await page.getByLabel(en.login.password).fill(demo.free.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/members$/);
});

test("the deletion mail's link reactivates with a button, then asks to log in; it starts no session", async ({
  page,
  context,
  request,
}) => {
  const member = await createMember(request, { gender: "female", seeking: "male" });
  const login = await request.post("/api/user.php", { data: { email: member.email, password: member.password } });
  const cookie = login.headers()["set-cookie"]!.split(";")[0]!;
  const deleted = await request.delete("/api/user.php", { headers: { cookie }, data: { password: member.password } });
  expect(deleted.status()).toBe(200);

  await followMailedLink(page, member.email, "/login?reactivate=");
  await skipEntryWarning(page);
  await expect(page.getByRole("heading", { name: en.deletion.reactivateTitle })).toBeVisible();
  await page.getByRole("button", { name: en.deletion.reactivateButton }).click();
  await expect(page.getByRole("status")).toHaveText(en.deletion.reactivatedLogIn);
  expect((await context.cookies()).find((c) => c.name.endsWith("sid"))).toBeUndefined();

  await page.getByLabel(en.login.email).fill(member.email);
  await page.getByLabel(en.login.password).fill(member.password);
  await page.getByRole("button", { name: en.login.submit }).click();
  await expect(page).toHaveURL(/\/members/);
});

test("page routes refuse what they cannot take: 405, 413, 415, 400, an unknown host 404, never 500", async ({
  request,
}) => {
  const put = await request.put("/login", { data: "x" });
  expect(put.status()).toBe(405);
  expect(put.headers().allow).toBe("GET, HEAD, POST");
  const huge = await request.post("/login", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `email=${"a".repeat(200_000)}`,
  });
  expect(huge.status()).toBe(413);
  expect((await request.post("/login", { headers: { "content-type": "application/json" }, data: "{}" })).status()).toBe(
    415,
  );
  const brokenForm = await request.post("/login", {
    headers: { "content-type": "multipart/form-data; boundary=xyz" },
    data: "not a multipart body",
  });
  expect(brokenForm.status()).toBe(400);
  expect((await request.get("/", { headers: { host: "unknown.example" } })).status()).toBe(404);
  expect((await request.get("/login?redirectTo=%2F%0A%2Fevil.example")).status()).toBe(200);
});

test("a form post from another site is refused, by Origin or, without it, by Referer", async ({ request }) => {
  const form = {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: "email=a%40example.com&password=x",
  };
  expect(
    (await request.post("/login", { ...form, headers: { ...form.headers, origin: "https://evil.example" } })).status(),
  ).toBe(403);
  expect(
    (
      await request.post("/login", { ...form, headers: { ...form.headers, referer: "https://evil.example/page" } })
    ).status(),
  ).toBe(403);
});

test("security headers are on every answer: pages, static files, /healthz and the API", async ({ request }) => {
  for (const path of ["/", "/favicon.svg", "/healthz", "/api/settings.php", "/api/no-such-endpoint.php"]) {
    const headers = (await request.get(path)).headers();
    expect(headers["content-security-policy"], path).toContain("base-uri 'none'");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
  }
  // The API's answers are data: their policy allows nothing at all, and no page's nonce.
  const api = (await request.get("/api/settings.php")).headers()["content-security-policy"];
  expect(api).toContain("default-src 'none'");
  expect(api).not.toContain("nonce-");
});

test("an API call from another site is refused", async ({ request }) => {
  const foreign = await request.post("/api/user.php", {
    headers: { origin: "https://evil.example" },
    data: { email: "free@example.com", password: "demo-free-2026" },
  });
  expect(foreign.status()).toBe(403);
  expect((await foreign.json()).error).toBe("forbidden_origin");
  expect(foreign.headers()["x-content-type-options"]).toBe("nosniff");
});

test("the outbox page answers this machine only", async ({ request }) => {
  expect((await request.get("/dev/outbox")).status()).toBe(200);
  expect((await request.get("/dev/outbox", { headers: { "x-forwarded-for": "203.0.113.5" } })).status()).toBe(404);
});

test("a common password is refused at its field; too many wrong old passwords say so at the field", async ({
  page,
  request,
}) => {
  const member = await createMember(request, { gender: "male", seeking: "female" });
  await logIn(page, member);
  await openAccountMenu(page, en.nav.settings);
  const passwordForm = page.getByRole("region", { name: en.settings.passwordTitle });
  await passwordForm.getByLabel(en.settings.oldPassword).fill(member.password);
  await passwordForm.getByLabel(en.reset.newPassword, { exact: true }).fill("password123");
  await passwordForm.getByLabel(en.reset.confirmPassword).fill("password123");
  await passwordForm.getByRole("button", { name: en.settings.savePassword }).click();
  await expect(passwordForm.getByText(en.validation.passwordCommon)).toBeVisible();

  for (let i = 0; i < 5; i++) {
    await passwordForm.getByLabel(en.settings.oldPassword).fill(`not my password ${i}`);
    await passwordForm.getByLabel(en.reset.newPassword, { exact: true }).fill("a brand new one");
    await passwordForm.getByLabel(en.reset.confirmPassword).fill("a brand new one");
    await passwordForm.getByRole("button", { name: en.settings.savePassword }).click();
    await expect(passwordForm.getByText(i < 4 ? en.settings.wrongOldPassword : en.settings.tooManyWrong)).toBeVisible();
  }
});
