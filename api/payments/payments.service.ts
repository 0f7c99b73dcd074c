import type { z } from "zod";
import {
  type Bundle,
  currencyOf,
  type discountQuerySchema,
  euroCountries,
  type LedgerEntry,
  type LedgerKind,
  methodsForCountry,
  type Payment,
  type paymentCreateSchema,
  vatRateOf,
} from "../../contract/payments";
import type { PaymentProvider, ProviderPayment } from "../adapters/payments/provider";
import { moveCredits } from "../credits/ledger";
import { type Db, nowIso, type Tx } from "../db/database";
import type { BundleRow, DiscountCodeRow, LedgerRow, PaymentRow, PaymentStatus, SiteRow, UserRow } from "../db/schema";
import { claimCodeForPaid, markCodeUsed, withinUseLimit } from "../discounts/discounts.repository";
import {
  activeTimeBonus,
  discountCodeView,
  discounted,
  refuseHeldCode,
  timeBonusCode,
  usableCode,
} from "../discounts/discounts.service";
import { ApiError } from "../errors";
import { assertSameRequest } from "../http/idempotency";
import { siteOrigin } from "../http/site-origin";
import * as repo from "./payments.repository";

/** The member's country: the one on their profile, which sets their currency and methods. */
export async function countryOf(db: Db, member: UserRow): Promise<string> {
  const row = await db.selectFrom("profiles").select("country").where("user_id", "=", member.id).executeTakeFirst();
  return row?.country ?? "GB";
}

/** The bundles a country pays in its currency; a site without bundles in it sells in euros. */
export async function bundlesFor(db: Db, site: SiteRow, country: string) {
  const own = await repo.listBundles(db, site.id, currencyOf(country));
  return own.length ? own : repo.listBundles(db, site.id, "EUR");
}

const bundleView = (bundle: BundleRow, percentage: number | null): Bundle => ({
  id: bundle.id,
  credits: bundle.credits,
  price: { cents: bundle.amount_cents, currency: bundle.currency },
  discounted_price:
    percentage === null ? null : { cents: discounted(bundle.amount_cents, percentage), currency: bundle.currency },
});

const pricesOf = (site: SiteRow) => ({
  message: site.message_credits,
  photo: site.photo_credits,
  gift: site.gift_credits,
});

/** The credits page (docs/product.md §1.4): bundles with the time bonus applied, methods, prices, balance. */
export async function creditsOffer(
  db: Db,
  site: SiteRow,
  member: UserRow,
  directDebit: { available: boolean } = { available: false },
) {
  const country = await countryOf(db, member);
  const [bundles, bonus] = await Promise.all([bundlesFor(db, site, country), activeTimeBonus(db, member)]);
  return {
    country,
    currency: bundles[0]?.currency ?? currencyOf(country),
    bundles: bundles.map((b) => bundleView(b, bonus?.value_percentage ?? null)),
    methods: methodsForCountry(country),
    direct_debit: directDebit.available && euroCountries.includes(country),
    prices: pricesOf(site),
    discount: bonus && { code: bonus.code, value_percentage: bonus.value_percentage, expires: bonus.expires },
    credits: member.credits,
    paid_user: member.paid_user === 1,
  };
}

/** Earlier orders still on sale (the same bundle and a method still offered), newest first: buyable in one step. */
export async function repeatOrders(db: Db, site: SiteRow, member: UserRow) {
  const [offer, paid] = await Promise.all([creditsOffer(db, site, member), repo.listPaidOrders(db, member.id)]);
  const orders = paid.flatMap(({ bundle_id, method, last_paid_at }) => {
    const bundle = offer.bundles.find((b) => b.id === bundle_id);
    const offered = offer.methods.find((m) => m === method);
    return bundle && offered ? [{ bundle, method: offered, last_paid_at }] : [];
  });
  return { orders, discount: offer.discount };
}

/** Public prices for a country the site serves (else its default country): the pricing page. */
export async function pricing(db: Db, site: SiteRow, requested: string | undefined) {
  const countries: string[] = JSON.parse(site.countries);
  const country = requested && countries.includes(requested) ? requested : site.default_country;
  const bundles = await bundlesFor(db, site, country);
  return {
    country,
    currency: bundles[0]?.currency ?? currencyOf(country),
    bundles: bundles.map((b) => bundleView(b, null)),
    prices: pricesOf(site),
  };
}

