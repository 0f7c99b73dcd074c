import { pageMeta } from "~/services/seo";
import type { LanderData } from "./loader.server";
import "~/styles/landers.scss";

export type { LanderData };

/** A lander's page: its design inside the main landmark, with the niche's accent. */
export function LanderMain({ data, children }: { data: LanderData; children: React.ReactNode }) {
  return (
    <main id="main" className={`flex-grow-1 lander lander-${data.name} niche-${data.niche}`}>
      {children}
    </main>
  );
}

export function landerMeta(args: Parameters<typeof pageMeta>[0] & { loaderData?: unknown }) {
  const data = args.loaderData as LanderData | undefined;
  return pageMeta(args, {
    title: data?.copy.title ?? "",
    description: data?.copy.description,
    // A slug's address is an advert's: search engines are pointed at the lander in that language (§2.21).
    canonicalPath: data?.slugged ? `/landers/${data.name}` : undefined,
  });
}
