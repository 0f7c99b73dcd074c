import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test, vi } from "vitest";
import { type LiveEvent, type RequestInfo, requestInfoContext } from "../services/request-context";

/*
 * docs/architecture.md "Chat": a conversation's event stream reads what its reader missed through the API, a few
 * pages per ring: a stream opened without an id on a long conversation must not read the conversation whole.
 * The API is a stand-in that pages a conversation of 250 messages as messages.php does (30 after `after`).
 */
const conversationLength = 250;
const pageSize = 30;
const reads: number[] = [];

vi.mock("~/services/auth.server", () => ({ requireMember: async () => ({ id: 7 }) }));
vi.mock("~/services/api.server", () => ({
  ApiCallError: class extends Error {},
  callApi: async (_call: unknown, path: string, options: { query: { after: string } }) => {
    expect(path).toBe("/messages.php");
    const after = Number(options.query.after);
    reads.push(after);
    const ids = Array.from({ length: conversationLength }, (_, i) => i + 1).filter((id) => id > after);
    return { messages: ids.slice(0, pageSize).map((id) => ({ id })), has_earlier: ids.length > pageSize };
  },
}));

const { loader } = await import("./chat-events");

beforeEach(() => {
  reads.length = 0;
});

/** The stream of `/chats/5/events` as a member opens it, with a bus whose rings the test makes. */
async function openStream(lastEventId?: number) {
  const listeners: ((event: LiveEvent) => void)[] = [];
  const context = new RouterContextProvider();
  context.set(requestInfoContext, {
    nonce: "n",
    requestId: "r",
    clientIp: "127.0.0.1",
    setCookies: [],
    liveEvents: {
      subscribe: (_userId, listener) => {
        listeners.push(listener);
        return () => undefined;
      },
      onCatchUp: () => () => undefined,
    },
  } satisfies RequestInfo);
  const abort = new AbortController();
  const request = new Request("http://localhost/chats/5/events", {
    signal: abort.signal,
    headers: lastEventId ? { "last-event-id": String(lastEventId) } : {},
  });
  const response = (await loader({ request, context, params: { id: "5" } } as never)) as Response;
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const ids: number[] = [];
  let text = "";
  return {
    ids,
    ring: () => {
      for (const listener of listeners) listener({ type: "message", conversation: 5, id: conversationLength });
    },
    /** Reads frames until `count` message ids have come. */
    async readUntil(count: number) {
      while (ids.length < count) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended after ${ids.length} messages`);
        text += value;
        const frames = text.split("\n\n");
        text = frames.pop()!;
        for (const frame of frames) {
          const id = /^id: (\d+)$/m.exec(frame)?.[1];
          if (id && /^event: message$/m.test(frame)) ids.push(Number(id));
        }
      }
    },
    close: () => abort.abort(),
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

test("opened without an id on a long conversation: four pages at first, four more with each ring, none twice", async () => {
  const stream = await openStream();
  try {
    await stream.readUntil(120);
    expect(reads).toEqual([0, 30, 60, 90]);
    expect(stream.ids).toEqual(range(1, 120));

    stream.ring();
    await stream.readUntil(240);
    expect(reads.slice(4)).toEqual([120, 150, 180, 210]);
    stream.ring();
    await stream.readUntil(250);
    expect(stream.ids).toEqual(range(1, 250));
    // The last page said there was no more: no empty page was asked for.
    expect(reads.slice(8)).toEqual([240]);
  } finally {
    stream.close();
  }
});

test("a reconnect with Last-Event-ID reads only what came after it", async () => {
  const stream = await openStream(235);
  try {
    await stream.readUntil(15);
    expect(reads).toEqual([235]);
    expect(stream.ids).toEqual(range(236, 250));
  } finally {
    stream.close();
  }
});
