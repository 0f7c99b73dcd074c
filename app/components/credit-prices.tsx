import { useTranslation } from "~/i18n/translator";
import { formatMoney, priceOfCredits } from "~/services/money";
import type { Bundle } from "../../contract/payments";

/**
 * What a message, a photo and a gift cost: in credits, and in money from the best to the dearest bundle's price per
 * credit (docs/product.md §1.4: every paid action shows both).
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
          <th scope="col">{t("credits.inCredits")}</th>
          <th scope="col">{t("credits.inMoney")}</th>
        </tr>
      </thead>
      <tbody>
        {(["message", "photo", "gift"] as const).map((action) => (
          <tr key={action}>
            <th scope="row" className="fw-normal">
              {t(`credits.actions.${action}`)}
            </th>
            <td>{t("credits.amount", { count: prices[action] })}</td>
            <td>
              {best && dearest
                ? t("credits.moneyRange", {
                    from: formatMoney(locale, priceOfCredits(prices[action], best)),
                    to: formatMoney(locale, priceOfCredits(prices[action], dearest)),
                  })
                : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
