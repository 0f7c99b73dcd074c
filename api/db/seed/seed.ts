import { HOUR } from "../../../contract/durations";
import { currencyOf } from "../../../contract/payments";
import { hashPassword } from "../../accounts/password";
import type { FileStorage } from "../../adapters/storage";
import { moveCredits } from "../../credits/ledger";
import { webPush } from "../../notifications/web-push";
import { filesOfPhoto } from "../../photos/photos.service";
import { type Db, nowIso, type Tx } from "../database";
import { avatarWriter } from "./avatars";
import { demoLogins } from "./demo-addresses";
import { demoInterests } from "./demo-interests";
import { type DemoMember, demoMembers } from "./demo-members";
import { demoPlaces } from "./demo-places";
import { findDemoSite } from "./demo-present";
import { demoBundles, demoCompany, demoCountries, demoSite } from "./demo-site";
import { pauseForTest, takeSeedLock } from "./seed-lock";

export { demoLogins };

const tablesInDeleteOrder = [
  "notification_queue",
  "moderation_decisions",
  "messages",
  "conversation_marks",
  "conversations",
  "refunds",
  "direct_debit_requests",
  "likes",
  "blocks",
  "swipe_skips",
  "discount_codes",
  "account_tokens",
  "invites",
  "credit_ledger",
  "payments",
  "sandbox_payments",
  "credit_bundles",
  "sessions",
  "login_failures",
  "unknown_login_failures",
  "limit_counters",
  "profile_interests",
  "photos",
  "profiles",
  "users",
  "site_domains",
  "sites",
  "companies",
  "interests",
  "regions",
] as const;

/**
 * Seeds the demo site on a fresh database, or completes one an interrupted start of an older version left half made
 * (api/db/seed/demo-present.ts); does nothing when it is there, unless `reset` empties every table (and the photos)
 * first. Answers whether it wrote anything.
 */
