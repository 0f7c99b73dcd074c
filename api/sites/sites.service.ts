import { isLocale } from "../../contract/locales";
import { describeIssues, type SiteDefinition, siteDefinitionSchema } from "../../contract/site-definition";
import { issueToken } from "../accounts/account-tokens";
import type { Mailer } from "../adapters/mail";
import { type Db, nowIso, type Tx } from "../db/database";
import { demoInterests } from "../db/seed/demo-interests";
import { demoPlaces } from "../db/seed/demo-places";
import { siteOrigin } from "../http/site-origin";
import { renderMail } from "../mail/templates";
import { webPush } from "../notifications/web-push";
import { siteSettingsChanged } from "../settings/settings-changes";
import {
  companyColumns,
  definitionOf,
  diffSites,
  type ResolvedSite,
  resolveSite,
  type SiteChange,
  siteColumns,
} from "./site-definition-rows";
import { adminChangesSinceFile, recordFileSync } from "./site-file-sync";
import * as repo from "./sites.repository";

/** A definition that cannot be created or applied: one line per problem, naming the field. Nothing was written. */
export class SiteDefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
  }
}

/** Reads a definition; throws SiteDefinitionError naming every field that is wrong and why. */
export function parseSiteDefinition(json: unknown): SiteDefinition {
  const parsed = siteDefinitionSchema.safeParse(json);
  if (!parsed.success) throw new SiteDefinitionError(describeIssues(parsed.error));
  return parsed.data;
}

const domainsOf = (site: ResolvedSite) => [site.domain, ...site.other_domains];

async function refuseTakenDomains(trx: Tx, site: ResolvedSite, siteId: number | null) {
  const taken = new Set(await repo.domainsTakenElsewhere(trx, domainsOf(site), siteId));
  const problems = domainsOf(site).flatMap((domain, i) =>
    taken.has(domain)
      ? [`${i === 0 ? "domain" : `other_domains.${i - 1}`}: ${domain} already answers for another site`]
      : [],
  );
  if (problems.length) throw new SiteDefinitionError(problems);
}

/**
 * The shipped lists every site shares (the interests members pick, the regions of the countries of the 11
 * languages): added where missing, never changed, so running it again is harmless.
 */
async function loadShippedLists(trx: Tx) {
  await repo.insertInterests(
    trx,
    demoInterests.map((interest) => ({ slug: interest.slug, names: JSON.stringify(interest.names) })),
  );
  await repo.insertRegions(
    trx,
    Object.entries(demoPlaces).flatMap(([country, regions]) =>
      regions.map((region) => ({ code: region.code, country, name: region.name })),
    ),
  );
}

/** Makes the credit bundles exactly the definition's, keeping the rows (and ids) payments name where they stay. */
async function syncBundles(trx: Tx, siteId: number, wanted: ResolvedSite["credit_bundles"]) {
  const stored = (await repo.loadStoredSite(trx, siteId)).bundles;
  const keep = new Set<number>();
  for (const [currency, bundles] of Object.entries(wanted)) {
    for (const [position, bundle] of bundles.entries()) {
      const row = stored.find((b) => b.currency === currency && b.position === position);
      if (!row) {
        await repo.insertBundle(trx, {
          site_id: siteId,
          currency,
          position,
          credits: bundle.credits,
          amount_cents: bundle.price_cents,
        });
        continue;
      }
      keep.add(row.id);
      if (row.credits !== bundle.credits || row.amount_cents !== bundle.price_cents)
        await repo.updateBundle(trx, row.id, { credits: bundle.credits, amount_cents: bundle.price_cents });
    }
  }
  const gone = stored.filter((row) => !keep.has(row.id));
  if (gone.length === 0) return;
  const inUse = await repo.bundlesInUse(
    trx,
    gone.map((row) => row.id),
  );
  const problems = gone
    .filter((row) => inUse.has(row.id))
    .map(
      (row) =>
        `credit_bundles.${row.currency}.${row.position}: has payments and cannot be removed (change its price instead)`,
    );
  if (problems.length) throw new SiteDefinitionError(problems);
  await repo.deleteBundles(
    trx,
    gone.map((row) => row.id),
  );
}

