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
                safelist: [/^alert-(success|info|warning|danger)$/, /^bg-(warning|danger)$/, /^signup-progress-\d$/],
                variables: true,
                keyframes: true,
              }),
            ]
          : [],
    },
  },
  resolve: { tsconfigPaths: true },
}));
