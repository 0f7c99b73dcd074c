import crypto from "node:crypto";
import type { Logger } from "pino";
import type { z } from "zod";
import { directDebitDetailsSchema, type directDebitStartSchema } from "../../contract/direct-debit";
import { euroCountries } from "../../contract/payments";
import type { SmsSender } from "../adapters/sms";
import { type Db, type DbOrTx, nowIso } from "../db/database";
import type { DirectDebitRequestRow, SiteRow, UserRow } from "../db/schema";
import { discounted, timeBonusCode } from "../discounts/discounts.service";
import { ApiError } from "../errors";
import { bundlesFor, countryOf, creditPaidPayment, paymentWithBalance } from "./payments.service";

const codeMinutes = 10;
const maxWrongCodes = 5;
/** SMS sent per member and per number in an hour (docs/architecture.md "Direct debit"). */
const smsPerHour = 3;
const limitDays = 30;
const dayMs = 24 * 3600_000;

export interface DirectDebitDeps {
  db: Db;
  sms: SmsSender;
  /** Only where texts reach phones, or in the sandbox where the outbox is the phone. */
  available: boolean;
}

/** Whether the member's country pays by SEPA direct debit here. */
export const directDebitOffered = (deps: Pick<DirectDebitDeps, "available">, country: string) =>
  deps.available && euroCountries.includes(country);

/** The code is kept only as a hash, salted with what makes its request unique. */
const hashCode = (request: Pick<DirectDebitRequestRow, "user_id" | "idempotency_key">, code: string) =>
  crypto.createHash("sha256").update(`${request.user_id}:${request.idempotency_key}:${code}`).digest("hex");

const requestView = (row: DirectDebitRequestRow) => ({
  id: row.id,
  credits: row.credits,
  price: { cents: row.amount_cents, currency: row.currency },
  phone: `${"•".repeat(Math.max(0, row.phone.length - 3))}${row.phone.slice(-3)}`,
  expires_at: row.expires_at,
  status: row.status,
  payment_id: row.payment_id,
});

/**
 * Refuses a debit that would take the member past the site's limit of direct debits in 30 days, saying the limit
 * and when the oldest debit in the window drops out of it.
 */
async function checkLimit(db: DbOrTx, site: SiteRow, member: UserRow, amountCents: number, currency: string) {
  const since = new Date(Date.now() - limitDays * dayMs).toISOString();
  const debits = await db
    .selectFrom("payments")
    .select(["amount_cents", "paid_at"])
    .where("user_id", "=", member.id)
    .where("method", "=", "directdebit")
    .where("status", "=", "paid")
    .where("paid_at", ">=", since)
    .orderBy("paid_at")
    .execute();
  const used = debits.reduce((sum, d) => sum + d.amount_cents, 0);
  if (used + amountCents <= site.direct_debit_limit_cents) return;
  const oldest = debits[0]?.paid_at ?? nowIso();
  throw new ApiError(409, "direct_debit_limit", "Your limit for direct debit payments has been reached.", {
    limit: { cents: site.direct_debit_limit_cents, currency },
    resets_at: new Date(Date.parse(oldest) + limitDays * dayMs).toISOString(),
  });
}

/**
 * Starts a direct debit (docs/product.md §4: phone, SMS code, confirm): checks the mandate's details, the block and
 * the limit, and texts a six-digit code to the mobile number. The same idempotency key answers the same request
 * without texting again.
 */
export async function startDirectDebit(
  deps: DirectDebitDeps,
  site: SiteRow,
  member: UserRow,
  body: z.output<typeof directDebitStartSchema>,
  idempotencyKey: string,
  log: Logger,
) {
  const { db, sms } = deps;
  const country = await countryOf(db, member);
  if (!directDebitOffered(deps, country))
    throw new ApiError(503, "payments_unavailable", "Direct debit is not offered here");
  const earlier = await db
    .selectFrom("direct_debit_requests")
    .selectAll()
    .where("user_id", "=", member.id)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirst();
  if (earlier) return { request: requestView(earlier) };
  if (member.direct_debit_blocked)
    throw new ApiError(403, "direct_debit_blocked", "Your account is blocked for direct debit payments.");

  const parsed = directDebitDetailsSchema(country).safeParse(body);
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    throw new ApiError(400, "validation_failed", "Check the direct debit details", { fields });
  }
  const details = parsed.data;
  const bundle = (await bundlesFor(db, site, country)).find((b) => b.id === body.bundle);
  if (!bundle) throw new ApiError(404, "not_found", "This bundle is not offered");
  const bonus = await timeBonusCode(db, member);
  const amount = bonus ? discounted(bundle.amount_cents, bonus.value_percentage) : bundle.amount_cents;
  await checkLimit(db, site, member, amount, bundle.currency);

  const hourAgo = new Date(Date.now() - 3600_000).toISOString();
  const sent = await db
    .selectFrom("direct_debit_requests")
    .select((eb) => [
      eb.fn.sum<number>(eb.case().when("user_id", "=", member.id).then(1).else(0).end()).as("byMember"),
      eb.fn.sum<number>(eb.case().when("phone", "=", details.phone).then(1).else(0).end()).as("byPhone"),
    ])
    .where("created_at", ">=", hourAgo)
    .where((eb) => eb.or([eb("user_id", "=", member.id), eb("phone", "=", details.phone)]))
    .executeTakeFirstOrThrow();
  if (Number(sent.byMember ?? 0) >= smsPerHour || Number(sent.byPhone ?? 0) >= smsPerHour)
    throw new ApiError(429, "rate_limited", "Too many codes sent, please try again in an hour");

  const at = nowIso();
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const inserted = await db
    .insertInto("direct_debit_requests")
    .values({
      site_id: site.id,
      user_id: member.id,
      bundle_id: bundle.id,
      credits: bundle.credits,
      amount_cents: amount,
      original_amount_cents: bundle.amount_cents,
      currency: bundle.currency,
      discount_code_id: bonus?.id ?? null,
      ...details,
      code_hash: hashCode({ user_id: member.id, idempotency_key: idempotencyKey }, code),
      status: "sent",
      idempotency_key: idempotencyKey,
      expires_at: new Date(Date.now() + codeMinutes * 60_000).toISOString(),
      created_at: at,
    })
    .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
    .returningAll()
    .executeTakeFirst();
  // A twin request with the same key got there first: it texts the code.
  if (!inserted) return startDirectDebit(deps, site, member, body, idempotencyKey, log);
  try {
    // The code and the site's name only: it reads the same in every language.
    await sms.send({ to: details.phone, from: site.name.slice(0, 11), text: `${code} · ${site.name}` });
  } catch (error) {
    log.error({ err: error, requestId: inserted.id }, "direct debit code not sent");
    await db.updateTable("direct_debit_requests").set({ status: "dead" }).where("id", "=", inserted.id).execute();
    throw new ApiError(502, "provider_failed", "The code could not be sent");
  }
  log.info({ userId: member.id, requestId: inserted.id }, "direct debit code sent");
  return { request: requestView(inserted) };
}

