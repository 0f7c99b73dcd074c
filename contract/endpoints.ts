import { z } from "zod";
import { apiErrorSchema } from "./errors";
import {
  companyInfoResponseSchema, interestsQuerySchema, interestsResponseSchema, regionsQuerySchema,
  regionsResponseSchema, settingsQuerySchema, settingsSchema,
} from "./settings";
import { languageUpdateSchema, loginRequestSchema, loginResponseSchema, okResponseSchema, userResponseSchema } from "./user";

export interface Endpoint {
  method: "get" | "post" | "put" | "delete";
  path: `/api/${string}`;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Needs a logged-in member (403 authentication_required otherwise). */
  member?: boolean;
}

/** Every endpoint of the member API: the source of GET /api/openapi.json. */
export const endpoints: Endpoint[] = [
  { method: "get", path: "/api/settings.php", summary: "The site's settings", query: settingsQuerySchema, response: settingsSchema },
  { method: "get", path: "/api/interests.php", summary: "Interests members can pick", query: interestsQuerySchema, response: interestsResponseSchema },
  { method: "get", path: "/api/regions.php", summary: "Regions of the site's countries", query: regionsQuerySchema, response: regionsResponseSchema },
  { method: "get", path: "/api/companyinfo.php", summary: "The company behind the site", response: companyInfoResponseSchema },
  { method: "get", path: "/api/user.php", summary: "The logged-in member", response: userResponseSchema, member: true },
  { method: "post", path: "/api/user.php", summary: "Log in by email and password", body: loginRequestSchema, response: loginResponseSchema },
  { method: "put", path: "/api/user.php", summary: "Change the member's language", body: languageUpdateSchema, response: userResponseSchema, member: true },
  { method: "get", path: "/api/logout.php", summary: "Log out", response: okResponseSchema },
  { method: "post", path: "/api/page-hidden.php", summary: "Beacon: the member's page became hidden", body: z.object({}), response: okResponseSchema },
];
export { apiErrorSchema };
