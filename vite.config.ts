import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import purgeCss from "@fullhuman/postcss-purgecss";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

/** The app's modules that these reach through `~/…` and relative imports, themselves included: what their markup names. */
function modulesReachedFrom(entries: string[]): string[] {
  const found = new Set<string>();
  const pending = entries.map((entry) => path.resolve(entry));
  for (let file = pending.pop(); file; file = pending.pop()) {
    if (found.has(file)) continue;
    found.add(file);
    // `~/x`, `./x` and `../x`, with or without a query (`?url`: a script the page links, such as the swipe lander's).
    const imports = readFileSync(file, "utf8").matchAll(
      /(?:from|import)\s*\(?\s*["']((?:~\/|\.)[^"'?]+)(?:\?[^"']*)?["']/g,
    );
    for (const [, specifier] of imports) {
      const base = specifier!.startsWith("~/")
        ? path.resolve("app", specifier!.slice(2))
        : path.resolve(path.dirname(file), specifier!);
      const module = [`${base}.tsx`, `${base}.ts`, base].find(
        (candidate) => /\.(tsx?|js)$/.test(candidate) && existsSync(candidate),
      );
      if (module) pending.push(module);
    }
  }
  return [...found];
}

/**
 * The lander layout and its pages, as routes.ts lists them under it, with all they import (root.tsx among it, whose
 * markup wraps them): what the lander layout's stylesheet keeps.
 */
function landerModules(): string[] {
  const routes = readFileSync("app/routes.ts", "utf8");
  const block = /layout\("layouts\/lander\.tsx"[\s\S]*?\n {2}\]\)/.exec(routes)?.[0];
  if (!block) throw new Error("routes.ts has no lander layout: the lander stylesheet cannot be trimmed");
  const pages = [...block.matchAll(/"(routes\/[\w./-]+\.tsx)"/g)].map(([, file]) => `app/${file}`);
  return modulesReachedFrom(["app/layouts/lander.tsx", ...pages]);
}

/** The app's sources (`.ts`, `.tsx`, `.js`) outside one of its folders. */
function appSourcesOutside(folder: string): string[] {
  return readdirSync("app", { recursive: true, encoding: "utf8" })
    .map((file) => path.join("app", file))
    .filter((file) => /\.(tsx?|js)$/.test(file) && !file.startsWith(`${folder}/`));
}

/**
 * Bootstrap's variables that the app's own stylesheets read (`var(--bs-…)`). The purge sees one stylesheet at a time:
 * without this, a variable that only a route's stylesheet reads would be dropped from the stylesheet declaring it.
 */
function variablesReadByAppStylesheets(): string[] {
  const stylesheets = readdirSync("app/styles", { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".scss"),
  );
  const read = stylesheets.flatMap((file) =>
    [...readFileSync(path.join("app/styles", file), "utf8").matchAll(/var\((--bs-[\w-]+)/g)].map(([, name]) => name!),
  );
  return [...new Set(read)];
}

export default defineConfig(({ command }) => ({
  plugins: [
    reactRouter(),
    // Every asset also as .br and .gz, made once at build time; the server sends the one the browser takes.
    {
      ...compression({ algorithms: ["brotliCompress", "gzip"], threshold: 512 }),
      applyToEnvironment: (environment) => environment.name === "client",
    },
  ],
  css: {
    preprocessorOptions: { scss: { quietDeps: true } },
    // Bootstrap whole is 30 kB gzipped, of which the site uses a small part: keep only the selectors whose class
    // names appear in the app's sources. Class names built at run time are listed here.
    postcss: {
      plugins:
        command === "build"
          ? [
              purgeCss({
                // The lander layout's stylesheet keeps what its pages name; the admin area's, what any page names;
                // the others, what any page but the admin charts names (an SVG in a <figure>: Bootstrap's .figure
                // would otherwise ride along on every member page).
                contentFunction: (stylesheet) =>
                  /lander-base\.scss(\?|$)/.test(stylesheet)
                    ? landerModules()
                    : /admin\.scss(\?|$)/.test(stylesheet)
                      ? ["app/**/*.{ts,tsx,js}"]
                      : appSourcesOutside("app/components/admin"),
                // The niche's accent and the lander's design are classes named at run time (docs/product.md §2.25).
                safelist: {
                  standard: [
                    /^alert-(success|info|warning|danger)$/,
                    /^bg-(warning|danger)$/,
                    /^signup-progress-\d$/,
                    /^niche-/,
                    /^lander-/,
                  ],
                  variables: variablesReadByAppStylesheets(),
                },
                variables: true,
                keyframes: true,
              }),
            ]
          : [],
    },
  },
  resolve: { tsconfigPaths: true },
  environments: {
    // The server's bundle as ASCII (translations and typographic quotes escaped; JSDoc comments, which the escaping
    // leaves as they are, dropped): V8 keeps a module's source for as long as the process runs, one byte a character
    // when all of it is Latin-1, two otherwise (1.7 MB saved). tests/e2e/budgets.spec.ts keeps it so.
    ssr: { build: { rolldownOptions: { output: { charset: "ascii", comments: { jsdoc: false } } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A page with JavaScript modulepreloads every chunk it needs, and Lighthouse's mobile simulation waits for
            // each before the first paint: 20 chunks, most under 1 kB, cost a members page about 0.4 s of LCP. So the
            // shared code comes in three chunks. A group also takes in what its modules import, so the groups go in
            // order, each chunk importing only the ones before it: what entry.client runs (React, React Router, the
            // translator and its keys), the form kit (conform), then the app's modules that two routes or more share. A module one
            // route uses stays in that route's chunk, and the signup form stays lazy.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react(-dom|-router)?|scheduler|cookie)[\\/]|app[\\/]i18n[\\/](translator|keys)/,
                  priority: 3,
                },
                {
                  name: "form-kit",
                  test: /node_modules[\\/]@conform-to[\\/]|app[\\/]components[\\/]form-kit/,
                  priority: 2,
                },
                {
                  name: "app",
                  // Not the signup form, the push-enable alert or the installed app's back button (lazy), nor what
                  // only pages without JavaScript use (the payment screens and the report, complaint, appeal and
                  // moderation screens, the public pages' JSON-LD), nor the chat screens' components, which only the
                  // chat routes load, nor the date formats, which only member pages with dates use, nor the admin
                  // area's fields and charts (components/admin-*, components/admin/) and the staff's second-factor
                  // forms, which only the staff's screens load.
                  test: (id) =>
                    /app[\\/](root\.tsx|components[\\/]|i18n[\\/]|services[\\/])/.test(id) &&
                    !/signup-(steps-form|fields)|credit-prices|money|services[\\/]dates|payment-methods|premium-package|push-alert|app-back-button|structured-data|components[\\/](chat|reports|admin)[\\/]|components[\\/](admin-|staff-second-factor)/.test(
                      id,
                    ),
                  minShareCount: 2,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
}));
