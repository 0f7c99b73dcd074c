import { Fragment } from "react";
import type { CommonKey } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import { Icon } from "./icons";

/**
 * The site's fictional-profile icon with its explanation for screen readers; shown wherever a profile appears.
 * The space before it keeps the words apart in a heading's name ("Maude, 20 Fictional profile").
 */
export function FictionalMarker() {
  const { t } = useTranslation();
  return (
    <>
      {" "}
      <span className="fictional-marker" title={t("profile.fictional")}>
        <Icon name="mask" size="1.25em" className="icon-inline" />
        <span className="visually-hidden">{t("profile.fictional")}</span>
      </span>
    </>
  );
}

// Stands in for `{{icon}}` while a sentence is translated: a private-use character no translation contains.
const iconSlot = "\uE000";

/**
 * A translated sentence that shows the fictional marker's icon where its `{{icon}}` is ("Profiles marked {{icon}}
 * are fictional"): an SVG named like the marker, so it needs no emoji font and reads the same to a screen reader.
 */
export function WithFictionalIcon({ i18nKey, values }: { i18nKey: CommonKey; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const [first, ...rest] = t(i18nKey, { ...values, icon: iconSlot }).split(iconSlot);
  return (
    <>
      {first}
      {rest.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one sentence, in a fixed order.
        <Fragment key={index}>
          <Icon name="mask" size="1.25em" className="icon-inline" label={t("profile.fictional")} />
          {part}
        </Fragment>
      ))}
    </>
  );
}