/**
 * GET discountcode.php: the member's welcome code (`welcome=true`), or a typed code checked against an order of
 * a bundle and method: 404 'Code not found', 409 'Code already used'.
 */
export async function checkDiscount(
  db: Db,
  site: SiteRow,
  member: UserRow,
  query: z.output<typeof discountQuerySchema>,
) {
  if (query.welcome === "true") {
    const bonus = await timeBonusCode(db, member);
    if (!bonus) throw new ApiError(404, "discount_not_found", "Code not found");
    return discountCodeView(bonus);
  }
  if (!query.code) throw new ApiError(404, "discount_not_found", "Code not found");
  const country = await countryOf(db, member);
  const bundles = await bundlesFor(db, site, country);
  const bundle = bundles.find((b) => b.id === query.bundle) ?? bundles[0];
  const order = {
    amountCents: bundle?.amount_cents ?? 0,
    currency: bundle?.currency ?? currencyOf(country),
    country,
    method: query.method,
  };
  return discountCodeView(await usableCode(db, member, query.code, order));
}

function paymentView(payment: PaymentRow, code: string | null): Payment {
  const money = (cents: number) => ({ cents, currency: payment.currency });
  return {
    id: payment.id,
    status: payment.status,
    bundle_id: payment.bundle_id,
    credits: payment.credits,
    price: money(payment.amount_cents),
    original_price: money(payment.original_amount_cents),
    method: payment.method,
    discountcode: code,
    checkout_url: payment.status === "open" ? payment.checkout_url : null,
    created_at: payment.created_at,
    paid_at: payment.paid_at,
  };
}

export async function viewWithCode(db: Db, payment: PaymentRow) {
  const code = payment.discount_code_id ? ((await repo.findCode(db, payment.discount_code_id))?.code ?? null) : null;
  return paymentView(payment, code);
}

export interface PaymentDeps {
  db: Db;
  provider: PaymentProvider;
}

/**
 * Starts the purchase of a bundle (docs/architecture.md "Payments"). The idempotency key makes it safe to repeat: the
 * same key answers the same payment, and asks the provider again (with its own key) only if the first ask failed,
 * so the provider never holds two payments for one order. The discount code is claimed now (one payment of the
 * member holds it at a time, a unique index sees to it even at the same moment), released if the payment fails or
 * expires, and checked again when it is paid.
 */
export async function createPayment(
  deps: PaymentDeps,
  site: SiteRow,
  member: UserRow,
  request: z.output<typeof paymentCreateSchema>,
  idempotencyKey: string,
  requestHash: string,
) {
  const earlier = await repo.findPaymentByKey(deps.db, member.id, idempotencyKey);
  const payment = earlier ?? (await insertPayment(deps, site, member, request, idempotencyKey, requestHash));
  // The same key with another order (another bundle, method or code) is refused, never answered with the first.
  assertSameRequest(payment, requestHash);
  return askProvider(deps, site, payment);
}

/** A new open payment of the bundle, holding its discount code; a payment made meanwhile under the same key wins. */
async function insertPayment(
  { db, provider }: PaymentDeps,
  site: SiteRow,
  member: UserRow,
  request: z.output<typeof paymentCreateSchema>,
  idempotencyKey: string,
  requestHash: string,
) {
  const country = await countryOf(db, member);
  // Only a bundle of the member's own currency: the same list the credits page showed them.
  const bundle = (await bundlesFor(db, site, country)).find((b) => b.id === request.bundle);
  if (!bundle) throw new ApiError(404, "not_found", "This bundle is not offered");
  if (!methodsForCountry(country).includes(request.method))
    throw new ApiError(400, "validation_failed", "This payment method is not offered", {
      fields: { method: "invalid" },
    });
  const order = { amountCents: bundle.amount_cents, currency: bundle.currency, country, method: request.method };
  let code: DiscountCodeRow | null;
  if (request.discountcode) code = await usableCode(db, member, request.discountcode, order);
  else {
    code = await timeBonusCode(db, member);
    if (code) await refuseHeldCode(db, member, code);
  }
  const at = nowIso();
  try {
    await repo.insertPaymentOnce(db, {
      site_id: site.id,
      user_id: member.id,
      bundle_id: bundle.id,
      credits: bundle.credits,
      amount_cents: code ? discounted(bundle.amount_cents, code.value_percentage) : bundle.amount_cents,
      original_amount_cents: bundle.amount_cents,
      currency: bundle.currency,
      method: request.method,
      provider: provider.name,
      status: "open",
      discount_code_id: code?.id ?? null,
      discount_claim: code?.id ?? null,
      idempotency_key: idempotencyKey,
      request_hash: requestHash,
      created_at: at,
      updated_at: at,
    });
  } catch (error) {
    // Another payment claimed the code between the check and this insert; unless it was this very order's twin.
    if (!repo.isUniqueViolation(error)) throw error;
    const twin = await repo.findPaymentByKey(db, member.id, idempotencyKey);
    if (twin) return twin;
    if (code) await refuseHeldCode(db, member, code);
    throw error;
  }
  return (await repo.findPaymentByKey(db, member.id, idempotencyKey))!;
}

