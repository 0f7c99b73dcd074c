import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import { fullChromiumLaunchOptions } from "../playwright.config";
import { benchChat, prepareChatBench } from "./chat";
import { benchLedger } from "./ledger";
import { benchResidentSet } from "./resident-set";
import { benchScale } from "./scale";
import { benchVisitors } from "./visitors";

/**
 * `npm run bench`: the production server (as `npm start` runs it) and the anchor (bench/anchor-server.ts: React's
 * renderToString of the same markup, from memory) side by side on loopback, in paired rounds, with the framework
 * floor (bench/floor-server.ts: the same markup through Express and React Router with nothing of the site); then
 * what Chromium loads for each page on a 360 px phone. Figures for the note, not a test: timing belongs here,
 * budgets in tests.
 */
const port = Number(process.env.BENCH_PORT ?? 3200);
const anchorPort = port + 1;
const floorPort = port + 2;
/** The durable-commit ceiling of the chat part (bench/ceiling-server.ts). */
const ceilingPort = port + 3;
const origin = `http://localhost:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/**
 * `BENCH_ONLY=chat` (or `pages`, `visitors`, `rss`, `ledger`, `scale`, or several: `chat,rss`): some parts of the run,
 * while working on them.
 */
const only = process.env.BENCH_ONLY?.split(",");
const runs = (part: "pages" | "visitors" | "chat" | "rss" | "ledger" | "scale") => !only || only.includes(part);
const dataDir = "data/bench";

function start(args: string[], env: Record<string, string>): ChildProcess {
  return spawn("node", args, {
    env: { ...process.env, ...env, NODE_ENV: "production" },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

async function waitFor(url: string) {
  for (let i = 0; i < 240; i++) {
    if (
      await fetch(url)
        .then((r) => r.status < 500)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer`);
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

function rssMb(pid: number): number {
  const line = fs
    .readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"))!;
  return Number(line.replace(/\D/g, "")) / 1024;
}

interface Run {
  rps: number;
  p50: number;
  p99: number;
  cpu: number;
  errors: number;
}

async function load(url: string, pid: number, cookie?: string): Promise<Run> {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  const cpu = (cpuMs(pid) - before) / Math.max(1, result.requests.total);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu,
    errors: result.errors + result.non2xx,
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** What Chromium loads for a page at 360 px: gzipped bytes by kind, and how many scripts. */
async function pageWeight(browser: import("@playwright/test").Browser, url: string, cookie?: string) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { cookie: `entry_warning_skipped=1${cookie ? `; ${cookie}` : ""}` },
  });
  const page = await context.newPage();
  const bytes = { document: 0, script: 0, stylesheet: 0, image: 0 };
  let scripts = 0;
  const sizing: Promise<void>[] = [];
  const onFinished = (request: import("@playwright/test").Request) => {
    const kind = request.resourceType() as keyof typeof bytes;
    if (!(kind in bytes)) return;
    if (kind === "script") scripts++;
    sizing.push(
      request.sizes().then((sizes) => {
        bytes[kind] += sizes.responseBodySize;
      }),
    );
  };
  page.on("requestfinished", onFinished);
  await page.goto(url, { waitUntil: "networkidle" });
  // A request finishing after this (the page's first poll) would be sized after the context closes.
  page.off("requestfinished", onFinished);
  await Promise.all(sizing);
  await context.close();
  return { ...bytes, scripts };
}

// The demo data is seeded first, in its own process: a live server never seeds (the demo exists on localhost only),
// and the seed's image and fake-name libraries would stay resident in the measured process.
execFileSync("npm", ["run", "--silent", "seed"], { env: { ...process.env, DATA_DIR: dataDir }, stdio: "inherit" });
// The conversations of bench/chat.ts, written before the server opens the database.
const chat = await prepareChatBench(dataDir);
// As `npm start` runs it (package.json): compiled, with its heap cap. `BENCH_PROFILE=<dir>` writes its CPU profile there.
const profile = process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
const startScript = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: { start: string } }).scripts
  .start;
/** The start script's words with `${NAME:-default}` filled in from the environment, as the shell fills them. */
const startWords = startScript
  .split(/\s+/)
  .map((word) =>
    word.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] ?? fallback),
  );
