import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { embeddedTranslator, TranslatorContext } from "./i18n/translator";
import { installChunkReloadGuard } from "./services/chunk-reload-guard";

installChunkReloadGuard();

// The server put this language's strings in the page (root.tsx), so hydration needs no extra request.
const embedded = document.getElementById("i18n-resources")?.textContent;
const { locale, common } = embedded ? JSON.parse(embedded) : { locale: document.documentElement.lang, common: {} };

const translator = embeddedTranslator(locale, common);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <TranslatorContext.Provider value={translator}>
        <HydratedRouter />
      </TranslatorContext.Provider>
    </StrictMode>,
  );
});
