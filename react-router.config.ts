import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // remix-i18next 7.5 runs as React Router middleware (docs/architecture.md "Stack").
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
