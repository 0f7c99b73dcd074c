import { data } from "react-router";
import { z } from "zod";
import { ApiCallError, callApi } from "~/services/api.server";
import type { Route } from "./+types/dev-outbox";

const outboxSchema = z.object({
  messages: z.array(
    z.object({ id: z.string(), to: z.string(), subject: z.string(), date: z.string(), links: z.array(z.string()) }),
  ),
  sms: z.array(z.object({ id: z.string(), to: z.string(), text: z.string(), date: z.string() })),
});

/**
 * With OUTBOX_PAGE=true and from this machine only: the mails the site would have sent, with their links, and the
 * texts (the direct debit codes); 404 else.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return await callApi({ request, context }, "/dev-outbox.php", { schema: outboxSchema });
  } catch (error) {
    if (error instanceof ApiCallError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

// A developer tool, not a member screen: its few words stay English on purpose.
export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <h1 className="h4">Outbox (OUTBOX_PAGE=true, this machine only)</h1>
      <ol className="list-unstyled">
        {loaderData.messages.map((message) => (
          <li key={message.id} className="border-bottom py-2">
            <div className="small text-body-secondary">
              {message.date} · {message.to}
            </div>
            <div className="fw-semibold">{message.subject}</div>
            {message.links.map((link) => (
              <div key={link}>
                <a href={link}>{link}</a>
              </div>
            ))}
          </li>
        ))}
      </ol>
      <h2 className="h5 mt-4">Text messages</h2>
      <ol className="list-unstyled">
        {loaderData.sms.map((text) => (
          <li key={text.id} className="border-bottom py-2">
            <div className="small text-body-secondary">
              {text.date} · {text.to}
            </div>
            <div>{text.text}</div>
          </li>
        ))}
      </ol>
    </main>
  );
}

export function meta() {
  return [{ title: "Outbox" }, { name: "robots", content: "noindex" }];
}
