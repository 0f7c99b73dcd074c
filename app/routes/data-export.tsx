import { z } from "zod";
import { callApi } from "~/services/api.server";
import { requireMember } from "~/services/auth.server";
import type { Route } from "./+types/data-export";

/** GDPR access: all the member's data as a JSON download. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const data = await callApi(call, "/account-export.php", { schema: z.record(z.string(), z.unknown()) });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${new Date().toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
