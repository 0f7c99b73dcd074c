import net from "node:net";
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

test("a redirectTo whose dot-segments resolve to another host goes to the fallback, on every form that takes one", async ({
  request,
}) => {
  // Each resolves to "//evil.example" once its dot-segments are removed (issue 32).
  const payloads = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example"];
  const forms: { path: string; fields: Record<string, string>; fallback: string }[] = [
    { path: "/login", fields: { email: demo.free.email, password: demo.free.password }, fallback: "/members" },
    { path: "/entry-warning", fields: {}, fallback: "/" },
    { path: "/language", fields: { language: "en" }, fallback: "/" },
    { path: "/photo-warning", fields: {}, fallback: "/" },
  ];
  for (const { path, fields, fallback } of forms) {
    for (const redirectTo of payloads) {
      const answer = await request.post(path, { form: { ...fields, redirectTo }, maxRedirects: 0 });
      expect(answer.status(), `${path} ${redirectTo}`).toBe(302);
      expect(answer.headers().location, `${path} ${redirectTo}`).toBe(fallback);
    }
  }
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

test("a bad Host, an undecodable body and a non-GET on a static file are client errors, never 500", async ({
  request,
  baseURL,
}) => {
  // Written byte for byte: Playwright always sends a valid Host.
  const statusOf = async (head: string) => {
    const socket = net.connect(Number(new URL(baseURL!).port), "127.0.0.1");
    socket.write(`${head}\r\n\r\n`);
    let answer = "";
    for await (const chunk of socket) answer += String(chunk);
    const [status = "", ...headers] = answer.split("\r\n\r\n")[0]!.split("\r\n");
    return { status, csp: headers.some((h) => /^content-security-policy:/i.test(h)) };
  };
  for (const path of ["/", "/login", "/api/settings.php"]) {
    for (const head of [
      `GET ${path} HTTP/1.0`,
      `GET ${path} HTTP/1.1\r\nHost: \r\nConnection: close`,
      `GET ${path} HTTP/1.1\r\nHost: a b.example\r\nConnection: close`,
      `GET ${path} HTTP/1.1\r\nHost: [::1\r\nConnection: close`,
    ]) {
      expect(await statusOf(head), head).toEqual({ status: "HTTP/1.1 400 Bad Request", csp: true });
    }
  }
  for (const encoding of ["gzip", "br"]) {
    const answer = await request.post("/api/user.php", {
      headers: { "content-type": "application/json", "content-encoding": encoding },
      data: JSON.stringify({ email: "a@example.com", password: "x" }),
    });
    expect(answer.status(), encoding).toBe(400);
  }
  const asset = (await (await request.get("/login")).text()).match(/\/assets\/[\w-]+\.js(?=")/)![0];
  for (const path of [asset, "/favicon.svg"]) {
    const put = await request.put(path, { headers: { "accept-encoding": "br, gzip" }, data: "x" });
    expect(put.status(), path).toBe(405);
    expect(put.headers()["content-encoding"], path).toBeUndefined();
    expect(await put.text(), path).toBe("Method Not Allowed");
  }
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