/** Its node flags (the heap's) and its variables (NODE_ENV aside, which start() sets). */
const heapFlags = startWords.filter((word) => word.startsWith("--"));
const startEnv = Object.fromEntries(
  startWords.slice(0, startWords.indexOf("node")).map((word) => word.split("=") as [string, string]),
);
const server = start([...profile, ...heapFlags, "start.mjs"], {
  ...startEnv,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: "warn",
});
let anchor: ChildProcess | undefined;
let floor: ChildProcess | undefined;
let ceiling: ChildProcess | undefined;
// An uncaught error ends the run without the `finally` below; the servers must not outlive it.
process.on("exit", () => {
  for (const child of [server, anchor, floor, ceiling]) child?.kill("SIGTERM");
});
try {
  await waitFor(`${origin}/healthz`);

  // Logged in as the free demo member (README), as a browser would be.
  const login = await fetch(`${origin}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "free@example.com", password: "demo-free-2026" }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const search = (await (await fetch(`${origin}/api/members.php`, { headers: { cookie } })).json()) as {
    profiles: { id: number }[];
  };
  // `live`: the page holds an event stream open, so Chromium's network never goes idle: not weighed below.
  const routes: Route[] = [
    { title: "/ (logged out)", path: "/" },
    { title: "/pages/terms", path: "/pages/terms" },
    { title: "/members (logged in)", path: "/members", cookie },
    { title: "/members/{id}", path: `/members/${search.profiles[0]!.id}`, cookie },
    { title: "/likes", path: "/likes", cookie },
    { title: "/chats/{id} (30 messages)", path: `/chats/${chat.pageConversation}`, cookie, live: true },
  ];

  // The anchor renders what the site answered for each path.
  const pages: Record<string, string> = {};
  for (const route of routes) {
    const response = await fetch(origin + route.path, {
      headers: { cookie: `entry_warning_skipped=1${route.cookie ? `; ${route.cookie}` : ""}` },
    });
    if (!response.ok) throw new Error(`${route.path} answered ${response.status}`);
    pages[route.path] = await response.text();
  }
  if (runs("pages")) await benchPages(routes, pages);
  if (runs("visitors"))
    await benchVisitors({
      origin,
      dataDir,
      seconds,
      rounds,
      profileId: search.profiles[0]!.id,
      devtoolsPort: port + 3,
    });
  if (runs("chat")) {
    // A fresh file each run, on the same disk as the site's database.
    const ceilingFile = path.join(dataDir, "ceiling.db");
    for (const file of [ceilingFile, `${ceilingFile}-wal`, `${ceilingFile}-shm`]) fs.rmSync(file, { force: true });
    ceiling = start(["--import", "tsx", "bench/ceiling-server.ts", ceilingFile, String(ceilingPort)], {});
    await waitFor(`http://127.0.0.1:${ceilingPort}/`);
    const bare = ceiling;
    await benchChat(
      origin,
      chat,
      { cpuMs: () => cpuMs(server.pid!), rssMb: () => rssMb(server.pid!) },
      {
        seconds,
        rounds,
        ceiling: {
          origin: `http://127.0.0.1:${ceilingPort}`,
          server: { cpuMs: () => cpuMs(bare.pid!), rssMb: () => rssMb(bare.pid!) },
          databaseFile: ceilingFile,
        },
      },
    );
    // Its port is the scale part's next.
    ceiling.kill("SIGTERM");
  }
  if (runs("rss"))
    await benchResidentSet({
      origin,
      pairs: chat.pairs,
      pages: routes,
      rssMb: () => rssMb(server.pid!),
      load,
      pid: server.pid!,
      rounds,
    });
  if (runs("ledger")) await benchLedger(dataDir, seconds);
  if (runs("scale"))
    await benchScale({
      dataDir,
      smallPort: port + 3,
      largePort: port + 4,
      start,
      waitFor,
      load,
      cookie,
      pages: [
        { title: "/members", path: "/members" },
        { title: "/members/{id}", path: `/members/${search.profiles[0]!.id}` },
        { title: "/likes", path: "/likes" },
        { title: "/likes/matches", path: "/likes/matches" },
        { title: "/chats", path: "/chats" },
        { title: "/chats/{id}", path: `/chats/${chat.pageConversation}` },
        { title: "/notifications", path: "/notifications" },
        { title: "/swipe-game", path: "/swipe-game" },
        { title: "/credits", path: "/credits" },
      ],
      heapFlags,
      startEnv,
      rounds,
    });
} finally {
  server.kill("SIGTERM");
  anchor?.kill("SIGTERM");
  floor?.kill("SIGTERM");
  ceiling?.kill("SIGTERM");
}

type Route = { title: string; path: string; cookie?: string; live?: boolean };

/** The median of ratios as a percentage, with the smallest and largest of the rounds. */
function percentRange(ratios: number[]): string {
  const percent = (value: number) => `${(value * 100).toFixed(0)}%`;
  return `${percent(median(ratios))} [${percent(Math.min(...ratios))}–${percent(Math.max(...ratios))}]`;
}

/**
 * The path and query of the first poll a logged-in page makes (5 s after it loads, docs/product.md §7.3): the read of
 * the member's stamp (a revalidation of its loaders follows only when that moved), as the page's own script asks
 * for it, so that the bench loads what browsers send.
 */
async function pollPath(browser: import("@playwright/test").Browser, route: Route): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    extraHTTPHeaders: { cookie: `entry_warning_skipped=1; ${route.cookie}` },
  });
  const page = await context.newPage();
  const polled = page.waitForRequest((request) => /^\/member-state$|\.data$/.test(new URL(request.url()).pathname), {
    timeout: 30_000,
  });
  await page.goto(origin + route.path);
  const url = new URL((await polled).url());
  await context.close();
  return url.pathname + url.search;
}

/**
 * Each page against the anchor's render of the same document and the framework floor's, in paired rounds, and the
 * server's peak resident set; then what Chromium loads for it.
 */
