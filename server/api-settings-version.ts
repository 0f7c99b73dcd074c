import { z } from "zod";

/*
 * The site settings version as a web tier with no database of its own (`API_URL`) learns it: from the API's
 * GET /api/health.php, which answers the version that API process has dropped its own caches for
 * (api/settings/settings-changes.ts). server.ts looks twice a second and drops the web tier's caches when it moved.
 */

/** How often a web-only process asks: a settings change shows on its pages within about half a second. */
export const apiSettingsPollMs = 500;

const healthAnswer = z.object({ settings_version: z.number().int() });

/** Reads the version from the API at `apiUrl`; throws when it does not answer 200 with one within 3 s. */
export function apiSettingsVersion(apiUrl: string) {
  return async (): Promise<number> => {
    const response = await fetch(`${apiUrl}/health.php`, {
      method: "GET",
      headers: new Headers({ accept: "application/json" }),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`GET ${apiUrl}/health.php answered ${response.status}`);
    return healthAnswer.parse(await response.json()).settings_version;
  };
}
