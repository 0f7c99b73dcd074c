import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { APIRequestContext, Page } from "@playwright/test";
import { defaultLocale, locales } from "../../contract/locales";
import { nicheLanderNames } from "../../contract/niche-landers";
import { demo, entryWarningAlreadyConfirmed, expect, hydrated, logIn, strings, test } from "./support/fixtures";

// Byte budgets per page (docs in README "Speed"): deterministic, so they belong in the tests; timing does not.
const kB = 1024;
// 131 kB: every page's meta, which also runs in the browser on client navigations, names its share card (Open Graph,
// docs/product.md §2.21), about 0.2 kB that the signup page had no room for at 130. 131.25 kB: the invite-only
// screen (docs/product.md §2.12, a lazy module that only invite-only sites load) still costs the signup form its
// import and the invite code each step posts with, about 0.15 kB. 131.5 kB: the push switch's "try again" while the
// API is unavailable, and the poll that refreshes only the counts on pages whose own data it need not read again
// (docs/product.md §7.3), about 0.15 kB in the chunk every page loads. 135.25 kB: React Router's route manifest as
// one file (about 3.6 kB, react-router.config.ts), which spares the server a route-discovery request after every page
// view; the browser keeps it a year, and each page's HTML is 2.5 kB lighter for it.
const jsBudget = 135.25 * kB;
// A member's pages also carry what their device does for them: the service worker's registration, push and its
// state, the loading bar, the installed app's back button (docs/product.md §4.17), about 3 kB more; 0.25 kB more
// since 133 kB for the same outage and poll changes as above; 3.75 kB more for the route manifest, as above.
const memberJsBudget = 137 * kB;
const cssBudget = 10 * kB;
// The lander layout's pages take the site's stylesheet trimmed to what they use (about 5 kB, vite.config.ts) and a
// niche lander its design's own beside it (0.1 to 0.8 kB, docs/product.md §2.25).
const landerCssBudget = 6.5 * kB;
// The tinder-swipe lander is the one lander with a script: its swipe gestures, about 1.3 kB (§2.24).
const swipeLanderJsBudget = 2 * kB;

/** The gzipped bytes of every script and stylesheet a page loads, until the network is idle. */
async function weigh(page: Page, request: APIRequestContext, path: string) {
  const urls = { script: new Set<string>(), stylesheet: new Set<string>() };
  const record = (r: import("@playwright/test").Request) => {
    const kind = r.resourceType();
    if (kind === "script" || kind === "stylesheet") urls[kind].add(r.url());
  };
  page.on("request", record);
  // By its address: a budget is what a whole document load of the page downloads, not a client navigation's share.
  await page.goto(path, { waitUntil: "networkidle" });
  page.off("request", record);
  const gzipped = async (set: Set<string>) => {
    let total = 0;
    for (const url of set)
      total += gzipSync(await (await request.get(url, { headers: { "accept-encoding": "identity" } })).body()).length;
    return total;
  };
  return { js: await gzipped(urls.script), css: await gzipped(urls.stylesheet) };
}

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook wants from this pattern.
test.beforeEach(({}, testInfo) => {
  test.skip(testInfo.project.name !== "js", "what a page loads is the same with or without JavaScript; measured once");
});

test("public pages load no JavaScript but the swipe lander's gestures, and at most 10 kB of CSS", async ({
  page,
  request,
}) => {
  await entryWarningAlreadyConfirmed(page.context());
  await page.goto("/members");
  const profile = await page.locator("main a[href^='/members/']").first().getAttribute("href");
  for (const path of [
    "/",
    "/pages/terms",
    "/pages/faq",
    "/complaints",
    "/appeal?token=none",
    "/lang-config",
    `${profile}/landing`,
    `${profile}/landing2/milf-de`,
    `${profile}/landing3/gay-nl`,
    "/landers/tinderswipe",
    "/offers",
    // docs/product.md §2.25: every niche lander, with and without a slug.
    ...nicheLanderNames.map((name) => `/landers/${name}`),
    "/landers/maplanding/gay-nl",
  ]) {
    const weight = await weigh(page, request, path);
    if (path === "/landers/tinderswipe") {
      expect(weight.js, path).toBeGreaterThan(0);
      expect(weight.js, path).toBeLessThanOrEqual(swipeLanderJsBudget);
    } else expect(weight.js, path).toBe(0);
    const landerLayout = /^\/landers\/|\/landing\d?(\/|$)/.test(path);
    expect.soft(weight.css, path).toBeLessThanOrEqual(landerLayout ? landerCssBudget : cssBudget);
  }
});

