import { register } from "prom-client";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Db } from "../../api/db/database";
import { watchDatabase } from "../../api/metrics/metrics";
import { createMember, createSite } from "./support/factories";
import { freshDatabase } from "./support/test-database";

// The metrics read from the database at each scrape (docs/operations.md "Metrics"), on SQLite and PostgreSQL.
let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDatabase());
  watchDatabase(db);
});
afterAll(() => drop());

test("a scrape counts payments by status and the notifications due, by channel", async () => {
  const site = await createSite(db);
  const member = await createMember(db, site.id);
  const bundle = await db
    .selectFrom("credit_bundles")
    .selectAll()
    .where("site_id", "=", site.id)
    .executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  const payment = (status: "paid" | "open", key: string) => ({
    site_id: site.id,
    user_id: member.id,
    bundle_id: bundle.id,
    credits: bundle.credits,
    amount_cents: bundle.amount_cents,
    original_amount_cents: bundle.amount_cents,
    currency: bundle.currency,
    method: "ideal",
    provider: "sandbox",
    status,
    idempotency_key: key,
    created_at: at,
    updated_at: at,
  });
  await db
    .insertInto("payments")
    .values([payment("paid", "k1"), payment("paid", "k2"), payment("open", "k3")])
    .execute();
  const due = { user_id: member.id, event: "message" as const, actor_id: member.id, subject_id: 1, created_at: at };
  await db
    .insertInto("notification_queue")
    .values([
      { ...due, due_at: at, channel: "mail" },
      { ...due, due_at: at, channel: "push" },
      { ...due, subject_id: 2, due_at: new Date(Date.now() + 3_600_000).toISOString(), channel: "mail" },
    ])
    .execute();

  const text = await register.metrics();
  expect(text).toContain('payments{status="paid"} 2');
  expect(text).toContain('payments{status="open"} 1');
  expect(text).toContain('queue_depth{queue="notifications",channel="mail"} 1');
  expect(text).toContain('queue_depth{queue="notifications",channel="push"} 1');
});
