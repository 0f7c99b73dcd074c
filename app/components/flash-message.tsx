import { useRef } from "react";
import { useLocation } from "react-router";
import { keyOf } from "~/i18n/keys";
import { useTranslation } from "~/i18n/translator";
import type { Flash } from "~/services/flash";

/**
 * The message a post/redirect/get left for this page. The flash cookie is read once, so the root loader's next run
 * (a poll, a like) answers none: the message stays until the member goes to another page.
 */
export function FlashMessage({ flash: fresh }: { flash: Flash | null }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const kept = useRef({ key, flash: fresh });
  if (fresh) kept.current = { key, flash: fresh };
  else if (kept.current.key !== key) kept.current = { key, flash: null };
  const { flash } = kept.current;
  if (!flash) return null;
  return (
    <div className={`alert alert-${flash.tone ?? "success"} container-lg mt-3`} role="status">
      {t(keyOf(flash.message), flash.values)}
    </div>
  );
}