async function benchPages(routes: Route[], pages: Record<string, string>) {
  const pagesFile = path.join(dataDir, "anchor-pages.json");
  fs.writeFileSync(pagesFile, JSON.stringify(pages));
  anchor = start(["--import", "tsx", "bench/anchor-server.ts", pagesFile, String(anchorPort)], {});
  floor = start(["--import", "tsx", "bench/floor-server.ts", pagesFile, String(floorPort)], {});
  for (const [name, at] of [
    ["anchor", anchorPort],
    ["framework floor", floorPort],
  ] as const) {
    await waitFor(`http://127.0.0.1:${at}/`);
    for (const route of routes) {
      const rendered = await fetch(`http://127.0.0.1:${at}${route.path}`).then((r) => r.text());
      const ratio = rendered.length / pages[route.path]!.length;
      if (Math.abs(ratio - 1) > 0.1)
        throw new Error(`the ${name}'s ${route.path} is ${(ratio * 100).toFixed(0)}% of the page's size`);
    }
  }

  // The 60 s poll each member page makes (app/hooks/use-polling.ts): its request as Chromium sends it.
  const browser = await chromium.launch(fullChromiumLaunchOptions);
  const polls: Record<string, string> = {};
  for (const route of routes.filter((r) => r.cookie)) polls[route.path] = await pollPath(browser, route);

  console.log(
    // Node's version beside the figures: the same code takes about a quarter less CPU a page on Node 24 than on 20.
    `autocannon, 10 connections, ${seconds} s, ${rounds} paired rounds (medians), NODE_ENV=production, SQLite, Node ${process.version}`,
  );
  console.log(
    "route                      req/s   p50   p99  CPU ms/req   anchor req/s  anchor CPU ms   ratio   floor req/s  floor ratio   site/floor [min–max]",
  );
  let peakRss = 0;
  const pollRows: string[] = [];
  for (const route of routes) {
    const site: Run[] = [];
    const bare: Run[] = [];
    const framework: Run[] = [];
    const poll: Run[] = [];
    const cookie = route.cookie ? `entry_warning_skipped=1; ${route.cookie}` : "entry_warning_skipped=1";
    for (let round = 0; round < rounds; round++) {
      site.push(await load(origin + route.path, server.pid!, cookie));
      peakRss = Math.max(peakRss, rssMb(server.pid!));
      const pollAt = polls[route.path];
      if (pollAt) poll.push(await load(origin + pollAt, server.pid!, cookie));
      bare.push(await load(`http://127.0.0.1:${anchorPort}${route.path}`, anchor!.pid!));
      framework.push(await load(`http://127.0.0.1:${floorPort}${route.path}`, floor!.pid!));
    }
    const rps = median(site.map((r) => r.rps));
    const anchorRps = median(bare.map((r) => r.rps));
    const floorRps = median(framework.map((r) => r.rps));
    const errors = [...site, ...poll].reduce((n, r) => n + r.errors, 0);
    const toFloor = percentRange(site.map((r, i) => r.rps / framework[i]!.rps));
    console.log(
      `${route.title.padEnd(24)} ${rps.toFixed(0).padStart(7)} ${String(median(site.map((r) => r.p50))).padStart(5)} ${String(median(site.map((r) => r.p99))).padStart(5)}` +
        ` ${median(site.map((r) => r.cpu))
          .toFixed(1)
          .padStart(11)} ${anchorRps.toFixed(0).padStart(14)} ${median(bare.map((r) => r.cpu))
          .toFixed(1)
          .padStart(14)}` +
        ` ${((rps / anchorRps) * 100).toFixed(0).padStart(6)}% ${floorRps.toFixed(0).padStart(13)} ${((floorRps / anchorRps) * 100).toFixed(0).padStart(11)}%` +
        `   ${toFloor}` +
        (errors ? `   (${errors} errors/non-2xx)` : ""),
    );
    if (poll.length > 0)
      pollRows.push(
        `${route.title.padEnd(24)} ${polls[route.path]!.padEnd(44)} ${median(poll.map((r) => r.cpu))
          .toFixed(2)
          .padStart(10)} ${median(poll.map((r) => r.rps))
          .toFixed(0)
          .padStart(9)}   ${percentRange(poll.map((r, i) => r.cpu / site[i]!.cpu))}`,
      );
  }
  console.log(`server resident set, peak under load: ${peakRss.toFixed(0)} MB`);
  console.log(
    "\nthe 60 s poll of a member page, measured in the same rounds: its CPU per request as a share of the page's\n" +
      "route                    poll request                                 CPU ms/req     req/s   share of page CPU [min–max]",
  );
  for (const row of pollRows) console.log(row);

  console.log("\nloaded by Chromium at 360 px (kB as sent: brotli)          HTML      JS  scripts     CSS  images");
  for (const route of routes.filter((r) => !r.live)) {
    const w = await pageWeight(browser, origin + route.path, route.cookie);
    const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);
    console.log(
      `${route.title.padEnd(48)} ${kb(w.document)} ${kb(w.script)} ${String(w.scripts).padStart(8)} ${kb(w.stylesheet)} ${kb(w.image)}`,
    );
  }
  await browser.close();
}
