import { spawn } from "node:child_process";
import { gzipSync } from "node:zlib";
import autocannon from "autocannon";

// `npm run bench`: the production build on loopback under autocannon, and the JavaScript the landing page loads.
const port = Number(process.env.BENCH_PORT ?? 3200);
const origin = `http://localhost:${port}`;
const duration = Number(process.env.BENCH_SECONDS ?? 10);

const server = spawn("node", ["--import", "tsx", "server.ts"], {
  env: { ...process.env, PORT: String(port), DATA_DIR: "data/bench", LOG_LEVEL: "warn", NODE_ENV: "production" },
  stdio: ["ignore", "inherit", "inherit"],
});

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    const healthy = await fetch(`${origin}/healthz`).then((r) => r.ok).catch(() => false);
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("server did not become healthy");
}

async function measure(title: string, path: string, cookie?: string) {
  const headers: Record<string, string> = { "accept-encoding": "gzip", ...(cookie ? { cookie } : {}) };
  const result = await autocannon({ url: origin + path, connections: 10, duration, headers });
  const errors = result.errors + result.non2xx;
  console.log(
    `${title.padEnd(28)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms${errors ? `   (${errors} errors/non-2xx)` : ""}`,
  );
}

/** The gzipped size of every script and module preload a page names. */
async function javascriptSize(path: string) {
  const html = await (await fetch(origin + path)).text();
  const urls = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => m[1]!);
  const inline = [...html.matchAll(/import\("([^"]+\.js)"\)/g)].map((m) => m[1]!);
  let total = 0;
  for (const url of new Set([...urls, ...inline])) total += gzipSync(Buffer.from(await (await fetch(origin + url)).arrayBuffer())).length;
  return total;
}

try {
  await waitForHealth();
  console.log(`autocannon, 10 connections, ${duration} s each, on ${origin}`);
  await measure("GET / (logged out)", "/");
  await measure("GET /pages/terms", "/pages/terms");
  await measure("GET /api/settings.php", "/api/settings.php?domain=localhost");

  // Logged in as the free demo member (README): the search (24 results) and a profile.
  const login = await fetch(`${origin}/api/user.php`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "free@example.com", password: "demo-free-2026" }),
  });
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const search = (await (await fetch(`${origin}/api/members.php`, { headers: { cookie } })).json()) as { profiles: { id: number }[] };
  await measure("GET /members (logged in)", "/members", cookie);
  await measure("GET /members/{id}", `/members/${search.profiles[0]!.id}`, cookie);
  console.log(`JavaScript loaded by /:      ${(await javascriptSize("/") / 1024).toFixed(1)} kB gzipped`);
  console.log(`JavaScript loaded by /login: ${(await javascriptSize("/login") / 1024).toFixed(1)} kB gzipped`);
} finally {
  server.kill("SIGTERM");
}
