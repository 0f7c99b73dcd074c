import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { describe, expect, test, vi } from "vitest";
import { lastEventId, type SseEvent, sseResponse } from "./sse.server";

/** Reads a response body as it arrives; `until` waits for text, `rest` reads to the end. */
function bodyReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let done = false;
  const readOnce = async () => {
    const chunk = await reader.read();
    if (chunk.done) done = true;
    else text += decoder.decode(chunk.value, { stream: true });
  };
  return {
    reader,
    get text() {
      return text;
    },
    async until(predicate: (text: string) => boolean, timeoutMs = 2_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(text)) {
        if (done) throw new Error(`stream ended before the expected text; got ${JSON.stringify(text)}`);
        if (Date.now() > deadline) throw new Error(`timed out; got ${JSON.stringify(text)}`);
        await readOnce();
      }
      return text;
    },
    async rest() {
      while (!done) await readOnce();
      return text;
    },
  };
}

/** A live feed the test drives: `send` is what sseResponse subscribed with. */
function liveFeed() {
  const feed = {
    send: undefined as ((event: SseEvent) => void) | undefined,
    unsubscribe: vi.fn(),
    subscribe: vi.fn((send: (event: SseEvent) => void) => {
      feed.send = send;
      return feed.unsubscribe;
    }),
  };
  return feed;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A catch-up of `count` messages that holds them for as long as it is held; `sent` tracks each message's data. */
function catchUpHolding(count: number, sent: WeakRef<object>[]) {
  const events: SseEvent[] = Array.from({ length: count }, (_, n) => {
    const data = { n, text: "x".repeat(500) };
    sent.push(new WeakRef(data));
    return { id: String(n + 1), event: "message", data };
  });
  return async () => events;
}

describe("sseResponse", () => {
  test("answers with the event-stream headers, the retry line first, then framed events", async () => {
    const abort = new AbortController();
    const feed = liveFeed();
    const response = sseResponse({
      signal: abort.signal,
      catchUp: async () => [{ id: "1", event: "message", data: { text: "hi" } }],
      subscribe: feed.subscribe,
    });
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("cache-control")).toMatch(/^no-store\b/);
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("connection")).toBe("keep-alive");

    const body = bodyReader(response);
    await body.until((t) => t.includes("data: {"));
    expect(body.text).toBe('retry: 3000\n\nid: 1\nevent: message\ndata: {"text":"hi"}\n\n');
    abort.abort();
  });

  test("sends data as JSON, and keeps ids and event names on one line", async () => {
    const abort = new AbortController();
    const feed = liveFeed();
    const body = bodyReader(
      sseResponse({ signal: abort.signal, catchUp: async () => [], subscribe: feed.subscribe, retryMs: 1_000 }),
    );
    await body.until((t) => t.includes("retry:"));
    // Data is JSON (a string's newline escaped); a line break in an id or event name would forge fields.
    feed.send!({ event: "typing", data: "two\nlines" });
    feed.send!({ id: "7\n", event: "read\nevil: x", data: { a: 1 } });
    feed.send!({ event: "nothing", data: undefined });
    await body.until((t) => t.includes("nothing"));
    expect(body.text).toBe(
      "retry: 1000\n\n" +
        'event: typing\ndata: "two\\nlines"\n\n' +
        'id: 7\nevent: readevil: x\ndata: {"a":1}\n\n' +
        "event: nothing\ndata: null\n\n",
    );
    abort.abort();
  });

  test("splits data that is JSON text over several lines", async () => {
    const abort = new AbortController();
    const feed = liveFeed();
    const body = bodyReader(sseResponse({ signal: abort.signal, catchUp: async () => [], subscribe: feed.subscribe }));
    await body.until((t) => t.includes("retry:"));
    const stringify = JSON.stringify;
    const spy = vi.spyOn(JSON, "stringify").mockImplementation((value) => stringify(value, null, 1));
    try {
      feed.send!({ event: "message", data: { a: 1, b: 2 } });
    } finally {
      spy.mockRestore();
    }
    await body.until((t) => t.endsWith("}\n\n"));
    expect(body.text.slice("retry: 3000\n\n".length)).toBe(
      'event: message\ndata: {\ndata:  "a": 1,\ndata:  "b": 2\ndata: }\n\n',
    );
    abort.abort();
  });

  test("subscribes before catch-up, sends catch-up first, then held live events without the ones caught up", async () => {
    const abort = new AbortController();
    const feed = liveFeed();
    const missed = deferred<SseEvent[]>();
    const catchUp = vi.fn(() => {
      // The subscription is already open when catch-up starts reading.
      expect(feed.subscribe).toHaveBeenCalledTimes(1);
      return missed.promise;
    });
    const body = bodyReader(sseResponse({ signal: abort.signal, catchUp, subscribe: feed.subscribe }));
    await body.until((t) => t.includes("retry:"));
    expect(catchUp).toHaveBeenCalledTimes(1);

    // Live events during catch-up: 2 is also in the catch-up (committed before it read), 3 is not.
    feed.send!({ id: "2", event: "message", data: { n: 2 } });
    feed.send!({ id: "3", event: "message", data: { n: 3 } });
    feed.send!({ event: "typing", data: {} });
    await tick();
    expect(body.text).toBe("retry: 3000\n\n");

    missed.resolve([
      { id: "1", event: "message", data: { n: 1 } },
      { id: "2", event: "message", data: { n: 2 } },
    ]);
    await body.until((t) => t.includes("typing"));
    // After catch-up, live events go straight out; a repeat of a caught-up id is still dropped.
    feed.send!({ id: "1", event: "message", data: { n: 1 } });
    feed.send!({ id: "4", event: "message", data: { n: 4 } });
    await body.until((t) => t.includes('"n":4'));

    const ids = [...body.text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]);
    expect(ids).toEqual(["1", "2", "3", "4"]);
    expect(body.text.indexOf("typing")).toBeGreaterThan(body.text.indexOf('"n":3'));
    expect(body.text.indexOf("typing")).toBeLessThan(body.text.indexOf('"n":4'));
    abort.abort();
  });

  test("what the catch-up sent is let go while the stream stays open", async () => {
    v8.setFlagsFromString("--expose-gc");
    const collectGarbage = runInNewContext("gc") as () => void;
    const abort = new AbortController();
    const feed = liveFeed();
    const sent: WeakRef<object>[] = [];
    const body = bodyReader(
      sseResponse({ signal: abort.signal, catchUp: catchUpHolding(50, sent), subscribe: feed.subscribe }),
    );
    await body.until((t) => t.includes("id: 50\n"));
    await tick();
    collectGarbage();
    expect(sent.filter((ref) => ref.deref()).length).toBe(0);
    feed.send!({ id: "51", event: "message", data: { n: 51 } });
    await body.until((t) => t.includes('"n":51'));
    abort.abort();
  });

  test("abort unsubscribes, stops the timers and ends the stream", async () => {
    vi.useFakeTimers();
    try {
      const abort = new AbortController();
      const feed = liveFeed();
      const body = bodyReader(
        sseResponse({ signal: abort.signal, catchUp: async () => [], subscribe: feed.subscribe, heartbeatMs: 1_000 }),
      );
      await body.until((t) => t.includes("retry:"));
      expect(vi.getTimerCount()).toBe(2); // heartbeat and maximum duration
      abort.abort();
      expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
      expect(vi.getTimerCount()).toBe(0);
      await body.rest();
      // Late live events after the end go nowhere, and do not throw.
      feed.send!({ id: "9", event: "message", data: {} });
      expect(body.text).toBe("retry: 3000\n\n");
      expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  test("an already aborted request gets an empty stream and no subscription", async () => {
    const abort = new AbortController();
    abort.abort();
    const feed = liveFeed();
    const catchUp = vi.fn(async () => []);
    const body = bodyReader(sseResponse({ signal: abort.signal, catchUp, subscribe: feed.subscribe }));
    expect(await body.rest()).toBe("");
    expect(feed.subscribe).not.toHaveBeenCalled();
    expect(catchUp).not.toHaveBeenCalled();
  });

  test("sends a heartbeat comment every heartbeatMs", async () => {
    vi.useFakeTimers();
    try {
      const abort = new AbortController();
      const feed = liveFeed();
      const body = bodyReader(
        sseResponse({ signal: abort.signal, catchUp: async () => [], subscribe: feed.subscribe, heartbeatMs: 1_000 }),
      );
      await body.until((t) => t.includes("retry:"));
      await vi.advanceTimersByTimeAsync(999);
      expect(body.text).not.toContain(": ping");
      await vi.advanceTimersByTimeAsync(1);
      await body.until((t) => t.includes(": ping\n\n"));
      await vi.advanceTimersByTimeAsync(1_000);
      await body.until((t) => t.split(": ping\n\n").length === 3);
      expect(body.text).toBe("retry: 3000\n\n: ping\n\n: ping\n\n");
      abort.abort();
    } finally {
      vi.useRealTimers();
    }
  });

  test("the default heartbeat is 25 s", async () => {
    vi.useFakeTimers();
    try {
      const abort = new AbortController();
      const body = bodyReader(
        sseResponse({ signal: abort.signal, catchUp: async () => [], subscribe: liveFeed().subscribe }),
      );
      await vi.advanceTimersByTimeAsync(24_999);
      await body.until((t) => t.includes("retry:"));
      expect(body.text).not.toContain("ping");
      await vi.advanceTimersByTimeAsync(1);
      await body.until((t) => t.includes(": ping"));
      abort.abort();
    } finally {
      vi.useRealTimers();
    }
  });

  test("closes after maxDurationMs and unsubscribes", async () => {
    const feed = liveFeed();
    const body = bodyReader(
      sseResponse({
        signal: new AbortController().signal,
        catchUp: async () => [{ id: "1", event: "message", data: null }],
        subscribe: feed.subscribe,
        maxDurationMs: 30,
      }),
    );
    const started = Date.now();
    const text = await body.rest();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(text).toBe("retry: 3000\n\nid: 1\nevent: message\ndata: null\n\n");
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
  });

  test("a reader that stops reading (a failed write) unsubscribes", async () => {
    const feed = liveFeed();
    const body = bodyReader(
      sseResponse({ signal: new AbortController().signal, catchUp: async () => [], subscribe: feed.subscribe }),
    );
    await body.until((t) => t.includes("retry:"));
    await body.reader.cancel(new Error("socket closed"));
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
    expect(() => feed.send!({ id: "1", event: "message", data: {} })).not.toThrow();
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
  });

  test("a failed catch-up is reported, unsubscribes and ends the stream so the browser retries", async () => {
    const feed = liveFeed();
    const onError = vi.fn();
    const body = bodyReader(
      sseResponse({
        signal: new AbortController().signal,
        catchUp: () => Promise.reject(new Error("database down")),
        subscribe: feed.subscribe,
        onError,
      }),
    );
    expect(await body.rest()).toBe("retry: 3000\n\n");
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: "database down" }));
    expect(feed.unsubscribe).toHaveBeenCalledTimes(1);
  });
});

describe("lastEventId", () => {
  const request = (url: string, header?: string) =>
    new Request(url, header === undefined ? {} : { headers: { "Last-Event-ID": header } });

  test("reads the Last-Event-ID header", () => {
    expect(lastEventId(request("http://x/chat/1/events", "42"))).toBe(42);
    expect(lastEventId(request("http://x/chat/1/events", " 42 "))).toBe(42);
  });

  test("reads the lastEventId query parameter of polyfills, the header first", () => {
    expect(lastEventId(request("http://x/events?lastEventId=7"))).toBe(7);
    expect(lastEventId(request("http://x/events?lastEventId=7", "9"))).toBe(9);
    expect(lastEventId(request("http://x/events?lastEventId=7", "nonsense"))).toBe(7);
  });

  test("gives null for anything but a positive integer", () => {
    expect(lastEventId(request("http://x/events"))).toBeNull();
    for (const bad of ["", "0", "-1", "1.5", "1e3", "0x10", "abc", "99999999999999999999"])
      expect(lastEventId(request(`http://x/events?lastEventId=${encodeURIComponent(bad)}`, bad)), bad).toBeNull();
  });
});