export interface FirstAdmin {
  email: string;
  /** The one-time link to choose a password (a password reset link, valid an hour). */
  link: string;
  mailed: boolean;
}

/**
 * The site's first administrator: an account with the role admin and no password, and a password reset link for it.
 * Staff, not a dating profile: its profile is invisible to members, as the demo's moderator's.
 */
async function createAdmin(trx: Tx, siteId: number, site: ResolvedSite, email: string) {
  const language = site.language.slice(0, 2);
  const user = await trx
    .insertInto("users")
    .values({
      site_id: siteId,
      email,
      password_hash: null,
      status: "active",
      signup_date: nowIso(),
      activated_at: nowIso(),
      language: isLocale(language) ? language : "en",
      role: "admin",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // The profile columns a member page needs; nobody sees them (invisible), the admin may edit them.
  await trx
    .insertInto("profiles")
    .values({
      user_id: user.id,
      name: "Admin",
      gender: "male",
      sexuality: "straight",
      date_of_birth: "1970-01-01",
      country: site.default_country,
      region: null,
      city: null,
      status: "active",
      about: "",
      hair_colour: null,
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      invisible: 1,
      hidden_at: null,
    })
    .execute();
  const token = await issueToken(trx, user.id, "password_reset");
  return { userId: user.id, language: isLocale(language) ? language : "en", token };
}

/**
 * `site create`: the company, the site, its domains and credit bundles, the shipped lists, and the first admin when
 * `adminEmail` is given, in one transaction; then the admin's link is mailed when mail is set up.
 */
export async function createSite(
  db: Db,
  definition: SiteDefinition,
  options: { adminEmail?: string; mailer?: Mailer } = {},
): Promise<{ siteId: number; admin: FirstAdmin | null }> {
  const site = resolveSite(definition, nowIso());
  const adminEmail = options.adminEmail?.trim().toLowerCase();
  if (adminEmail !== undefined && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(adminEmail))
    throw new SiteDefinitionError([`--admin: ${options.adminEmail} is not an e-mail address`]);
  const vapid = (await webPush()).generateVAPIDKeys();
  const created = await db.transaction().execute(async (trx) => {
    await refuseTakenDomains(trx, site, null);
    const companyId = await repo.insertCompany(trx, companyColumns(site.company));
    const siteId = await repo.insertSite(trx, {
      ...siteColumns(site),
      company_id: companyId,
      push_public_key: vapid.publicKey,
      push_private_key: vapid.privateKey,
    });
    await repo.replaceDomains(trx, siteId, domainsOf(site));
    await syncBundles(trx, siteId, site.credit_bundles);
    await loadShippedLists(trx);
    const admin = adminEmail ? await createAdmin(trx, siteId, site, adminEmail) : null;
    await recordFileSync(trx, siteId, "site.create");
    await siteSettingsChanged(trx);
    return { siteId, admin };
  });
  if (!created.admin || !adminEmail) return { siteId: created.siteId, admin: null };

  const link = `${siteOrigin({ origin: site.origin, domain: site.domain })}/reset-password/do?token=${created.admin.token}`;
  let mailed = false;
  if (options.mailer) {
    const message = renderMail("passwordReset", {
      to: adminEmail,
      language: created.admin.language,
      name: "Admin",
      site: site.name,
      supportEmail: site.support.email,
      link,
      values: { newEmail: "" },
    });
    await options.mailer.send({ ...message, from: `"${site.name}" <${site.support.email}>` });
    mailed = true;
  }
  return { siteId: created.siteId, admin: { email: adminEmail, link, mailed } };
}

/**
 * `site apply`: what differs between the stored site and the definition, and, unless `dryRun`, the change, in one
 * transaction. Applying the same file again changes nothing. A change over what the admin area saved since the file
 * was last applied or exported is refused, naming those saves, unless `overwrite` (docs/operations.md).
 */
export async function applySite(
  db: Db,
  definition: SiteDefinition,
  options: { dryRun?: boolean; overwrite?: boolean } = {},
): Promise<SiteChange[]> {
  return db.transaction().execute(async (trx) => {
    const found = await repo.findSiteIdByDomain(trx, definition.domain);
    if (!found)
      throw new SiteDefinitionError([`domain: no site answers for ${definition.domain} (make it with site create)`]);
    await repo.lockSite(trx, found.site_id);
    const current = definitionOf(await repo.loadStoredSite(trx, found.site_id));
    const wanted = resolveSite(definition, current.company.terms_date);
    const changes = diffSites(current, wanted);
    const adminChanges = await adminChangesSinceFile(trx, found.site_id);
    if (changes.length === 0) {
      // The file holds what the admin area saved: they agree again.
      if (adminChanges.length && !options.dryRun) await recordFileSync(trx, found.site_id, "site.apply");
      return changes;
    }
    // The dry run says what the apply would do, this refusal included.
    if (adminChanges.length && !options.overwrite)
      throw new SiteDefinitionError([
        "the admin area changed the site since its file was last applied or exported, and the file would put back its own values:",
        ...adminChanges.map(
          (change) =>
            `  ${change.at} ${change.action}${change.on ? ` (${change.on})` : ""} by ${change.staff ?? "an account since deleted"}`,
        ),
        `export the site (npm run site -- export ${definition.domain} <file>) and carry your edits over to that file, or apply with --overwrite to replace those changes`,
      ]);
    if (options.dryRun) return changes;

    await writeSite(trx, found.site_id, wanted);
    await recordFileSync(trx, found.site_id, "site.apply", changes);
    return changes;
  });
}

/**
 * Writes a resolved definition over the stored site, inside the caller's transaction (which holds `lockSite`): the
 * rows of `site apply`, also the admin area's settings save (api/admin-settings/). Raises the settings version.
 */
export async function writeSite(trx: Tx, siteId: number, wanted: ResolvedSite): Promise<void> {
  await refuseTakenDomains(trx, wanted, siteId);
  const { site } = await repo.loadStoredSite(trx, siteId);
  await repo.updateCompany(trx, site.company_id, companyColumns(wanted.company));
  await repo.updateSite(trx, site.id, siteColumns(wanted));
  await repo.replaceDomains(trx, site.id, domainsOf(wanted));
  await syncBundles(trx, site.id, wanted.credit_bundles);
  await loadShippedLists(trx);
  await siteSettingsChanged(trx);
}

/** `site export`: today's definition of the site answering for `domain`, ready to be kept in git. */
export async function exportSite(db: Db, domain: string, schemaUrl: string) {
  const found = await repo.findSiteIdByDomain(db, domain.trim().toLowerCase());
  if (!found) throw new SiteDefinitionError([`domain: no site answers for ${domain}`]);
  const definition = await db.transaction().execute(async (trx) => {
    // Locked as a save locks it: the file holds every change recorded before its mark, so an apply of it
    // overwrites none of them.
    await repo.lockSite(trx, found.site_id);
    await recordFileSync(trx, found.site_id, "site.export");
    return definitionOf(await repo.loadStoredSite(trx, found.site_id));
  });
  return { $schema: schemaUrl, ...definition };
}

/** `site list`: every site with its domains and how many accounts it has. */
export async function listSites(db: Db) {
  const [sites, domains] = await Promise.all([repo.listSites(db), repo.listSiteDomains(db)]);
  return sites.map((site) => ({
    ...site,
    domains: domains.filter((d) => d.site_id === site.id).map((d) => d.domain),
  }));
}
