import { SocialNetwork } from "~/components/landers/member-designs";
import type { Route } from "./+types/socialnetwork";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/feed.scss";

/** The `socialnetwork` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "socialnetwork");

export default function SocialnetworkLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <SocialNetwork data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
