import path from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { localDiskStorage } from "../../api/adapters/storage";
import { checkLedger } from "../../api/credits/ledger-check";
import type { Db } from "../../api/db/database";
import { demoAddresses, demoLogins } from "../../api/db/seed/demo-addresses";
import { demoInterests } from "../../api/db/seed/demo-interests";
import { demoPlaces } from "../../api/db/seed/demo-places";
import { demoBundles, demoCompany, demoCountries, demoSite } from "../../api/db/seed/demo-site";
import { seedDemoIfWanted } from "../../api/db/seed/demo-wanted";
import { webPush } from "../../api/notifications/web-push";
import { createMember, createSite } from "./support/factories";
import { startTestApi, type TestApi } from "./support/test-api";

/*
 * A demo site an interrupted first start of an older version left half made (docs/operations.md "First start"): that
 * seed wrote the site, its domains, bundles, regions and interests in one transaction and the members in another, so a
 * start killed between the two left a site without members, for good. Now the next start completes it, in one
 * transaction, unless someone used it since; a real site is never touched.
 */
let api: TestApi;
const start = (db: Db) =>
  seedDemoIfWanted(db, {
    photos: localDiskStorage(path.join(api.dataDir, "uploads", "photos")),
    origin: "http://localhost:3000",
    siteDomain: "localhost",
  });

beforeEach(async () => {
  api = await startTestApi();
});
afterEach(() => api.close());

/** What the older seed's first transaction wrote: the demo site with everything but its members. */
async function halfMadeDemo(db: Db) {
  const company = await db.insertInto("companies").values(demoCompany).returning("id").executeTakeFirstOrThrow();
  const site = await db
    .insertInto("sites")
    .values({ ...demoSite(company.id, (await webPush()).generateVAPIDKeys()), origin: "http://localhost:3000" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("site_domains")
    .values([
      { domain: "localhost", site_id: site.id },
      { domain: "127.0.0.1", site_id: site.id },
    ])
    .execute();
  await db.insertInto("credit_bundles").values(demoBundles(site.id)).execute();
  await db
    .insertInto("regions")
    .values(
      demoCountries.flatMap((country) =>
        (demoPlaces[country] ?? []).map((r) => ({ code: r.code, country, name: r.name })),
      ),
    )
    .execute();
  for (const interest of demoInterests)
    await db
      .insertInto("interests")
      .values({ slug: interest.slug, names: JSON.stringify(interest.names) })
      .execute();
  return site.id;
}

const countOf = async (db: Db, table: "users" | "interests" | "credit_bundles" | "sites") =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((e) => e.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

test("the site of an interrupted older seed gets its members, beside a real site left as it was", async () => {
  const real = await createSite(api.db, "dating.example");
  const realMember = await createMember(api.db, real.id);
  const demoId = await halfMadeDemo(api.db);
  const interests = await countOf(api.db, "interests");
  const bundles = await countOf(api.db, "credit_bundles");

  expect(await start(api.db)).toBe("repaired");

  const members = await api.db.selectFrom("users").select("email").where("site_id", "=", demoId).execute();
  expect(members.map((m) => m.email).sort()).toEqual(demoAddresses().sort());
  // Its own site, interests and bundles were kept, not made twice.
  expect(await countOf(api.db, "sites")).toBe(2);
  expect(await countOf(api.db, "interests")).toBe(interests);
  expect(await countOf(api.db, "credit_bundles")).toBe(bundles);
  const realUsers = await api.db.selectFrom("users").select("id").where("site_id", "=", real.id).execute();
  expect(realUsers).toEqual([{ id: realMember.id }]);
  expect(await checkLedger(api.db)).toEqual({ balances: [], purchases: [], returns: [] });
  const login = await api.call("/api/user.php", { method: "POST", body: demoLogins.premium, domain: "localhost" });
  expect(login.status).toBe(200);
  expect(login.body.user).toMatchObject({ paid_user: true });
  // The seed's likes of the demo logins came with them: three demo members liked the premium one.
  const likes = await api.db
    .selectFrom("likes")
    .select("liker_id")
    .where("liked_id", "=", login.body.user.id)
    .execute();
  expect(likes).toHaveLength(3);

  // Whole now: the next start finds it so.
  expect(await start(api.db)).toBe("present");
}, 180_000);

test("a half-made demo site someone has used since (a member signed up) is left as it is", async () => {
  const demoId = await halfMadeDemo(api.db);
  await createMember(api.db, demoId, { email: "someone@example.org" });
  expect(await start(api.db)).toBe("half made, in use");
  expect(await countOf(api.db, "users")).toBe(1);
});

test("a site on localhost whose company is not the demo's is not taken for a half-made demo", async () => {
  const demoId = await halfMadeDemo(api.db);
  const { company_id } = await api.db
    .selectFrom("sites")
    .select("company_id")
    .where("id", "=", demoId)
    .executeTakeFirstOrThrow();
  await api.db.updateTable("companies").set({ kvk: "11223344" }).where("id", "=", company_id).execute();
  expect(await start(api.db)).toBe("half made, in use");
  expect(await countOf(api.db, "users")).toBe(0);
});
