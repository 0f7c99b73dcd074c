import type { ChatPair } from "./chat";
import { openStream } from "./chat";

/**
 * The resident set of issue 35 in `npm run bench`: the member pages under load while the chat bench's receivers hold
 * their event streams open (200), the server's resident set sampled every 50 ms throughout; at most 200 MB.
 */
export async function benchResidentSet(bench: {
  origin: string;
  pairs: ChatPair[];
  pages: { title: string; path: string; cookie?: string }[];
  rssMb: () => number;
  load: (url: string, pid: number, cookie?: string) => Promise<{ cpu: number }>;
  pid: number;
  rounds: number;
}) {
  const beforeOpen = bench.rssMb();
  const streams = bench.pairs.map((pair) =>
    openStream(`${bench.origin}/chats/${pair.conversation}/events`, pair.receiverCookie, () => undefined),
  );
  let peak = 0;
  const sample = setInterval(() => {
    peak = Math.max(peak, bench.rssMb());
  }, 50);
  try {
    const opened = (await Promise.allSettled(streams.map((s) => s.ready))).filter((r) => r.status === "fulfilled");
    const atOpen = bench.rssMb();
    // The CPU per request beside it: a smaller heap is paid for in collections.
    const cpu = new Map<string, number[]>(bench.pages.map((page) => [page.title, []]));
    for (let round = 0; round < bench.rounds; round++)
      for (const page of bench.pages) {
        const run = await bench.load(
          bench.origin + page.path,
          bench.pid,
          `entry_warning_skipped=1${page.cookie ? `; ${page.cookie}` : ""}`,
        );
        cpu.get(page.title)!.push(run.cpu);
      }
    const open = streams.filter((s) => !s.failure).length;
    console.log(
      `\nresident set with ${opened.length} of ${streams.length} chat streams open (${open} still open at the end):` +
        ` ${beforeOpen.toFixed(0)} MB before, ${atOpen.toFixed(0)} MB once open, ${peak.toFixed(0)} MB at the peak of` +
        ` the pages' load (${bench.rounds} rounds of ${bench.pages.length} pages; goal at most 200 MB)`,
    );
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log(
      `CPU ms/req meanwhile: ${[...cpu].map(([title, runs]) => `${title} ${median(runs).toFixed(1)}`).join(", ")}`,
    );
  } finally {
    clearInterval(sample);
    for (const stream of streams) stream.close();
    await Promise.race([Promise.all(streams.map((s) => s.done)), new Promise((r) => setTimeout(r, 5_000))]);
  }
}
