import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { clockOf, useCountdown } from "~/hooks/use-countdown";
import { useTranslation } from "~/i18n/translator";
import { dismiss, isDismissed } from "~/services/dismissals";

/** docs/product.md §9: the time-bonus popup comes 40 s after entering the members area. */
const modalDelayMs = 40_000;

/** Pages where the member is already buying: the popup would only stand in the way. */
const buyingPages = /^\/(credits|directdebit|payment|transactions|premium|pricing)(\/|$)/;

/**
 * The time bonus (docs/product.md §4): a banner with the time left, server-rendered and counting down once the page
 * runs scripts, and a popup 40 s into the members area unless this device dismissed it. The one countdown feeds both;
 * at zero both go.
 */
export function TimeBonus({ percentage, secondsLeft }: { percentage: number; secondsLeft: number }) {
  const { t, formatNumber } = useTranslation();
  const left = useCountdown(secondsLeft);
  const buying = buyingPages.test(useLocation().pathname);
  const [popup, setPopup] = useState(false);
  const closePopup = useCallback(() => {
    dismiss("hide-time-bonus-modal");
    setPopup(false);
  }, []);
  useEffect(() => {
    if (buying || isDismissed("hide-time-bonus-modal")) return;
    // Leaving the members area (logging out, going to buy) unmounts or re-runs this and cancels the popup.
    const timer = setTimeout(() => setPopup(true), modalDelayMs);
    return () => clearTimeout(timer);
  }, [buying]);
  if (left <= 0) return null;
  const values = { percentage: formatNumber(percentage) };
  return (
    <>
      <section
        className="time-bonus alert alert-warning rounded-0 border-0 mb-0 py-2 text-center small"
        aria-label={t("timeBonus.title")}
      >
        <strong>{t("timeBonus.banner", values)}</strong>{" "}
        <span role="timer">{t("timeBonus.endsIn", { time: clockOf(left) })}</span>
        {!buying && (
          <>
            {" "}
            <Link to="/credits" className="alert-link">
              {t("timeBonus.cta", values)}
            </Link>
          </>
        )}
      </section>
      {popup && !buying && <TimeBonusPopup values={values} time={clockOf(left)} onClose={closePopup} />}
    </>
  );
}

function TimeBonusPopup({
  values,
  time,
  onClose,
}: {
  values: { percentage: string };
  time: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const offer = useRef<HTMLAnchorElement>(null);
  useEffect(() => offer.current?.focus(), []);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);
  return (
    <div className="entry-warning" role="dialog" aria-modal="true" aria-labelledby="time-bonus-title">
      <div className="entry-warning-card card shadow-lg text-center">
        <div className="card-body p-4">
          <h2 id="time-bonus-title" className="h4">
            {t("timeBonus.title")}
          </h2>
          <p>{t("timeBonus.offer", values)}</p>
          <p className="fs-3 font-monospace" role="timer" aria-label={t("timeBonus.endsIn", { time })}>
            {time}
          </p>
          <Link ref={offer} to="/credits" className="btn btn-primary w-100 mb-2" onClick={onClose}>
            {t("timeBonus.cta", values)}
          </Link>
          <button type="button" className="btn btn-outline-dark w-100" onClick={onClose}>
            {t("timeBonus.close")}
          </button>
        </div>
      </div>
    </div>
  );
}
