import type { CDPSession, Page } from "@playwright/test";
import mail from "../../api/mail/locales/en.json" with { type: "json" };
import { fullChromiumLaunchOptions } from "../../playwright.config";
import { startFakePushService } from "../api/support/fake-push-service";
import { fakePushManager } from "./support/fake-push-manager";
import {
  createMember,
  expect,
  fill,
  hydrated,
  logIn,
  openAccountMenu,
  openProfileFromSearch,
  strings,
  test,
  timeBonusPopupAlreadyClosed,
} from "./support/fixtures";

const { en } = strings;

// Push and the service worker need the whole browser: the headless shell the other journeys run in has no push.
test.use({ launchOptions: fullChromiumLaunchOptions });

// The journeys here are not about the time-bonus popup (credits-journey.spec.ts is): closed before on this device.
test.beforeEach(async ({ context }) => {
  await timeBonusPopupAlreadyClosed(context);
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "the manifest is the same without JavaScript; the rest needs it");
});

test("every page names a web app manifest that makes the site installable, with icons drawn from the favicon", async ({
  page,
  request,
}) => {
  await page.goto("/pages/faq");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const answer = await request.get(href!);
  expect(answer.headers()["content-type"]).toContain("application/manifest+json");
  const manifest = await answer.json();
  // What browsers require to offer installation: a name, a start URL in scope, standalone display and large icons.
  expect(manifest).toMatchObject({
    name: "Heartline",
    start_url: expect.stringMatching(/^\//),
    scope: "/",
    display: "standalone",
    theme_color: "#6f42c1",
    lang: "en",
  });
  const pngs = manifest.icons.filter((icon: { type: string }) => icon.type === "image/png");
  expect(pngs.map((icon: { sizes: string }) => icon.sizes)).toEqual(["192x192", "512x512", "512x512"]);
  expect(pngs.some((icon: { purpose?: string }) => icon.purpose === "maskable")).toBe(true);
  for (const icon of pngs) {
    const png = await request.get(icon.src);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // The PNG header's width and height.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)].join("x")).toBe(icon.sizes);
  }
  expect((await request.get("/app-icons/64")).status()).toBe(404);
  // /favicon.ico, which crawlers ask for without reading the page: the favicon as a 48 px PNG, not a 404.
  const ico = await request.get("/favicon.ico");
  expect(ico.headers()["content-type"]).toBe("image/png");
  const icoBytes = await ico.body();
  expect([icoBytes.readUInt32BE(16), icoBytes.readUInt32BE(20)].join("x")).toBe("48x48");

  const german = await (await request.get(`${href}?lng=de`)).json();
  expect(german.lang).toBe("de");
});

/** The service worker's registration id, as DevTools knows it, to deliver a push to it. */
async function registrationId(cdp: CDPSession) {
  const registered = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const live = registrations.find((r: { isDeleted: boolean }) => !r.isDeleted);
      if (live) resolve(live.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  return registered;
}

test("a member turns push on from the alert; a like reaches the device as a notification", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const pushService = await startFakePushService();
  try {
    const phone = pushService.browser();
    const ben = await createMember(request, { gender: "male", seeking: "female" });
    const anna = await createMember(request, { gender: "female", seeking: "male" });
    await page.context().grantPermissions(["notifications"]);
    await page.addInitScript(fakePushManager, phone.subscription);
    await logIn(page, ben);
    const alert = page.getByRole("complementary", { name: en.notifications.push.title });
    // The alert comes after the page is shown and goes once answered, both at the window's foot: the page's heading,
    // and a link or button under a member's finger with it, stays where it was.
    const heading = page.getByRole("heading", { level: 1 });
    await expect(alert).toBeVisible();
    const headingWithAlert = (await heading.boundingBox())!.y;
    await alert.getByRole("button", { name: en.notifications.push.turnOn }).click();
    await expect(alert).toHaveCount(0);
    expect((await heading.boundingBox())!.y).toBe(headingWithAlert);
    phone.vapidKey = (await page.evaluate(() => localStorage.getItem("fake-push-key"))) ?? undefined;
    await openAccountMenu(page, en.nav.settings);
    await expect(page.getByText(en.notifications.push.subscribed)).toBeVisible();

    const annaContext = await browser.newContext({ ...testInfo.project.use });
    const annaPage = await annaContext.newPage();
    await logIn(annaPage, anna);
    await openProfileFromSearch(annaPage, { name: ben.name, gender: "male" });
    await annaPage.getByRole("button", { name: en.profile.like, exact: true }).click();
    await expect(annaPage.getByRole("button", { name: en.profile.unlike })).toBeVisible();
    await annaContext.close();

    // The server signed and encrypted it for Ben's device; the fake push service opened it.
    await expect.poll(() => phone.received.length, { timeout: 20_000 }).toBe(1);
    const push = phone.received[0] as { title: string; url: string };
    expect(push).toMatchObject({ title: fill(mail.newLike.subject, { actor: anna.name }), url: "/likes" });
    expect(phone.refused).toBe(0);

    // Delivered to the service worker as the browser's push service would: it shows the notification.
    const context = page.context();
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
    const cdp = await context.newCDPSession(page);
    await cdp.send("ServiceWorker.deliverPushMessage", {
      origin: new URL(page.url()).origin,
      registrationId: await registrationId(cdp),
      data: JSON.stringify(push),
    });
    const shown = () =>
      worker.evaluate(async () => {
        const { registration } = self as unknown as { registration: ServiceWorkerRegistration };
        return (await registration.getNotifications()).map((n) => ({ title: n.title, data: n.data }));
      });
    await expect.poll(shown, { timeout: 15_000 }).toEqual([{ title: push.title, data: { url: "/likes" } }]);

    await page.getByRole("button", { name: en.notifications.push.turnOff }).click();
    await expect(page.getByText(en.notifications.push.unsubscribed)).toBeVisible();
  } finally {
    await pushService.close();
  }
});

test("the service worker comes with member pages only, keeps no member data, and serves the offline page in the member's language", async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  await page.goto("/pages/faq");
  expect(await page.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0);
  await logIn(page, await createMember(request, { gender: "male", seeking: "female" }));
  // The first member page installs the worker. A page that is still loading when the worker takes over is not
  // claimed (the Service Workers spec skips clients that are not execution-ready), so the next page waits for it.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.locator("summary", { hasText: en.language.choose }).click();
  await page.getByRole("button", { name: "Deutsch" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? ""), { timeout: 15_000 })
    .toMatch(/\/sw\.js$/);
  // The offline page it keeps is in the member's language (German now).
  await expect
    .poll(() => page.evaluate(async () => (await caches.match("/offline"))?.headers.get("Content-Language") ?? null), {
      timeout: 15_000,
    })
    .toBe("de");
  // Chromium itself finds nothing missing for installation: manifest, icons, service worker.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  // Playwright's contexts are private windows, where no browser installs apps; that is the only objection.
  expect(installabilityErrors.map((e) => e.errorId)).toEqual(["in-incognito"]);

  // The page has loaded all it loads (the push alert's code comes last), so that going offline fails nothing of it.
  await expect(page.getByRole("complementary", { name: strings.de.notifications.push.title })).toBeVisible();
  await context.setOffline(true);
  // A whole document, as when the member opens the app offline: the service worker answers it.
  await page.goto("/likes").catch(() => undefined);
  await expect(page.getByRole("heading", { name: strings.de.offline.title })).toBeVisible();
  await context.setOffline(false);
  // The requests the network could not answer were logged; nothing else went wrong.
  expect(consoleErrors.splice(0).filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to fetch/.test(e))).toEqual([]);
  await page.getByRole("link", { name: strings.de.offline.retry }).click();
  await expect(page).toHaveURL(/\/likes$/);
  await expect(page.getByRole("heading", { name: strings.de.offline.title })).toHaveCount(0);

  const cached = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const entry of await (await caches.open(name)).keys()) paths.push(new URL(entry.url).pathname);
    return paths;
  });
  expect(cached.filter((path) => !path.startsWith("/assets/")).sort()).toEqual([
    "/app-icons/192",
    "/favicon.svg",
    "/offline",
    "/offline.css",
  ]);
});

