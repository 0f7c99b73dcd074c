import { AloneTonight } from "~/components/landers/member-designs";
import type { Route } from "./+types/alonetonight";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/alonetonight.scss";

/** The `alonetonight` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "alonetonight");

export default function AlonetonightLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <AloneTonight data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