test("member pages load at most 137 kB of JavaScript and 10 kB of CSS, gzipped", async ({ page, request }) => {
  await logIn(page, demo.free);
  const profile = await page.locator("main a[href^='/members/']").first().getAttribute("href");
  for (const path of [
    "/members",
    profile!,
    "/likes",
    "/swipe-game",
    "/notifications",
    "/profile",
    "/chats",
    `${profile}/chat`,
  ]) {
    const weight = await weigh(page, request, path);
    expect.soft(weight.js, path).toBeLessThanOrEqual(memberJsBudget);
    expect.soft(weight.css, path).toBeLessThanOrEqual(cssBudget);
  }
});

// Lazy route discovery asked the server, after every page view, which routes the page's links lead to: a request that
// matched each link against every route and cost about as much CPU as the page (README "Speed"). The whole manifest
// comes as one immutable file instead, and a member moves from page to page without asking for routes.
test("a member's page views and client navigations ask the server for no route manifest", async ({ page, request }) => {
  const discovery: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/__manifest") discovery.push(r.url());
  });
  const manifests: string[] = [];
  page.on("response", (r) => {
    if (/\/assets\/manifest-[\w-]+\.js$/.test(r.url())) manifests.push(r.url());
  });
  await logIn(page, demo.free);
  await hydrated(page.locator("main"));
  await page.waitForLoadState("networkidle");
  const openProfile = new RegExp(`^${strings.en.profile.open.replace("{{name}}", ".+")}$`);
  await page.getByRole("main").getByRole("link", { name: openProfile }).first().click();
  await expect(page).toHaveURL(/\/members\/\d+$/);
  await page
    .getByRole("navigation", { name: strings.en.nav.main })
    .getByRole("link", { name: strings.en.nav.likes })
    .click();
  await expect(page).toHaveURL(/\/likes$/);
  await page.waitForLoadState("networkidle");
  expect(discovery).toEqual([]);
  expect(manifests.length).toBeGreaterThan(0);
  expect((await request.get(new URL(manifests[0]!).pathname)).headers()["cache-control"]).toContain("immutable");
});

test("the moderation area stays within the member pages' budgets", async ({ page, request }) => {
  await logIn(page, demo.moderator);
  const weight = await weigh(page, request, "/moderation");
  expect(weight.js).toBeLessThanOrEqual(memberJsBudget);
  expect(weight.css).toBeLessThanOrEqual(cssBudget);
});

test("the login and signup pages stay within the same budgets with their forms", async ({ page, request }) => {
  await entryWarningAlreadyConfirmed(page.context());
  for (const path of ["/login", "/signup"]) {
    const weight = await weigh(page, request, path);
    expect.soft(weight.js, path).toBeLessThanOrEqual(jsBudget);
    expect.soft(weight.css, path).toBeLessThanOrEqual(cssBudget);
  }
});

// A slow network's first round trip carries about 14 kB (TCP's initial window): a hydrating page's HTML fits in it
// because its strings are a file of their own, which the browser keeps across pages (docs/architecture.md).
const htmlBudget = 14 * kB;

test("a hydrating page's HTML fits the first round trip; its language's strings come as a cached file", async ({
  page,
  request,
}) => {
  await entryWarningAlreadyConfirmed(page.context());
  await page.goto("/members");
  const profile = (await page.locator("main a[href^='/members/']").first().getAttribute("href"))!;
  const files = new Map<string, string>();
  for (const [path, locale] of [
    ["/members", "en"],
    [profile, "en"],
    [`${profile}?lng=de`, "de"],
  ] as const) {
    const html = await (await request.get(path, { headers: { cookie: "entry_warning_skipped=1" } })).text();
    expect.soft(gzipSync(html).length, path).toBeLessThanOrEqual(htmlBudget);
    const file = html.match(/<link rel="preload" id="i18n-strings" href="([^"]+)"/)?.[1];
    expect(file, path).toMatch(/^\/assets\/common-[\w-]+\.json$/);
    files.set(locale, file!);
  }
  const english = await request.get(files.get("en")!);
  expect(english.headers()["cache-control"]).toContain("immutable");
  expect((await english.json()).nav.searchMembers).toBe(strings.en.nav.searchMembers);
  expect((await (await request.get(files.get("de")!)).json()).nav.searchMembers).toBe(strings.de.nav.searchMembers);
  // The page hydrates with them: React takes over its elements (a document load, as a German visitor's first).
  await page.goto(`${profile}?lng=de`);
  await hydrated(page.locator("main"));
});

