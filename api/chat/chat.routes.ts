import type { RouteDeps } from "../app";
import { idempotencyKeyOf } from "../http/idempotency";
import { type ContractRoutes, contractRoutes } from "../http/register";
import { conversationMessages, deleteChat, listChats, sendMessage } from "./chat.service";

/** chats.php, chat.php, messages.php and message.php: the member's own conversations only. */
export function chatRoutes({ db }: RouteDeps): ContractRoutes {
  const routes = contractRoutes();
  const { register } = routes;

  register("get", "/api/chats.php", ({ site, member }) => listChats(db, site, member));

  register("delete", "/api/chat.php", ({ member, body }) => deleteChat(db, member, body.conversation));

  register("get", "/api/messages.php", ({ site, member, query }) => conversationMessages(db, site, member, query));

  register("post", "/api/message.php", async ({ req, site, member, body, log }) => {
    const sent = await sendMessage(db, site, member, body, idempotencyKeyOf(req));
    log.info({ userId: member.id, messageId: sent.message.id }, "message sent");
    return sent;
  });

  return routes;
}
