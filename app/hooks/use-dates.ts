import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import { type DatePurpose, formatDate, formatListTime } from "~/services/dates";

/** Dates as this member reads them (app/services/dates.ts): the root's locale of language and country. */
export function useDates() {
  const root = useRootData();
  const { locale: language } = useTranslation();
  const locale = root?.dateLocale ?? language;
  return {
    locale,
    format: (purpose: DatePurpose, when: string | Date) => formatDate(locale, purpose, when),
    listTime: (when: string) => formatListTime(locale, when),
  };
}
