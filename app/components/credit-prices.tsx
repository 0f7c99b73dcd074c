import { useTranslation } from "~/i18n/translator";
import { formatMoney, priceOfCredits } from "~/services/money";
import type { Bundle } from "../../contract/payments";

/**
 * What a message, a photo and a gift cost: in credits, and in money from the best to the dearest bundle's price per
 * credit (docs/product.md §1.4: every paid action shows both). Two columns, the money under the credits, so that
 * the table has room on a phone in every language (three were cramped in Polish and German).
 */
export function CreditPrices({
  prices,
  bundles,
}: {
  prices: { message: number; photo: number; gift: number };
  bundles: Bundle[];
}) {
  const { t, locale } = useTranslation();
  const perCredit = (b: Bundle) => b.price.cents / b.credits;
  const sorted = [...bundles].sort((a, b) => perCredit(a) - perCredit(b));
  const best = sorted[0];
  const dearest = sorted.at(-1);
  return (
    <table className="table table-sm align-middle">
      <thead>
        <tr>
          <th scope="col">{t("credits.action")}</th>
          <th scope="col">{t("checkout.price")}</th>
        </tr>
      </thead>
      <tbody>
        {(["message", "photo", "gift"] as const).map((action) => (
          <tr key={action}>
            <th scope="row" className="fw-normal">
              {t(`credits.actions.${action}`)}
            </th>
            <td>
              <span className="fw-semibold">{t("credits.amount", { count: prices[action] })}</span>
              {best && dearest && (
                <span className="d-block small text-body-secondary">
                  {t("credits.moneyRange", {
                    from: formatMoney(locale, priceOfCredits(prices[action], best)),
                    to: formatMoney(locale, priceOfCredits(prices[action], dearest)),
                  })}
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
