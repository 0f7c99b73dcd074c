import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";

/** How long "typing…" shows after the other member's last keystroke event, and how often we send ours. */
const typingShownMs = 5_000;
const typingSentEveryMs = 3_000;
/** While the event stream is down, the open conversation is read again this often (docs/architecture.md "Chat"). */
const fallbackPollMs = 10_000;
const busyRetryMs = 300;

/**
 * Live delivery for an open conversation: its Server-Sent Events stream (`/chats/{id}/events`) says when a message
 * arrives, the other member reads up to a message, or types. A message makes the page read the conversation again
 * (which marks it read) while the page is visible, or as soon as it becomes visible. The browser reconnects a
 * dropped stream itself with Last-Event-ID, so nothing is lost or repeated; while it is down the page polls.
 */
export function useChatLive({ conversation, newestId }: { conversation: number | null; newestId: number }) {
  const revalidator = useRevalidator();
  const [otherReadUpTo, setOtherReadUpTo] = useState(0);
  const [typingUntil, setTypingUntil] = useState(0);
  const [now, setNow] = useState(0);
  const stale = useRef(false);
  const newest = useRef(newestId);
  newest.current = newestId;
  const refresh = useRef(() => {});
  refresh.current = () => {
    if (document.visibilityState !== "visible") stale.current = true;
    else if (revalidator.state === "idle") void revalidator.revalidate();
    // A read already under way (a poll, a form) may have started before this message: read again after it.
    else setTimeout(() => refresh.current(), busyRetryMs);
  };

  useEffect(() => {
    if (conversation === null) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(() => refresh.current(), fallbackPollMs);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    if (typeof EventSource === "undefined") {
      startPolling();
      return stopPolling;
    }
    const source = new EventSource(`/chats/${conversation}/events?lastEventId=${newest.current}`);
    source.addEventListener("open", stopPolling);
    source.addEventListener("error", startPolling);
    source.addEventListener("message", (event) => {
      if (Number((event as MessageEvent).lastEventId) > newest.current) refresh.current();
    });
    source.addEventListener("read", (event) => {
      const upTo = Number(JSON.parse((event as MessageEvent).data).id);
      setOtherReadUpTo((before) => Math.max(before, upTo));
    });
    source.addEventListener("typing", () => {
      setNow(Date.now());
      setTypingUntil(Date.now() + typingShownMs);
    });
    const onVisible = () => {
      if (document.visibilityState === "visible" && stale.current) {
        stale.current = false;
        refresh.current();
      }
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      source.close();
      stopPolling();
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [conversation]);

  // "typing…" goes away by itself.
  useEffect(() => {
    if (typingUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), typingUntil - now);
    return () => clearTimeout(timer);
  }, [typingUntil, now]);

  return { otherReadUpTo, typing: typingUntil > now };
}

/** Tells the other member "typing…", at most every few seconds while the member types. */
export function useTypingSignal(conversation: number | null) {
  const fetcher = useFetcher();
  const last = useRef(0);
  return () => {
    if (conversation === null || Date.now() - last.current < typingSentEveryMs) return;
    last.current = Date.now();
    void fetcher.submit({ intent: "typing" }, { method: "post", action: `/chats/${conversation}` });
  };
}
