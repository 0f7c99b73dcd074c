import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { saveSettings } from "../../api/admin-settings/settings-form.service";
import { demoInterests } from "../../api/db/seed/demo-interests";
import { siteForDomain } from "../../api/settings/settings.service";
import { settingsVersionCheck } from "../../api/settings/settings-changes";
import {
  applySite,
  createSite,
  exportSite,
  parseSiteDefinition,
  SiteDefinitionError,
} from "../../api/sites/sites.service";
import type { SiteDefinitionInput } from "../../contract/site-definition";
import { cookieFrom, mailedToken, startTestApi, type TestApi } from "./support/test-api";

// Issue 33 "A site is a file you can keep in git": on SQLite, and on PostgreSQL in the api-pg project.
const example: SiteDefinitionInput = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, "../../docs/examples/site.example.json"), "utf8"),
);
const minimal: SiteDefinitionInput = {
  domain: "minimal.example",
  name: "Minimal",
  support: { email: "support@minimal.example" },
  company: { name: "Minimal Ltd", address: "1 High Street", city: "London", country: "GB" },
};

let api: TestApi;
let adminLink: string;

beforeAll(async () => {
  api = await startTestApi();
  const created = await createSite(api.db, parseSiteDefinition(example), {
    adminEmail: "Owner@Dating.example",
    mailer: api.mailer,
  });
  adminLink = created.admin!.link;
});
afterAll(() => api.close());