test("in the installed app the top bar has a back button where there is somewhere to go back to", async ({
  page,
  request,
}) => {
  await logIn(page, await createMember(request, { gender: "male", seeking: "female" }));
  const openProfile = async (tab: Page) => {
    await tab.locator("main a[href^='/members/']").first().click();
    await expect(tab).toHaveURL(/\/members\/\d+$/);
    await expect(tab.getByRole("button", { name: en.profile.like, exact: true })).toBeVisible();
  };
  await openProfile(page);
  // In a browser tab the browser has its own.
  await expect(page.getByRole("button", { name: en.nav.back, exact: true })).toHaveCount(0);

  // Installed: Chromium cannot emulate display-mode, so pages are told so as an installed app's would be.
  await page.context().addInitScript(() => {
    const own = window.matchMedia.bind(window);
    window.matchMedia = (query: string) =>
      query === "(display-mode: standalone)"
        ? ({
            matches: true,
            media: query,
            addEventListener() {},
            removeEventListener() {},
          } as unknown as MediaQueryList)
        : own(query);
  });
  const app = await page.context().newPage();
  const back = app.getByRole("button", { name: en.nav.back, exact: true });
  // The installed app opens at its start address (the manifest's start_url).
  await app.goto("/members");
  await openProfile(app);
  await back.click();
  await expect(app).toHaveURL(/\/members$/);
  // Not on the search page itself (docs/product.md §2 names the routes that get one).
  await expect(back).toHaveCount(0);
});

test.describe("with the page's own network requests routed", () => {
  // Playwright routes what the page fetches, not what a service worker fetches for it.
  test.use({ serviceWorkers: "block" });

  test("a navigation shows a thin loading bar once it takes longer than 200 ms", async ({ page, request }) => {
    await logIn(page, await createMember(request, { gender: "male", seeking: "female" }));
    await page.route(/\.data(\?|$)/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.locator("main a[href^='/members/']").first().click();
    const bar = page.getByRole("progressbar", { name: en.nav.loading });
    await expect(bar).toBeVisible();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    await expect(bar).toHaveCount(0);
  });

  test("a page file that fails to load reloads the page once; within a minute the page asked for loads whole instead", async ({
    page,
    request,
    consoleErrors,
  }) => {
    await logIn(page, await createMember(request, { gender: "male", seeking: "female" }));
    // A release replaced the profile page's file since this page loaded.
    await page.route(/\/assets\/members-id-[\w-]+\.js$/, (route) => route.fulfill({ status: 404 }));
    const loads: string[] = [];
    page.on("load", () => loads.push(new URL(page.url()).pathname));
    const profileLink = page.locator("main a[href^='/members/']").first();
    const profile = (await profileLink.getAttribute("href"))!;
    await hydrated(profileLink);
    await profileLink.click();
    await expect.poll(() => loads).toEqual(["/members"]);
    await hydrated(profileLink);
    await profileLink.click();
    await expect(page.getByRole("button", { name: en.profile.like, exact: true })).toBeVisible();
    await expect.poll(() => loads).toEqual(["/members", profile]);
    // Each failure was logged, as it should be; nothing else went wrong.
    expect(consoleErrors.splice(0).filter((e) => !/route module|dynamically imported module/.test(e))).toEqual([]);
  });
});
