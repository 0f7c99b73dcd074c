import { describe, expect, it } from "vitest";
import { type LedgerMovement, unusedCreditsByPayment } from "./unused-credits";

const bonus = (delta: number): LedgerMovement => ({ kind: "signup_bonus", delta, reference: null });
const purchase = (id: number, delta: number): LedgerMovement => ({
  kind: "purchase",
  delta,
  reference: `payment:${id}`,
});
const spend = (delta: number): LedgerMovement => ({ kind: "message", delta: -delta, reference: "message:1" });
const returned = (id: number, delta: number): LedgerMovement => ({
  kind: "return",
  delta: -delta,
  reference: `payment:${id}`,
});
const undone = (id: number, delta: number): LedgerMovement => ({
  kind: "adjustment",
  delta,
  reference: `payment:${id}`,
});

describe("unusedCreditsByPayment", () => {
  it("spends the bonus before a purchase, and older purchases before newer ones", () => {
    const unused = unusedCreditsByPayment([bonus(20), purchase(1, 100), purchase(2, 100), spend(50)]);
    expect(unused).toEqual(
      new Map([
        [1, 70],
        [2, 100],
      ]),
    );
  });

  it("takes a return from its own purchase, so a later spend still comes from the oldest credits left", () => {
    const unused = unusedCreditsByPayment([purchase(1, 100), purchase(2, 100), returned(1, 100), spend(50)]);
    expect(unused.get(1)).toBe(0);
    expect(unused.get(2)).toBe(50);
  });

  it("puts the credits of a failed return back on their purchase", () => {
    const unused = unusedCreditsByPayment([purchase(1, 100), spend(30), returned(1, 70), undone(1, 70)]);
    expect(unused.get(1)).toBe(70);
  });

  it("counts a purchase spent in full as having nothing left", () => {
    expect(unusedCreditsByPayment([purchase(7, 50), spend(50), bonus(10)]).get(7)).toBe(0);
  });
});