const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe("site create", () => {
  test("makes a site from the example that answers on each of its domains", async () => {
    for (const domain of ["dating.example", "amora.example", "www.dating.example"]) {
      const { status, body } = await api.call(`/api/settings.php?domain=${domain}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ name: "Amora", domain: "dating.example", countries: ["NL", "BE", "DE"] });
      expect(body.languages).toEqual(["nl", "de", "fr"]);
    }
    const company = await api.call("/api/companyinfo.php", { domain: "dating.example" });
    expect(company.body.companyinfo).toMatchObject({ name: "Amora Media B.V.", kvk: "12345678" });
    const pricing = await api.call("/api/pricing.php?country=NL", { domain: "dating.example" });
    expect(pricing.status).toBe(200);
    expect(pricing.body.bundles.map((b: { price: { cents: number } }) => b.price.cents)).toEqual([
      999, 1999, 4999, 9999,
    ]);
  });

  test("loads the shipped lists: every interest, and the regions of the site's countries", async () => {
    const interests = await api.call("/api/interests.php", { domain: "dating.example" });
    expect(interests.body.interests).toHaveLength(demoInterests.length);
    const regions = await api.call("/api/regions.php", { domain: "dating.example" });
    expect(new Set(regions.body.regions.map((r: { country: string }) => r.country))).toEqual(
      new Set(["NL", "BE", "DE"]),
    );
  });

  test("a minimal file makes a working site with the documented defaults, bundles in each currency included", async () => {
    await createSite(api.db, parseSiteDefinition(minimal));
    const settings = await api.call("/api/settings.php?domain=minimal.example");
    expect(settings.status).toBe(200);
    expect(settings.body).toMatchObject({ index_title: "Minimal", message_credits: 10, signup_credits: 20 });
    expect(settings.body.minimum_message_costs.GB).toEqual({ costs: 0.43, currency: "GBP" });
    const pricing = await api.call("/api/pricing.php?country=PL", { domain: "minimal.example" });
    expect(pricing.body.currency).toBe("PLN");
    expect(pricing.body.bundles).toHaveLength(4);
  });

  test("the first administrator gets a one-time link (mailed too) to choose a password, then logs in as admin", async () => {
    const token = await mailedToken(api, "owner@dating.example", "/reset-password/do");
    expect(adminLink).toBe(`https://dating.example/reset-password/do?token=${token}`);
    const password = "Lantern-orchard-2026";
    const reset = await api.call("/api/password-reset.php", {
      method: "PUT",
      body: { token, password },
      domain: "dating.example",
    });
    expect(reset.status).toBe(200);
    const again = await api.call("/api/password-reset.php", {
      method: "PUT",
      body: { token, password: "Another-orchard-2026" },
      domain: "dating.example",
    });
    expect(again.status).toBe(410);
    const login = await api.call("/api/user.php", {
      method: "POST",
      body: { email: "owner@dating.example", password },
      domain: "dating.example",
    });
    expect(login.status).toBe(200);
    expect(cookieFrom(login.headers)).toBeDefined();
    const admin = await api.db
      .selectFrom("users")
      .select(["role", "site_id"])
      .where("email", "=", "owner@dating.example")
      .executeTakeFirstOrThrow();
    expect(admin.role).toBe("admin");
  });

  test("a domain another site has is refused, naming the field, and nothing is written", async () => {
    const sites = await api.db.selectFrom("sites").select("id").execute();
    const taken = { ...copy(minimal), domain: "fresh.example", other_domains: ["amora.example"] };
    await expect(createSite(api.db, parseSiteDefinition(taken), { adminEmail: "x@fresh.example" })).rejects.toThrow(
      "other_domains.0: amora.example already answers for another site",
    );
    expect(await api.db.selectFrom("sites").select("id").execute()).toEqual(sites);
    expect(
      await api.db.selectFrom("users").select("id").where("email", "=", "x@fresh.example").executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe("site export and apply", () => {
  test("export then apply is a no-op: the dry run shows no change", async () => {
    const exported = await exportSite(api.db, "dating.example", "./site.schema.json");
    expect(exported).toEqual({ ...parseSiteDefinition(example), $schema: "./site.schema.json" });
    expect(await applySite(api.db, parseSiteDefinition(copy(exported)), { dryRun: true })).toEqual([]);
    expect(await applySite(api.db, parseSiteDefinition(copy(exported)))).toEqual([]);
  });

  test("a changed price: the dry run shows it and writes nothing; apply changes it and settings show it at once", async () => {
    const changed = copy(example);
    changed.credit_bundles!.EUR![0]!.price_cents = 1099;
    changed.prices!.message_credits = 12;
    const before = await api.call("/api/settings.php?domain=dating.example");
    expect(before.body.message_credits).toBe(10);

    const dry = await applySite(api.db, parseSiteDefinition(changed), { dryRun: true });
    expect(dry).toEqual([
      { path: "prices.message_credits", from: "10", to: "12" },
      {
        path: "credit_bundles.EUR",
        from: expect.stringContaining('{"credits":170,"price_cents":999}'),
        to: expect.stringContaining('{"credits":170,"price_cents":1099}'),
      },
    ]);
    expect((await api.call("/api/settings.php?domain=dating.example")).body.message_credits).toBe(10);

    expect(await applySite(api.db, parseSiteDefinition(changed))).toEqual(dry);
    expect((await api.call("/api/settings.php?domain=dating.example")).body.message_credits).toBe(12);
    const pricing = await api.call("/api/pricing.php?country=NL", { domain: "dating.example" });
    expect(pricing.body.bundles[0].price.cents).toBe(1099);
    expect(await applySite(api.db, parseSiteDefinition(changed), { dryRun: true })).toEqual([]);
    await applySite(api.db, parseSiteDefinition(example));
  });

  test("two applies at once change the site once: the second finds nothing left to change", async () => {
    const more = copy(example);
    more.credit_bundles!.EUR!.push({ credits: 5000, price_cents: 19999 });
    const [first, second] = await Promise.all([
      applySite(api.db, parseSiteDefinition(copy(more))),
      applySite(api.db, parseSiteDefinition(copy(more))),
    ]);
    expect([first.length, second.length].sort()).toEqual([0, 1]);
    const bundles = await api.db
      .selectFrom("credit_bundles")
      .innerJoin("sites", "sites.id", "credit_bundles.site_id")
      .select(["credit_bundles.credits", "credit_bundles.position"])
      .where("sites.domain", "=", "dating.example")
      .where("credit_bundles.currency", "=", "EUR")
      .orderBy("credit_bundles.position")
      .execute();
    expect(bundles.map((b) => b.credits)).toEqual([170, 360, 950, 2000, 5000]);
    await applySite(api.db, parseSiteDefinition(example));
  });

  test("a bad file names each field and the reason, and nothing is written", () => {
    const bad = { ...copy(example), prices: { message_credits: "ten" }, support: { email: "nobody" } };
    try {
      parseSiteDefinition(bad);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteDefinitionError);
      expect((error as SiteDefinitionError).problems).toEqual([
        "prices.message_credits: Invalid input: expected number, received string",
        "support.email: Invalid email address",
      ]);
    }
  });

  test("a change that cannot be made in full is not made in part", async () => {
    const clash = { ...copy(example), name: "Renamed", other_domains: ["minimal.example"] };
    await expect(applySite(api.db, parseSiteDefinition(clash))).rejects.toThrow(
      "other_domains.0: minimal.example already answers for another site",
    );
    expect((await api.call("/api/settings.php?domain=dating.example")).body.name).toBe("Amora");
  });

  test("a file does not undo what the admin area saved since it was last applied or exported, unless told to", async () => {
    const owner = await api.db
      .selectFrom("users")
      .select("id")
      .where("email", "=", "owner@dating.example")
      .executeTakeFirstOrThrow();
    const site = await siteForDomain(api.db, "dating.example");
    const save = (credits: number) =>
      saveSettings({ db: api.db, site, staffId: owner.id, address: null }, "prices", {
        "prices.message_credits": credits,
      });
    const messageCredits = async () =>
      (await api.call("/api/settings.php?domain=dating.example")).body.message_credits as number;
    const renamed = { ...copy(example), name: "Amora Nova" };
    await save(14);

    // The file knows nothing of the 14: its apply, dry or not, names the save and changes nothing.
    for (const dryRun of [true, false]) {
      const refused = await applySite(api.db, parseSiteDefinition(copy(renamed)), { dryRun }).catch((e) => e);
      expect(refused).toBeInstanceOf(SiteDefinitionError);
      expect(refused.problems[0]).toContain("the admin area changed the site since its file was last applied");
      expect(refused.problems[1]).toMatch(/^ {2}\S+ settings\.update \(settings:prices\) by owner@dating\.example$/);
      expect(refused.problems).toHaveLength(3);
    }
    expect(await messageCredits()).toBe(14);
    expect((await api.call("/api/settings.php?domain=dating.example")).body.name).toBe("Amora");

    // Exported, the file holds the 14: its edit applies and keeps it.
    const exported = await exportSite(api.db, "dating.example", "./site.schema.json");
    expect(await applySite(api.db, parseSiteDefinition({ ...copy(exported), name: "Amora Nova" }))).toEqual([
      { path: "name", from: '"Amora"', to: '"Amora Nova"' },
    ]);
    expect(await messageCredits()).toBe(14);

    // Saved again, then overwritten on purpose: the file's 10 and name win, and the log says the file was applied.
    await save(16);
    await expect(applySite(api.db, parseSiteDefinition(copy(example)))).rejects.toThrow(SiteDefinitionError);
    const overwritten = await applySite(api.db, parseSiteDefinition(copy(example)), { overwrite: true });
    // The minimum message costs follow the message price.
    expect(overwritten.map((change) => change.path)).toEqual(
      expect.arrayContaining(["name", "prices.message_credits", "prices.minimum_message_costs.NL.costs"]),
    );
    expect(await messageCredits()).toBe(10);
    const logged = await api.db
      .selectFrom("staff_actions")
      .select(["action", "staff_id", "before_json", "after_json"])
      .where("site_id", "=", site.id)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ action: "site.apply", staff_id: null });
    expect(JSON.parse(logged.before_json!)).toMatchObject({ name: "Amora Nova", "prices.message_credits": 16 });
    expect(JSON.parse(logged.after_json!)).toMatchObject({ name: "Amora", "prices.message_credits": 10 });
    // Since that apply, the file and the site agree: it applies again without being told.
    expect(await applySite(api.db, parseSiteDefinition(copy(example)))).toEqual([]);
  });

  test("apply to a domain no site answers for says so", async () => {
    await expect(
      applySite(api.db, parseSiteDefinition({ ...copy(minimal), domain: "nowhere.example" })),
    ).rejects.toThrow("domain: no site answers for nowhere.example (make it with site create)");
  });
});

test("a change made by another process reaches this one's cached sites at its next check", async () => {
  const check = settingsVersionCheck(api.db);
  await check();
  expect((await siteForDomain(api.db, "dating.example")).message_credits).toBe(10);
  // What `npm run site -- apply` does in its own process: the row and the version, in one transaction.
  await api.db.transaction().execute(async (trx) => {
    await trx.updateTable("sites").set({ message_credits: 14 }).where("domain", "=", "dating.example").execute();
    await trx
      .updateTable("site_settings_version")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .execute();
  });
  expect((await siteForDomain(api.db, "dating.example")).message_credits).toBe(10);
  expect((await check()).moved).toBe(true);
  expect((await siteForDomain(api.db, "dating.example")).message_credits).toBe(14);
  expect((await check()).moved).toBe(false);
});
