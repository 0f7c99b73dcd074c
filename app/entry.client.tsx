import i18next from "i18next";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { i18nConfig } from "./i18n/config";

// The server put this language's strings in the page (root.tsx), so hydration needs no extra request.
const embedded = document.getElementById("i18n-resources")?.textContent;
const { locale, common } = embedded ? JSON.parse(embedded) : { locale: document.documentElement.lang, common: {} };

await i18next.use(initReactI18next).init({ ...i18nConfig, lng: locale, resources: { [locale]: { common } } });

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <I18nextProvider i18n={i18next}>
        <HydratedRouter />
      </I18nextProvider>
    </StrictMode>,
  );
});
