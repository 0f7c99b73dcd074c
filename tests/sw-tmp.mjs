import { chromium } from "playwright";

const b = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
  ],
});
const ctx = await b.newContext({ baseURL: "http://localhost:3400" });
await ctx.grantPermissions(["notifications"]);
await ctx.addCookies([{ name: "entry_warning_skipped", value: "1", url: "http://localhost:3400" }]);
const p = await ctx.newPage();
p.on("console", (m) => console.log("page:", m.text()));
await p.goto("/login");
await p
  .getByLabel("E-mail")
  .fill("free@example.com")
  .catch(() => {});
await p.fill("input[name=email]", "free@example.com");
await p.fill("input[name=password]", "demo-free-2026");
await p.click("button[type=submit] >> nth=-1");
await p.waitForURL(/members/);
await p.waitForFunction(() => navigator.serviceWorker.controller);
const cdp = await ctx.newCDPSession(p);
const id = new Promise((r) =>
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    console.log(JSON.stringify(registrations));
    const l = registrations.find((x) => !x.isDeleted);
    if (l) r(l.registrationId);
  }),
);
cdp.on("ServiceWorker.workerErrorReported", (e) => console.log("sw error", JSON.stringify(e)));
await cdp.send("ServiceWorker.enable");
const rid = await id;
console.log("perm", await p.evaluate(() => Notification.permission));
await cdp.send("ServiceWorker.deliverPushMessage", {
  origin: "http://localhost:3400",
  registrationId: rid,
  data: JSON.stringify({ title: "Hi", body: "b", url: "/likes", tag: "likes" }),
});
await new Promise((r) => setTimeout(r, 2000));
console.log(
  await p.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => n.title)),
);
const sw = ctx.serviceWorkers()[0];
console.log("sw", sw?.url());
if (sw) console.log(await sw.evaluate(async () => (await self.registration.getNotifications()).map((n) => n.title)));
if (sw)
  console.log(
    await sw.evaluate(async () => {
      try {
        await self.registration.showNotification("direct");
        return (await self.registration.getNotifications()).map((n) => n.title);
      } catch (e) {
        return String(e);
      }
    }),
  );
await b.close();
