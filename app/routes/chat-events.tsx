import { data } from "react-router";
import { ApiCallError, callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import { logger } from "~/services/logger.server";
import { requestInfoContext } from "~/services/request-context";
import { lastEventId, type SseEvent, sseResponse } from "~/services/sse.server";
import { type Message, messagesResponseSchema } from "../../contract/chat";
import type { Route } from "./+types/chat-events";

/**
 * Pages of messages (30 each) one read of a stream asks for at most: a reconnect after a long absence, or a stream
 * opened without an id (the site's page always gives its newest), gets the missed messages a few pages per ring, not
 * a long conversation read whole on the spot. The page reads the conversation again on any id newer than its own.
 */
const pagesPerRead = 4;

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
  /**
   * The messages after the last one this stream sent, page by page, asked one read at a time so none is sent twice;
   * at most `pagesPerRead` pages a read, the rest with the next ring.
   */
  const newer = async (): Promise<SseEvent[]> => {
    const events: SseEvent[] = [];
    for (let pages = 0, more = true; more && pages < pagesPerRead; pages++) {
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
