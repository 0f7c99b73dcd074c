import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // The whole route manifest as one immutable file (about 3.6 kB gzipped, cached for a year), not discovered lazily:
  // lazy discovery asked the server after each page view for the routes of the page's links (/__manifest), a request
  // that cost as much CPU as the page itself (README "Speed", docs/architecture.md "Progressive enhancement").
  routeDiscovery: { mode: "initial" },
  future: {
    // remix-i18next 7.5 runs as React Router middleware (docs/architecture.md "Stack").
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