export async function seedDemo(
  db: Db,
  options: { photos: FileStorage; origin: string; reset?: boolean },
): Promise<boolean> {
  if (options.reset) {
    const published = await db.selectFrom("photos").select("filename").execute();
    for (const table of tablesInDeleteOrder) await db.deleteFrom(table).execute();
    for (const photo of published) for (const file of filesOfPhoto(photo).public) await options.photos.remove(file);
  }
  const found = options.reset ? { state: "absent" as const } : await findDemoSite(db);
  if (found.state !== "absent" && found.state !== "half made") return false;

  const seededAt = new Date();
  const members = demoMembers(seededAt, demoInterests.length);
  const freeLogin = {
    ...members[0]!,
    email: demoLogins.free.email,
    name: "Emma",
    gender: "female" as const,
    sexuality: "straight" as const,
    fictional: false,
    language: "en" as const,
    signup_date: nowIso(),
  };
  const premiumLogin = {
    ...members[1]!,
    email: demoLogins.premium.email,
    name: "Lucas",
    gender: "male" as const,
    sexuality: "straight" as const,
    fictional: false,
    language: "en" as const,
  };
  // Staff, not a dating profile: invisible, so no member finds them, and without photos.
  const moderatorLogin = {
    ...members[2]!,
    email: demoLogins.moderator.email,
    name: "Moderator",
    fictional: false,
    language: "en" as const,
    photo_count: 0,
  };
  const [freeHash, premiumHash, moderatorHash] = await Promise.all([
    hashPassword(demoLogins.free.password),
    hashPassword(demoLogins.premium.password),
    hashPassword(demoLogins.moderator.password),
  ]);

  const everyone: { member: DemoMember; passwordHash: string | null; premium: boolean; moderator?: true }[] = [
    { member: freeLogin, passwordHash: freeHash, premium: false },
    { member: premiumLogin, passwordHash: premiumHash, premium: true },
    { member: moderatorLogin, passwordHash: moderatorHash, premium: false, moderator: true },
    ...members.map((member) => ({ member, passwordHash: null, premium: false })),
  ];
  // Of a half-made demo, only the members it lacks. Photos are written before the rows that name them, a few at a
  // time (sharp uses a thread pool).
  const toMake = found.state === "half made" ? everyone.filter((e) => !found.present.has(e.member.email)) : everyone;
  const writeAvatar = avatarWriter(options.photos);
  const photos = await mapLimited(toMake, 8, ({ member }) =>
    Promise.all(
      Array.from({ length: member.photo_count }, (_, variant) =>
        writeAvatar({ hue: member.hue, gender: member.gender, variant }),
      ),
    ),
  );
  await pauseForTest("photos");

  // One transaction for the whole demo (docs/operations.md "First start"): a start killed while seeding leaves nothing
  // behind, and the next start seeds it all. The lock makes a second process starting at the same time wait here,
  // then find the demo made and drop the photos it wrote for nothing.
  const unused = new Set<number>();
  const seeded = await db.transaction().execute(async (trx) => {
    await takeSeedLock(trx);
    const locked = await findDemoSite(trx);
    if (locked.state !== "absent" && locked.state !== "half made") return false;
    // Of a half-made demo only what it lacked was prepared: gone in the meantime, it is seeded whole next time.
    if (locked.state === "absent" && found.state === "half made") return false;
    const siteId = locked.state === "absent" ? await insertDemoSite(trx, options.origin) : locked.siteId;
    const interestIds = await completeDemoSite(trx, siteId);
    await pauseForTest("site");
    const made = new Set<string>();
    for (const [i, { member, passwordHash, premium, moderator }] of toMake.entries()) {
      if (locked.state === "half made" && locked.present.has(member.email)) {
        unused.add(i);
        continue;
      }
      made.add(member.email);
      const user = await trx
        .insertInto("users")
        .values({
          site_id: siteId,
          email: member.email,
          password_hash: passwordHash,
          status: "active",
          signup_date: member.signup_date,
          language: member.language,
          last_seen_at: member.last_seen_at,
          role: moderator ? "moderator" : "member",
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await trx
        .insertInto("profiles")
        .values({
          user_id: user.id,
          name: member.name,
          gender: member.gender,
          sexuality: member.sexuality,
          // Gay and bi demo members show it on their profile: the she and gay niches feature only members who do
          // (docs/product.md §2.25).
          sexuality_public: member.sexuality === "straight" ? 0 : 1,
          date_of_birth: member.date_of_birth,
          country: member.country,
          region: member.region,
          city: member.city,
          status: "active",
          about: member.about,
          hair_colour: member.hair_colour,
          eye_colour: member.eye_colour,
          body_type: member.body_type,
          relationship_status: member.relationship_status,
          tattoos: member.tattoos,
          fictional: member.fictional ? 1 : 0,
          invisible: moderator ? 1 : 0,
        })
        .execute();
      if (photos[i]!.length > 0)
        await trx
          .insertInto("photos")
          .values(
            photos[i]!.map((photo, n) => ({
              user_id: user.id,
              ...photo,
              status: "active" as const,
              is_main: n === 0 ? 1 : 0,
              created_at: member.signup_date,
            })),
          )
          .execute();
      await trx
        .insertInto("profile_interests")
        .values(member.interest_picks.map((n) => ({ user_id: user.id, interest_id: interestIds[n]! })))
        .execute();
      if (premium) await seedPurchase(trx, siteId, user.id, member.country, member.signup_date);
    }
    // A few demo members liked each demo login made here, so the likes pages have something to show from the start.
    const idOf = new Map(
      (await trx.selectFrom("users").select(["id", "email"]).where("site_id", "=", siteId).execute()).map((u) => [
        u.email,
        u.id,
      ]),
    );
    for (const [login, likers] of [
      [0, "male"],
      [1, "female"],
    ] as const) {
      if (!made.has(everyone[login]!.member.email)) continue;
      const fans = everyone
        .filter((e, i) => i > 1 && !e.moderator && e.member.gender === likers && !e.member.fictional)
        .slice(0, 3);
      for (const [n, fan] of fans.entries()) {
        await trx
          .insertInto("likes")
          .values({
            liker_id: idOf.get(fan.member.email)!,
            liked_id: idOf.get(everyone[login]!.member.email)!,
            created_at: new Date(seededAt.getTime() - (n + 1) * HOUR).toISOString(),
          })
          .execute();
      }
    }
    await pauseForTest("members");
    return true;
  });
  // The photos of members not made after all (another process seeded first) are not kept.
  for (const [i, photosOfMember] of photos.entries())
    if (!seeded || unused.has(i))
      for (const photo of photosOfMember)
        for (const file of filesOfPhoto(photo).public) await options.photos.remove(file);
  return seeded;
}

/** The demo's company and site rows; answers the site's id. */
async function insertDemoSite(trx: Tx, origin: string): Promise<number> {
  const company = await trx.insertInto("companies").values(demoCompany).returning("id").executeTakeFirstOrThrow();
  const vapid = (await webPush()).generateVAPIDKeys();
  const site = await trx
    .insertInto("sites")
    .values({ ...demoSite(company.id, vapid), origin })
    .returning("id")
    .executeTakeFirstOrThrow();
  return site.id;
}

/**
 * What the demo site needs besides its members, where missing (all of it on a fresh database; what a half-made demo
 * lacks): its domains, bundles, regions and interests. Answers the interests' ids in the order of `demoInterests`.
 */
async function completeDemoSite(trx: Tx, siteId: number): Promise<number[]> {
  for (const domain of ["localhost", "127.0.0.1"]) {
    const taken = await trx
      .selectFrom("site_domains")
      .select("site_id")
      .where("domain", "=", domain)
      .executeTakeFirst();
    if (!taken) await trx.insertInto("site_domains").values({ domain, site_id: siteId }).execute();
  }
  const bundle = await trx.selectFrom("credit_bundles").select("id").where("site_id", "=", siteId).executeTakeFirst();
  if (!bundle) await trx.insertInto("credit_bundles").values(demoBundles(siteId)).execute();
  const knownRegions = new Set((await trx.selectFrom("regions").select("code").execute()).map((r) => r.code));
  const regions = demoCountries
    .flatMap((country) => (demoPlaces[country] ?? []).map((r) => ({ code: r.code, country, name: r.name })))
    .filter((region) => !knownRegions.has(region.code));
  if (regions.length > 0) await trx.insertInto("regions").values(regions).execute();
  const knownInterests = new Map(
    (await trx.selectFrom("interests").select(["id", "slug"]).execute()).map((i) => [i.slug, i.id]),
  );
  const ids: number[] = [];
  for (const interest of demoInterests) {
    const id =
      knownInterests.get(interest.slug) ??
      (
        await trx
          .insertInto("interests")
          .values({ slug: interest.slug, names: JSON.stringify(interest.names) })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id;
    ids.push(id);
  }
  return ids;
}

/** The premium demo member bought the smallest bundle in the sandbox: a paid payment and its ledger entry. */
async function seedPurchase(trx: Tx, siteId: number, userId: number, country: string, at: string) {
  const bundle = await trx
    .selectFrom("credit_bundles")
    .selectAll()
    .where("site_id", "=", siteId)
    .where("currency", "=", currencyOf(country))
    .orderBy("position")
    .executeTakeFirstOrThrow();
  const payment = await trx
    .insertInto("payments")
    .values({
      site_id: siteId,
      user_id: userId,
      bundle_id: bundle.id,
      credits: bundle.credits,
      amount_cents: bundle.amount_cents,
      original_amount_cents: bundle.amount_cents,
      currency: bundle.currency,
      method: "creditcard",
      provider: "sandbox",
      provider_payment_id: `sbx_demo_${userId}`,
      status: "paid",
      idempotency_key: "demo-seed",
      created_at: at,
      updated_at: at,
      paid_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const key = `payment:${payment.id}`;
  await moveCredits(trx, { userId, amount: bundle.credits, kind: "purchase", reference: key, idempotencyKey: key, at });
  await trx.updateTable("users").set({ paid_user: 1 }).where("id", "=", userId).execute();
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
