import { Collage } from "~/components/landers/member-designs";
import type { Route } from "./+types/collagelanding";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/collage.scss";

/** The `collagelanding` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "collagelanding");

export default function CollagelandingLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <Collage data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
