import purgeCss from "@fullhuman/postcss-purgecss";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

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
                content: ["app/**/*.tsx", "app/**/*.ts"],
                // The niche's accent and the lander's design are classes named at run time (docs/product.md §2.25).
                safelist: [
                  /^alert-(success|info|warning|danger)$/,
                  /^bg-(warning|danger)$/,
                  /^signup-progress-\d$/,
                  /^niche-/,
                  /^lander-/,
                ],
                variables: true,
                keyframes: true,
              }),
            ]
          : [],
    },
  },
  resolve: { tsconfigPaths: true },
  environments: {
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
                  // chat routes load.
                  test: (id) =>
                    /app[\\/](root\.tsx|components[\\/]|i18n[\\/]|services[\\/])/.test(id) &&
                    !/signup-(steps-form|fields)|credit-prices|money|payment-methods|premium-package|push-alert|app-back-button|structured-data|components[\\/](chat|reports)[\\/]/.test(
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