async function ownRequest(db: DbOrTx, member: UserRow, id: number) {
  const row = await db
    .selectFrom("direct_debit_requests")
    .selectAll()
    .where("user_id", "=", member.id)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, "not_found", "No such direct debit");
  return row;
}

export async function directDebitRequest(db: Db, member: UserRow, id: number) {
  return { request: requestView(await ownRequest(db, member, id)) };
}

const codeInvalid = () =>
  new ApiError(400, "code_invalid", "Code invalid", { fields: { code: "directDebit.codeInvalid" } });

/**
 * The SMS code confirms the debit: the bundle is paid at once, its credits through the ledger, in one transaction
 * that claims the request, so a repeated or concurrent confirmation pays once. Five wrong codes end the request.
 */
export async function confirmDirectDebit(
  deps: DirectDebitDeps,
  site: SiteRow,
  member: UserRow,
  { request: id, code }: { request: number; code: string },
) {
  const { db } = deps;
  const row = await ownRequest(db, member, id);
  if (row.status === "confirmed" && row.payment_id) return paidDebit(db, member, row.payment_id);
  if (row.status !== "sent" || row.expires_at < nowIso()) throw codeInvalid();
  const given = Buffer.from(hashCode(row, code));
  const stored = Buffer.from(row.code_hash);
  if (given.length !== stored.length || !crypto.timingSafeEqual(given, stored)) {
    const wrong = await db
      .updateTable("direct_debit_requests")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", row.id)
      .where("status", "=", "sent")
      .returning("attempts")
      .executeTakeFirst();
    if (wrong && wrong.attempts >= maxWrongCodes)
      await db.updateTable("direct_debit_requests").set({ status: "dead" }).where("id", "=", row.id).execute();
    throw codeInvalid();
  }

  const paymentId = await db.transaction().execute(async (trx) => {
    // Touching the member's row first makes their confirmations wait for each other (PostgreSQL), so two
    // debits cannot pass the limit check side by side; SQLite runs one writer at a time anyway.
    await trx
      .updateTable("users")
      .set((eb) => ({ direct_debit_blocked: eb.ref("direct_debit_blocked") }))
      .where("id", "=", member.id)
      .execute();
    const claimed = await trx
      .updateTable("direct_debit_requests")
      .set({ status: "confirmed" })
      .where("id", "=", row.id)
      .where("status", "=", "sent")
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return null;
    await checkLimit(trx, site, member, row.amount_cents, row.currency);
    const at = nowIso();
    const payment = await trx
      .insertInto("payments")
      .values({
        site_id: site.id,
        user_id: member.id,
        bundle_id: row.bundle_id,
        credits: row.credits,
        amount_cents: row.amount_cents,
        original_amount_cents: row.original_amount_cents,
        currency: row.currency,
        method: "directdebit",
        provider: "directdebit",
        provider_payment_id: `dd_${row.id}`,
        checkout_url: null,
        status: "paid",
        discount_code_id: row.discount_code_id,
        idempotency_key: `directdebit:${row.id}`,
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .returning(["id"])
      .executeTakeFirstOrThrow();
    await creditPaidPayment(trx, { ...row, id: payment.id }, at);
    await trx.updateTable("direct_debit_requests").set({ payment_id: payment.id }).where("id", "=", row.id).execute();
    return payment.id;
  });
  // A concurrent confirmation paid it: answer that payment.
  const paid = paymentId ?? (await ownRequest(db, member, id)).payment_id;
  if (!paid) throw codeInvalid();
  return paidDebit(db, member, paid);
}

async function paidDebit(db: Db, member: UserRow, paymentId: number) {
  const payment = await db.selectFrom("payments").selectAll().where("id", "=", paymentId).executeTakeFirstOrThrow();
  return paymentWithBalance(db, member, payment);
}
