import crypto from "node:crypto";
import { hashPassword } from "../../../api/accounts/password";
import { type Db, nowIso } from "../../../api/db/database";
import { demoBundles, demoCompany, demoSite } from "../../../api/db/seed/demo-site";
import { webPush } from "../../../api/notifications/web-push";

/** A site answering for `domain`, with the demo site's settings. */
export async function createSite(db: Db, domain = `site-${crypto.randomBytes(4).toString("hex")}.test`) {
  const company = await db.insertInto("companies").values(demoCompany).returning("id").executeTakeFirstOrThrow();
  const site = await db
    .insertInto("sites")
    .values({ ...demoSite(company.id, (await webPush()).generateVAPIDKeys()), domain })
    .returning(["id", "domain"])
    .executeTakeFirstOrThrow();
  await db.insertInto("site_domains").values({ domain, site_id: site.id }).execute();
  await db.insertInto("credit_bundles").values(demoBundles(site.id)).execute();
  return site;
}

export interface MemberOptions {
  email?: string;
  password?: string;
  name?: string;
  language?: string;
  country?: string;
  gender?: "male" | "female";
  sexuality?: "straight" | "gay" | "bi";
  dateOfBirth?: string;
  region?: string | null;
  paid?: boolean;
  photos?: number;
  role?: "member" | "moderator" | "admin";
}

/** A member of a site who can log in with the returned email and password. */
export async function createMember(db: Db, siteId: number, options: MemberOptions = {}) {
  const email = options.email ?? `m-${crypto.randomBytes(5).toString("hex")}@example.com`;
  const password = options.password ?? "correct horse battery";
  const user = await db
    .insertInto("users")
    .values({
      site_id: siteId,
      email,
      password_hash: await hashPassword(password),
      status: "active",
      signup_date: nowIso(),
      language: options.language ?? "en",
      paid_user: options.paid ? 1 : 0,
      role: options.role ?? "member",
      last_seen_at: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("profiles")
    .values({
      user_id: user.id,
      name: options.name ?? "Alex",
      gender: options.gender ?? "female",
      sexuality: options.sexuality ?? "straight",
      date_of_birth: options.dateOfBirth ?? "1990-06-15",
      country: options.country ?? "GB",
      region: options.region ?? null,
      city: "London",
      status: "active",
      about: "Hello",
      hair_colour: null,
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
    })
    .execute();
  for (let i = 0; i < (options.photos ?? 0); i++) {
    await db
      .insertInto("photos")
      .values({
        user_id: user.id,
        filename: `p${user.id}-${i}.jpg`,
        thumb_filename: `p${user.id}-${i}-t.jpg`,
        status: "active",
        is_main: i === 0 ? 1 : 0,
        created_at: new Date().toISOString(),
      })
      .execute();
  }
  return { id: user.id, email, password };
}

/**
 * Many members of a site at once, for tests of a large site: active, with a profile, no photo and no password (they
 * cannot log in). Answers their ids in the order made; `lastSeen(i)` dates each one's last visit (by default now).
 */
export async function insertMembers(
  db: Db,
  siteId: number,
  count: number,
  options: { gender?: "male" | "female"; country?: string; lastSeen?: (index: number) => string } = {},
): Promise<number[]> {
  const tag = crypto.randomBytes(4).toString("hex");
  const at = nowIso();
  const ids: number[] = [];
  // A thousand rows a statement keeps each insert within SQLite's limit of bound values.
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: size }, (_, i) => ({
          site_id: siteId,
          email: `bulk-${tag}-${start + i}@example.com`,
          status: "active",
          signup_date: at,
          language: "en",
          last_seen_at: options.lastSeen?.(start + i) ?? at,
        })),
      )
      .returning("id")
      .execute();
    await db
      .insertInto("profiles")
      .values(
        users.map(({ id }) => ({
          user_id: id,
          name: "Sam",
          gender: options.gender ?? "female",
          sexuality: "straight" as const,
          date_of_birth: "1990-06-15",
          country: options.country ?? "GB",
          city: "London",
          status: "active",
          about: "",
        })),
      )
      .execute();
    ids.push(...users.map((u) => u.id));
  }
  return ids;
}
