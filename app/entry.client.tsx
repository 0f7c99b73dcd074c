import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { embeddedTranslator, TranslatorContext } from "./i18n/translator";
import { installChunkReloadGuard } from "./services/chunk-reload-guard";

installChunkReloadGuard();

/**
 * The page's language's common strings, from the file root.tsx names (and preloads); a failed fetch is tried once
 * more. They are not in the page itself: the browser keeps the file across pages (app/i18n/common-strings-url.ts).
 */
async function commonStrings(): Promise<Record<string, unknown>> {
  const url = document.getElementById("i18n-strings")?.getAttribute("href");
  if (!url) throw new Error("the page names no strings file");
  for (let attempt = 1; ; attempt++) {
    try {
      const answer = await fetch(url);
      if (answer.ok) return (await answer.json()) as Record<string, unknown>;
      throw new Error(`${url} answered ${answer.status}`);
    } catch (error) {
      if (attempt === 2) throw error;
    }
  }
}

// Without its strings the page is not hydrated: it stays the server's page, which works without JavaScript.
commonStrings().then(
  (common) => {
    const translator = embeddedTranslator(document.documentElement.lang, common);
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
  },
  (error) => console.error("The page's strings could not be loaded; it works without JavaScript", error),
);