/** Asks the provider for the payment's checkout, unless an earlier ask already did. */
async function askProvider({ db, provider }: PaymentDeps, site: SiteRow, payment: PaymentRow) {
  if (payment.provider_payment_id) return viewWithCode(db, payment);

  const origin = siteOrigin(site);
  let answer: ProviderPayment;
  try {
    answer = await provider.createPayment({
      amountCents: payment.amount_cents,
      currency: payment.currency,
      method: payment.method,
      description: `${site.name} · ${payment.credits} credits`,
      redirectUrl: `${origin}/payment/${payment.id}`,
      webhookUrl: `${origin}/api/payment-webhook.php`,
      reference: String(payment.id),
      idempotencyKey: `payment-${payment.id}`,
    });
  } catch (error) {
    // The payment stays open without a provider id: a repeat with the same key asks again; the job expires it.
    throw new ApiError(502, "provider_failed", "The payment provider did not answer", { cause: String(error) });
  }
  await repo.setProviderPayment(db, payment.id, {
    provider_payment_id: answer.id,
    checkout_url: answer.checkoutUrl,
    status: answer.status,
    updated_at: nowIso(),
  });
  return viewWithCode(db, {
    ...payment,
    provider_payment_id: answer.id,
    checkout_url: answer.checkoutUrl,
    status: answer.status,
  });
}

/**
 * Brings a payment to the state its provider reports. Paid credits the bundle through the ledger, makes the member
 * premium and uses up the discount, all in one transaction and at most once, whatever order or how often the
 * reports come (the ledger's key `payment:{id}` and the paid-is-final update both guard it).
 */
export async function applyProviderStatus(db: Db, payment: PaymentRow, status: PaymentStatus) {
  if (payment.status === status || payment.status === "paid") return;
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    if (!(await repo.changeStatus(trx, payment.id, status, at)) || status !== "paid") return;
    await creditPaidPayment(trx, payment, at);
  });
}

/**
 * What a payment becoming paid does, inside its transaction: the discount code checked again and used, the bundle's
 * credits, premium. A code another paid payment used meanwhile (this one's claim had lapsed) is not honoured twice:
 * the payment gets the credits its money buys at the bundle's full price.
 */
export async function creditPaidPayment(
  trx: Tx,
  payment: Pick<
    PaymentRow,
    "id" | "user_id" | "credits" | "discount_code_id" | "amount_cents" | "original_amount_cents"
  >,
  at: string,
) {
  let credits = payment.credits;
  if (payment.discount_code_id) {
    // The code's limit of uses (the admin area's) is checked again here: two payments started while one use was
    // left cannot both be paid with it.
    if (
      (await claimCodeForPaid(trx, payment, payment.discount_code_id)) &&
      (await withinUseLimit(trx, payment.discount_code_id, payment.id))
    )
      await markCodeUsed(trx, payment.discount_code_id, at);
    else {
      credits = Math.floor((payment.credits * payment.amount_cents) / payment.original_amount_cents);
      await repo.setCredits(trx, payment.id, credits);
    }
  }
  await moveCredits(trx, {
    userId: payment.user_id,
    amount: credits,
    kind: "purchase",
    reference: `payment:${payment.id}`,
    idempotencyKey: `payment:${payment.id}`,
    at,
  });
  await repo.markPaidUser(trx, payment.user_id);
}

