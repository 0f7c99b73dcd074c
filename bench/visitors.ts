import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import autocannon from "autocannon";
import lighthouse from "lighthouse";
import { fullChromiumLaunchOptions } from "../playwright.config";

/**
 * Visitors' pages in `npm run bench` (issue 35, docs/operations.md "Visitor page cache"): `/`, `/pages/terms`, a niche
 * lander, logged-out `/members` and a profile as a visitor sees it, each against the anchor's renderToString of the
 * same document, in alternating paired rounds; the median and range of each side and of their ratio per round. The
 * server's cache is as PAGE_CACHE_SECONDS sets it: run once more with PAGE_CACHE_SECONDS=0 for the figures without it.
 */
export async function benchVisitors(options: {
  origin: string;
  dataDir: string;
  seconds: number;
  rounds: number;
  /** A member's id whose profile a visitor opens. */
  profileId: number;
  /** A free port for Lighthouse's Chromium's DevTools. */
  devtoolsPort: number;
}) {
  const { origin, dataDir, seconds, rounds } = options;
  // The entry warning was skipped, as after a visitor's first page. The lander's visitor has its tracking cookie, as
  // on any page after the first: a first visit to a lander sets that cookie, so it is rendered every time.
  const visitor = "entry_warning_skipped=1";
  const routes = [
    { title: "/", path: "/", cookie: visitor },
    { title: "/pages/terms", path: "/pages/terms", cookie: visitor },
    {
      title: "/landers/gallery (tracked)",
      path: "/landers/gallery",
      cookie: `${visitor}; tracking=eyJsYW5kZXIiOiJnYWxsZXJ5In0%3D`,
    },
    { title: "/members (logged out)", path: "/members", cookie: visitor },
    { title: "/members/{id} (visitor)", path: `/members/${options.profileId}`, cookie: visitor },
  ];

  const pages: Record<string, string> = {};
  const cacheState: Record<string, string> = {};
  for (const route of routes) {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(origin + route.path, { headers: { cookie: route.cookie } });
      if (response.status !== 200) throw new Error(`${route.path} answered ${response.status}`);
      if (response.headers.has("set-cookie")) throw new Error(`${route.path} sets a cookie: it is never kept`);
      cacheState[route.path] = response.headers.get("x-page-cache") ?? "off";
      pages[route.path] = await response.text();
    }
  }
  const pagesFile = path.join(dataDir, "anchor-visitor-pages.json");
  fs.writeFileSync(pagesFile, JSON.stringify(pages));
  // On a free port of the system's choosing: the bench's own ports may be another's on a shared machine.
  const anchor: ChildProcess = spawn("node", ["--import", "tsx", "bench/anchor-server.ts", pagesFile, "0"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const anchorPort = await new Promise<number>((resolve, reject) => {
      anchor.stdout!.once("data", (line: Buffer) => resolve((JSON.parse(line.toString()) as { port: number }).port));
      anchor.once("exit", () => reject(new Error("the anchor did not start")));
    });
    const cache = process.env.PAGE_CACHE_SECONDS === "0" ? "off (PAGE_CACHE_SECONDS=0)" : "on";
    console.log(
      `\nvisitors' pages, cache ${cache}: autocannon, 10 connections, ${seconds} s, ${rounds} alternating paired rounds;` +
        " median [min–max]",
    );
    console.log("route                          cache   site req/s              anchor req/s            site/anchor");
    for (const route of routes) {
      const site: number[] = [];
      const bare: number[] = [];
      const ratios: number[] = [];
      let errors = 0;
      for (let round = 0; round < rounds; round++) {
        // Which goes first alternates, so that neither always has the warmer machine.
        const pair = async (first: "site" | "anchor") => {
          const runSite = () => load(origin + route.path, seconds, route.cookie);
          const runAnchor = () => load(`http://127.0.0.1:${anchorPort}${route.path}`, seconds);
          if (first === "site") return [await runSite(), await runAnchor()] as const;
          const a = await runAnchor();
          return [await runSite(), a] as const;
        };
        const [s, a] = await pair(round % 2 === 0 ? "site" : "anchor");
        site.push(s.rps);
        bare.push(a.rps);
        ratios.push(s.rps / a.rps);
        errors += s.errors;
      }
      const range = (values: number[], unit = "") =>
        `${median(values).toFixed(0)}${unit} [${Math.min(...values).toFixed(0)}${unit}–${Math.max(...values).toFixed(0)}${unit}]`;
      const percent = (values: number[]) =>
        range(
          values.map((v) => v * 100),
          "%",
        );
      console.log(
        `${route.title.padEnd(30)} ${cacheState[route.path]!.padEnd(7)} ${range(site).padEnd(23)} ${range(bare).padEnd(23)} ${percent(ratios)}` +
          (errors ? `   (${errors} errors/non-2xx)` : ""),
      );
    }
  } finally {
    anchor.kill("SIGTERM");
  }
  await largestContentfulPaint(options.origin, options.devtoolsPort, ["/members", `/members/${options.profileId}`]);
}

/**
 * Largest Contentful Paint of visitors' pages as Lighthouse's mobile audit sees them (its default: a phone, a slow 4G
 * link and a 4× slower CPU, simulated), three runs each: median and range. The goal of issue 35 is 2.0 s at most.
 */
async function largestContentfulPaint(origin: string, port: number, paths: string[]) {
  const runs = 3;
  const browser = await chromium.launch({
    ...fullChromiumLaunchOptions,
    args: [...fullChromiumLaunchOptions.args, `--remote-debugging-port=${port}`],
  });
  try {
    console.log(
      `\nLighthouse mobile (simulated throttling), visitor past the entry warning, ${runs} runs: median [min–max]`,
    );
    console.log("route                          LCP s               FCP s               performance score");
    for (const path of paths) {
      const lcp: number[] = [];
      const fcp: number[] = [];
      const score: number[] = [];
      let failed = 0;
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(origin + path, {
          port,
          extraHeaders: { Cookie: "entry_warning_skipped=1" },
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          disableFullPageScreenshot: true,
        });
        const lhr = result!.lhr;
        const lcpMs = lhr.audits["largest-contentful-paint"]?.numericValue;
        // A run Lighthouse could not finish (a busy machine's timeouts) gives no figures: it is counted, not averaged.
        if (lcpMs === undefined || lhr.runtimeError) {
          failed++;
          continue;
        }
        lcp.push(lcpMs / 1000);
        fcp.push(lhr.audits["first-contentful-paint"]!.numericValue! / 1000);
        score.push((lhr.categories.performance!.score ?? 0) * 100);
      }
      const range = (values: number[], digits: number) =>
        `${median(values).toFixed(digits)} [${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}]`;
      if (!lcp.length) {
        console.log(`${path.padEnd(30)} no run finished`);
        continue;
      }
      console.log(
        `${path.padEnd(30)} ${range(lcp, 2).padEnd(19)} ${range(fcp, 2).padEnd(19)} ${range(score, 0)}` +
          (failed ? `   (${failed} of ${runs} runs did not finish)` : ""),
      );
    }
  } finally {
    await browser.close();
  }
}

async function load(url: string, seconds: number, cookie?: string) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: seconds,
    headers: { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) },
  });
  return { rps: result.requests.average, errors: result.errors + result.non2xx };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
