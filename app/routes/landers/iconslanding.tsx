import { Icons } from "~/components/landers/member-designs";
import type { Route } from "./+types/iconslanding";
import { landerLoader } from "./loader.server";
import { LanderMain, landerMeta } from "./shared";
import "~/styles/landers/icons.scss";

/** The `iconslanding` lander (docs/product.md §2.25); what the landers share is in ./shared. */
export const loader = (args: Route.LoaderArgs) => landerLoader(args, "iconslanding");

export default function IconslandingLander({ loaderData }: Route.ComponentProps) {
  return (
    <LanderMain data={loaderData}>
      <Icons data={loaderData} />
    </LanderMain>
  );
}

export const meta = (args: Route.MetaArgs) => landerMeta(args);
