import { sseStreams } from "./metrics.server";
/** One Server-Sent Event: `data` travels as JSON, `id` is what the browser sends back as Last-Event-ID. */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseOptions {
  /** request.signal: stop when the browser goes. */
  signal: AbortSignal;
  /** Events the browser missed since Last-Event-ID (or the ones to start with), sent first. */
  catchUp: () => Promise<SseEvent[]>;
  /** Subscribes to live events; returns the unsubscribe function. */
  subscribe: (send: (event: SseEvent) => void) => () => void;
  /** A comment line (": ping") this often, 25 s by default, so that proxies keep an idle stream open. */
  heartbeatMs?: number;
  /** The "retry:" field sent first: how long the browser waits before it reconnects. 3 s by default. */
  retryMs?: number;
  /**
   * The stream closes after this long, 5 minutes by default, so that one stream never holds a server forever (and a
   * deploy drains); the browser reconnects with Last-Event-ID and catches up. Infinity for never.
   */
  maxDurationMs?: number;
  /** Told of a failed catch-up or a throwing unsubscribe; the stream closes and the browser reconnects. */
  onError?: (error: unknown) => void;
}

/**
 * The open streams of this process, each with its function that tells the browser when to come back and closes it:
 * a server that shuts down (SIGTERM) sends them elsewhere (`closeEventStreams`), instead of cutting them.
 */
const openStreams = new Set<(retryMs: number) => void>();

/**
 * Tells every open stream's browser to reconnect after `retryMs` (an SSE `retry:` field), then closes it: the
 * browser reconnects, through the proxy, to a process still running, and catches up with Last-Event-ID. Answers how
 * many streams it closed.
 */
export function closeEventStreams(retryMs: number): number {
  const streams = [...openStreams];
  for (const close of streams) close(retryMs);
  return streams.length;
}

/** Frames a reader has not taken yet, past which the reader is taken as gone: it reconnects and catches up. */
const maxQueuedFrames = 1_000;

/** Text that goes on one line of the stream: a CR, LF or NUL in an id or event name would break the framing. */
const oneLine = (text: string) => text.replace(/[\r\n\0]/g, "");

/** The wire form of one event: id and event lines, the JSON data split into `data:` lines, a blank line. */
function frame(event: SseEvent): string {
  let text = "";
  if (event.id !== undefined) text += `id: ${oneLine(event.id)}\n`;
  text += `event: ${oneLine(event.event)}\n`;
  const json = JSON.stringify(event.data) ?? "null";
  for (const line of json.split(/\r\n|\r|\n/)) text += `data: ${line}\n`;
  return `${text}\n`;
}

/**
 * A text/event-stream Response for a React Router resource route. It subscribes before it runs `catchUp` and holds
 * live events back until the catch-up is written, then drops live events whose id the catch-up already sent: nothing
 * that happens during the catch-up is lost or sent twice. Unsubscribes and clears its timers when the browser goes,
 * when maxDurationMs is reached, when the reader stops reading and when a write fails.
 */
export function sseResponse(options: SseOptions): Response {
  const {
    signal,
    subscribe,
    heartbeatMs = 25_000,
    retryMs = 3_000,
    maxDurationMs = 5 * 60_000,
    onError = () => {},
  } = options;
  // Let go once called: the stream's closures live as long as it does, and must not hold what it caught up with.
  let catchUp: SseOptions["catchUp"] | undefined = options.catchUp;
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let finished = false;
  let unsubscribe: (() => void) | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;

  const finish = () => {
    if (finished) return;
    finished = true;
    if (controller) sseStreams.dec();
    openStreams.delete(sendElsewhere);
    clearInterval(heartbeat);
    clearTimeout(deadline);
    signal.removeEventListener("abort", finish);
    const stop = unsubscribe;
    unsubscribe = undefined;
    try {
      stop?.();
    } catch (error) {
      onError(error);
    }
    try {
      controller?.close();
    } catch {
      // Already closed or cancelled by the reader.
    }
  };

  const write = (text: string) => {
    if (finished || !controller) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      finish();
      return;
    }
    if ((controller.desiredSize ?? 0) < -maxQueuedFrames) finish();
  };

  const sendElsewhere = (retry: number) => {
    write(`retry: ${retry}\n\n`);
    finish();
  };

  const stream = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
      sseStreams.inc();
      if (signal.aborted) {
        finish();
        return;
      }
      signal.addEventListener("abort", finish, { once: true });
      openStreams.add(sendElsewhere);
      write(`retry: ${retryMs}\n\n`);
      heartbeat = setInterval(() => write(": ping\n\n"), heartbeatMs);
      if (Number.isFinite(maxDurationMs)) deadline = setTimeout(finish, maxDurationMs);

      // Live events wait here while the catch-up runs; null once it is written.
      let held: SseEvent[] | null = [];
      const caughtUp = new Set<string>();
      const send = (event: SseEvent) => {
        if (finished) return;
        if (held) held.push(event);
        else if (event.id === undefined || !caughtUp.has(event.id)) write(frame(event));
      };
      try {
        const stop = subscribe(send);
        if (finished) stop();
        else unsubscribe = stop;
      } catch (error) {
        onError(error);
        finish();
        return;
      }
      const readMissed = catchUp!;
      catchUp = undefined;
      readMissed().then(
        (events) => {
          if (finished) return;
          for (const event of events) {
            if (event.id !== undefined) caughtUp.add(event.id);
            write(frame(event));
          }
          const live = held ?? [];
          held = null;
          for (const event of live) send(event);
        },
        (error: unknown) => {
          onError(error);
          finish();
        },
      );
    },
    cancel() {
      // The reader went: the response's socket closed or a write to it failed.
      finish();
    },
  });

  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      // no-transform: neither the compression middleware nor a proxy may hold events back to compress or rewrite them.
      "cache-control": "no-store, no-transform",
      // nginx: pass each event on at once instead of buffering the response.
      "x-accel-buffering": "no",
      connection: "keep-alive",
    },
  });
}

const positiveInteger = (text: string | null): number | null => {
  if (text === null || !/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : null;
};

/**
 * The id of the last event the browser received: the Last-Event-ID header EventSource sends when it reconnects, or
 * the `lastEventId` query parameter EventSource polyfills use. A positive integer, else null (start afresh).
 */
export function lastEventId(request: Request): number | null {
  return (
    positiveInteger(request.headers.get("last-event-id")) ??
    positiveInteger(new URL(request.url).searchParams.get("lastEventId"))
  );
}