test("a hydrating page asks for its stylesheet and first photos before its scripts, then hydrates", async ({
  page,
  request,
}) => {
  await entryWarningAlreadyConfirmed(page.context());
  const html = await (await request.get("/members", { headers: { cookie: "entry_warning_skipped=1" } })).text();
  expect(html).toContain('type="module"');
  expect(html).not.toContain('rel="modulepreload"');

  const asked: { kind: string; url: string }[] = [];
  page.on("request", (r) => asked.push({ kind: r.resourceType(), url: r.url() }));
  await page.goto("/members");
  const firstScript = asked.findIndex((r) => r.kind === "script");
  expect(firstScript).toBeGreaterThan(0);
  const before = asked.slice(0, firstScript).map((r) => r.kind);
  expect(before).toContain("stylesheet");
  expect(before).toContain("image");
  await hydrated(page.locator("main"));
});

// The server's memory (README "Speed"): V8 keeps the source of every module it loaded for as long as
// the process runs, at one byte a character when all of it is Latin-1 and at two otherwise. One Polish "ł" in a
// translation, or a "…" in a comment the bundler keeps, doubles what the whole file costs (1.7 MB for the pages').
test("the server's bundles are Latin-1 text, which V8 keeps at one byte a character", () => {
  const folders = ["build/server", "build/server/assets", "build/node"];
  const files = folders.flatMap((folder) =>
    fs
      .readdirSync(folder)
      .filter((name) => name.endsWith(".js"))
      .map((name) => path.join(folder, name)),
  );
  expect(files).toContain(path.join("build", "server", "index.js"));
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const wide = text.search(/[\u0100-\uffff]/);
    expect.soft(wide === -1 ? "" : text.slice(Math.max(0, wide - 60), wide + 1), file).toBe("");
  }
});

// Only English, every language's fallback, is in the pages' bundle: the other ten are chunks of their own that the
// server reads the first time a request asks for them (app/i18n/resources.server.ts), so a site whose visitors use
// one language does not hold the others' strings (2.7 MB of heap).
test("the server's pages' bundle holds English's translations only, the other languages are chunks of their own", () => {
  const bundled = fs.readFileSync(path.join("build", "server", "index.js"), "utf8");
  const chunks = fs
    .readdirSync(path.join("build", "server", "assets"))
    .filter((name) => name.endsWith(".js"))
    .map((name) => fs.readFileSync(path.join("build", "server", "assets", name), "utf8"))
    .join("\n");
  // As the bundler writes a string in an ASCII file: characters past ASCII as \uXXXX.
  const asBuilt = (text: string) =>
    text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
  const description = (locale: string) =>
    asBuilt(
      (
        JSON.parse(fs.readFileSync(path.join("app", "i18n", "locales", locale, "common.json"), "utf8")) as {
          meta: { description: string };
        }
      ).meta.description,
    );
  expect(bundled).toContain(description(defaultLocale));
  for (const locale of locales.filter((locale) => locale !== defaultLocale)) {
    expect.soft(bundled.includes(description(locale)), `${locale} in build/server/index.js`).toBe(false);
    expect.soft(chunks.includes(description(locale)), `${locale} in a chunk of build/server/assets`).toBe(true);
  }
});

// The build trims Bootstrap to the classes the app's sources name (vite.config.ts), each stylesheet against its own
// list of sources: a class of our own stylesheets named only in sources left off a list was dropped with its rules
// (the admin charts' once). Every class our stylesheets define must come out of the build.
test("the build trims Bootstrap, not the rules of the site's own stylesheets", () => {
  const assets = path.join("build", "client", "assets");
  const built = fs
    .readdirSync(assets)
    .filter((name) => name.endsWith(".css"))
    .map((name) => fs.readFileSync(path.join(assets, name), "utf8"))
    .join("\n");
  const stylesheets = fs
    .readdirSync(path.join("app", "styles"), { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".scss"));
  expect(stylesheets).toContain("admin.scss");
  const dropped: string[] = [];
  for (const stylesheet of stylesheets) {
    const source = fs.readFileSync(path.join("app", "styles", stylesheet), "utf8").replace(/\/\/.*$/gm, "");
    // A class selector: not a Sass function (`math.div`), a number (`0.5rem`) or a name built with `#{…}`.
    for (const [, name] of source.matchAll(/(?<![\w)\]])\.([a-z][\w-]*)(?![\w-]|#\{)/gi))
      if (!new RegExp(`\\.${name}(?![\\w-])`).test(built)) dropped.push(`${stylesheet}: .${name}`);
  }
  expect(dropped).toEqual([]);
});
