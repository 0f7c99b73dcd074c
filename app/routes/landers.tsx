import { MapDesign } from "~/components/landers/map-design";
import { AloneTonight, Collage, Gallery, Icons, SocialNetwork } from "~/components/landers/member-designs";
import { TransitionsVideo, VideoDesign } from "~/components/landers/video-designs";
import alonetonightCss from "~/styles/landers/alonetonight.scss?url";
import collageCss from "~/styles/landers/collage.scss?url";
import feedCss from "~/styles/landers/feed.scss?url";
import iconsCss from "~/styles/landers/icons.scss?url";
import mapCss from "~/styles/landers/map.scss?url";
import reelCss from "~/styles/landers/reel.scss?url";
import videoCss from "~/styles/landers/video.scss?url";
import type { NicheLanderName } from "../../contract/niche-landers";
import type { Route } from "./+types/landers";
import { landerLoader } from "./landers/loader.server";
import { type LanderData, LanderMain, landerMeta } from "./landers/shared";

/**
 * The niche landers (docs/product.md §2.25), one module for the eight routes: the loader and meta are shared
 * (./landers/), the design follows the path. Each design's styles are a stylesheet of their own that only its page
 * links (through meta), so a lander loads the site's stylesheet and its own design's, not all eight.
 */
export const loader = (args: Route.LoaderArgs) =>
  landerLoader(args, new URL(args.request.url).pathname.split("/")[2] as NicheLanderName);

const designs = {
  alonetonight: [AloneTonight, alonetonightCss],
  collagelanding: [Collage, collageCss],
  gallery: [Gallery, null],
  iconslanding: [Icons, iconsCss],
  maplanding: [MapDesign, mapCss],
  socialnetwork: [SocialNetwork, feedCss],
  transitionsvideolanding: [TransitionsVideo, reelCss],
  video: [VideoDesign, videoCss],
} satisfies Record<NicheLanderName, [(props: { data: LanderData }) => React.ReactNode, string | null]>;

export default function Lander({ loaderData }: Route.ComponentProps) {
  const [Design] = designs[loaderData.name];
  return (
    <LanderMain data={loaderData}>
      <Design data={loaderData} />
    </LanderMain>
  );
}

export function meta(args: Route.MetaArgs) {
  const stylesheet = args.loaderData && designs[args.loaderData.name][1];
  return [
    ...landerMeta(args),
    ...(stylesheet ? [{ tagName: "link" as const, rel: "stylesheet", href: stylesheet }] : []),
  ];
}
