import { Gallery } from "~/components/landers/member-designs";
import type { Route } from "./+types/gallery";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";

/** The `gallery` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "gallery");

export default function GalleryLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <Gallery data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
