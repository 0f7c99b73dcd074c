import type { ProfileUpdate } from "../../contract/profile";
import { descriptiveFields } from "../../contract/profile-values";
import { userView } from "../accounts/accounts.service";
import type { Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { ApiError } from "../errors";
import { regionExists } from "../signup/signup.repository";
import * as repo from "./profile.repository";

const invalid = (field: string, message: string) =>
  new ApiError(400, "validation_failed", "The request is not valid", { fields: { [field]: message } });

/**
 * PUT profile.php (docs/product.md §2.20): the member's own profile, checked as signup checks it (the name is not the
 * e-mail address, the country is one of the site's, the region one of that country's), then written with its
 * interests in one transaction. Descriptive fields the site does not show are left as they are.
 */
export async function updateProfile(db: Db, site: SiteRow, member: UserRow, update: ProfileUpdate) {
  if (update.name.toLowerCase() === member.email.toLowerCase()) throw invalid("name", "validation.nameIsEmail");
  if (!(JSON.parse(site.countries) as string[]).includes(update.country))
    throw invalid("country", "validation.required");
  if (update.region && !(await regionExists(db, update.country, update.region)))
    throw invalid("region", "profileEditor.regionOfCountry");
  const interests = [...new Set(update.interests ?? [])];
  if ((await repo.countInterests(db, interests)) !== interests.length)
    throw invalid("interests", "validation.required");

  const shown = new Set(JSON.parse(site.visible_profile_fields) as string[]);
  const descriptive = Object.fromEntries(
    descriptiveFields.filter((field) => shown.has(field)).map((field) => [field, update[field] ?? null]),
  );
  await db.transaction().execute(async (trx) => {
    await repo.updateProfileRow(trx, member.id, {
      ...descriptive,
      name: update.name,
      about: update.about ?? "",
      sexuality: update.sexuality,
      sexuality_public: update.sexuality_public ? 1 : 0,
      country: update.country,
      region: update.region || null,
      city: update.city || null,
    });
    await repo.replaceInterests(trx, member.id, interests);
  });
  return { user: await userView(db, site, member) };
}
