import { VideoDesign } from "~/components/landers/video-designs";
import type { Route } from "./+types/video";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/video.scss";

/** The `video` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "video");

export default function VideoLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <VideoDesign data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
