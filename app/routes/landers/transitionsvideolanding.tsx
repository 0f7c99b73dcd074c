import { TransitionsVideo } from "~/components/landers/video-designs";
import type { Route } from "./+types/transitionsvideolanding";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/reel.scss";

/** The `transitionsvideolanding` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "transitionsvideolanding");

export default function TransitionsvideolandingLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <TransitionsVideo data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
