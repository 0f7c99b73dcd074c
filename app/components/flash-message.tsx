import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { Flash } from "~/services/flash";

/** The message a post/redirect/get left for this page. */
export function FlashMessage({ flash }: { flash: Flash }) {
  const { t } = useTranslation();
  return (
    <div className={`alert alert-${flash.tone ?? "success"} container-lg mt-3`} role="status">
      {t(keyOf(flash.message), flash.values)}
    </div>
  );
}
