import { MapDesign } from "~/components/landers/map-design";
import type { Route } from "./+types/maplanding";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/map.scss";

/** The `maplanding` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "maplanding");

export default function MaplandingLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <MapDesign data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
