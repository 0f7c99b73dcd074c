/** A ledger entry as the count of unused credits reads it. */
export interface LedgerMovement {
  kind: string;
  delta: number;
  /** `payment:{id}` for a purchase, its return and the undoing of a failed return. */
  reference: string | null;
}

const paymentOf = (reference: string | null) => {
  const match = reference?.match(/^payment:(\d+)$/);
  return match ? Number(match[1]) : null;
};

/**
 * How many credits of each purchase are still unused (docs/product.md §1.3). Credits are spent oldest first, bonuses
 * included, so what a member holds are their newest credits, the fairest reading for a return. A return takes its
 * credits from its own purchase, and the undoing of a failed return puts them back there. `movements` are the
 * member's applied (not refused) entries in the order they were made.
 */
export function unusedCreditsByPayment(movements: readonly LedgerMovement[]): Map<number, number> {
  const lots: { paymentId: number | null; left: number }[] = [];
  const lotOf = (paymentId: number) => lots.find((lot) => lot.paymentId === paymentId);
  for (const { kind, delta, reference } of movements) {
    const paymentId = paymentOf(reference);
    if (kind === "return" && paymentId !== null) {
      const lot = lotOf(paymentId);
      if (lot) lot.left = Math.max(0, lot.left + delta);
    } else if (kind === "adjustment" && paymentId !== null && delta > 0 && lotOf(paymentId)) {
      lotOf(paymentId)!.left += delta;
    } else if (delta > 0) {
      lots.push({ paymentId: kind === "purchase" ? paymentId : null, left: delta });
    } else {
      let owed = -delta;
      for (const lot of lots) {
        const taken = Math.min(lot.left, owed);
        lot.left -= taken;
        owed -= taken;
        if (owed === 0) break;
      }
    }
  }
  const unused = new Map<number, number>();
  for (const lot of lots) if (lot.paymentId !== null) unused.set(lot.paymentId, lot.left);
  return unused;
}