/** A webhook or a check: asks the provider about one of its payments. Unknown ids change nothing. */
export async function syncPayment({ db, provider }: PaymentDeps, providerPaymentId: string) {
  const payment = await repo.findPaymentByProviderId(db, provider.name, providerPaymentId);
  if (!payment) return null;
  const answer = await provider.getPayment(providerPaymentId);
  await applyProviderStatus(db, payment, answer.status);
  return payment.id;
}

/**
 * The member's payment, as the result page shows it. One that is still open or pending is checked with the provider
 * first, so a slow or lost webhook does not keep the member waiting.
 */
export async function ownPayment(deps: PaymentDeps, member: UserRow, id: number) {
  const { db, provider } = deps;
  let payment = await repo.findOwnPayment(db, member.id, id);
  if (!payment) throw new ApiError(404, "not_found", "No such payment");
  if ((payment.status === "open" || payment.status === "pending") && payment.provider_payment_id) {
    const answer = await provider.getPayment(payment.provider_payment_id);
    await applyProviderStatus(db, payment, answer.status);
    payment = (await repo.findOwnPayment(db, member.id, id))!;
  }
  return paymentWithBalance(db, member, payment);
}

/** A payment as payment.php answers it: with the member's balance and membership as they are now. */
export async function paymentWithBalance(db: Db, member: UserRow, payment: PaymentRow) {
  const user = await db
    .selectFrom("users")
    .select(["credits", "paid_user"])
    .where("id", "=", member.id)
    .executeTakeFirstOrThrow();
  return { payment: await viewWithCode(db, payment), credits: user.credits, paid_user: user.paid_user === 1 };
}

/**
 * The scheduled check (every few minutes): payments still open or pending a while after they began are asked
 * about again, so a lost webhook never loses a purchase; those the provider never heard of expire after a day.
 */
export async function checkUnsettledPayments(deps: PaymentDeps, { olderThanMs = 2 * 60_000, limit = 100 } = {}) {
  const { db, provider } = deps;
  const rows = await repo.listUnsettledPayments(db, new Date(Date.now() - olderThanMs).toISOString(), limit);
  let changed = 0;
  for (const payment of rows) {
    if (payment.provider_payment_id) {
      const answer = await provider.getPayment(payment.provider_payment_id);
      if (answer.status !== payment.status) changed++;
      await applyProviderStatus(db, payment, answer.status);
    } else if (payment.created_at < new Date(Date.now() - 24 * 3600_000).toISOString()) {
      await repo.changeStatus(db, payment.id, "expired", nowIso());
      changed++;
    }
  }
  return changed;
}

const perPage = 20;

/** The member's credit movements, newest first, 20 a page (docs/product.md §2 transactions). */
export async function transactions(db: Db, member: UserRow, page: number) {
  const { count } = await db
    .selectFrom("credit_ledger")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("user_id", "=", member.id)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom("credit_ledger")
    .selectAll()
    .where("user_id", "=", member.id)
    .orderBy("id", "desc")
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    entries: rows.map(entryView),
    page,
    pages: Math.max(1, Math.ceil(Number(count) / perPage)),
    credits: member.credits,
  };
}

function entryView(row: LedgerRow): LedgerEntry {
  const payment = row.reference?.match(/^payment:(\d+)$/);
  return {
    id: row.id,
    kind: row.reason as LedgerKind,
    delta: row.delta,
    balance_after: row.balance_after,
    refused: row.refused === 1,
    payment_id: payment ? Number(payment[1]) : null,
    created_at: row.created_at,
  };
}

/** One movement with its payment: the receipt (company details come from companyinfo.php). */
export async function transaction(db: Db, member: UserRow, id: number) {
  const row = await db
    .selectFrom("credit_ledger")
    .selectAll()
    .where("user_id", "=", member.id)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, "not_found", "No such transaction");
  const entry = entryView(row);
  const payment = entry.payment_id ? await repo.findOwnPayment(db, member.id, entry.payment_id) : undefined;
  const country = await countryOf(db, member);
  return {
    entry,
    payment: payment ? await viewWithCode(db, payment) : null,
    vat_rate: payment ? vatRateOf(country) : null,
    country,
  };
}
