import { data } from "react-router";
import { ApiCallError, callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { requestInfoContext } from "~/services/request-context";
import { lastEventId, type SseEvent, sseResponse } from "~/services/sse.server";
import { type Message, messagesResponseSchema } from "../../contract/chat";
import type { Route } from "./+types/chat-events";

/**
 * /chats/{id}/events: the open conversation's Server-Sent Events (docs/architecture.md "Chat"). The API's event bus
 * rings; each message event is read through the API (so authorisation is the API's), with the message's id as the
 * event id: a reconnecting browser sends Last-Event-ID and gets what it missed, nothing twice. Read marks and
 * "typing" pass through. Without the in-process API (API_URL) there is no bus here: 204, and the page polls.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const call = { request, context };
  const member = await requireMember(call);
  const conversation = Number(params.id);
  if (!(Number.isInteger(conversation) && conversation > 0)) throw data(null, { status: 404 });
  const { liveEvents, requestId } = context.get(requestInfoContext);
  let sentUpTo = lastEventId(request) ?? 0;
  /** The messages after the last one this stream sent, page by page, asked one read at a time so none is sent twice. */
  const newer = async (): Promise<SseEvent[]> => {
    const events: SseEvent[] = [];
    for (let more = true; more; ) {
      const page = await callApi(call, "/messages.php", {
        query: { conversation: String(conversation), after: String(sentUpTo) },
        schema: messagesResponseSchema,
      });
      sentUpTo = Math.max(sentUpTo, ...page.messages.map((m) => m.id));
      events.push(
        ...page.messages.map((message: Message) => ({ id: String(message.id), event: "message", data: message })),
      );
      more = page.has_earlier && page.messages.length > 0;
    }
    return events;
  };
  // Asked before the stream opens: a conversation that is not the member's is a 404, not an empty stream.
  let first: SseEvent[] | undefined = await newer().catch((error: unknown) => {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  });
  if (!liveEvents) return new Response(null, { status: 204 });
  let queue = Promise.resolve();
  return sseResponse({
    signal: request.signal,
    // Handed over and let go: this scope lives with the stream (up to 5 minutes), the messages need not.
    catchUp: async () => {
      const events = first ?? [];
      first = undefined;
      return events;
    },
    subscribe: (send) => {
      const readNewer = () => {
        queue = queue
          .then(newer)
          .then((events) => events.forEach(send))
          .catch((error: unknown) => logger.warn({ reqId: requestId, err: String(error) }, "chat event stream"));
      };
      const stopEvents = liveEvents.subscribe(member.id, (event) => {
        if (event.conversation !== conversation) return;
        if (event.type === "message") readNewer();
        else send({ event: event.type, data: { id: event.id ?? null } });
      });
      // The bus reconnected and may have missed messages: read them now, not with the next one.
      const stopCatchUp = liveEvents.onCatchUp(readNewer);
      return () => {
        stopEvents();
        stopCatchUp();
      };
    },
    onError: (error) => logger.warn({ reqId: requestId, err: String(error) }, "chat event stream"),
  });
}
