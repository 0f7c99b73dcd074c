import { appIconResponse } from "~/services/app-icons.server";

/** /favicon.ico: a 48 px PNG of the favicon (browsers take a PNG under that name), instead of a 404 in every log. */
export async function loader() {
  return (await appIconResponse("favicon"))!;
}
