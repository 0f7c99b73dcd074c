import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table of SPEC §2; ids are the spec's route names. Screens arrive with their own issues. */
export default [
  layout("layouts/default.tsx", { id: "layout-default" }, [
    index("routes/index.tsx", { id: "index" }),
    route("login", "routes/login.tsx", { id: "login" }),
    route("pages/terms", "routes/pages.tsx", { id: "pages-terms" }),
    route("pages/privacy", "routes/pages.tsx", { id: "pages-privacy" }),
    route("pages/cookies", "routes/pages.tsx", { id: "pages-cookies" }),
    route("pages/faq", "routes/pages.tsx", { id: "pages-faq" }),
    route("pages/return-policy", "routes/pages.tsx", { id: "pages-return-policy" }),
    route("pages/service", "routes/pages.tsx", { id: "pages-service" }),
    route("pages/ban", "routes/pages.tsx", { id: "pages-ban" }),
    route("pages/:token", "routes/pages.tsx", { id: "pages-token" }),
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  // Actions without a screen of their own: each answers a form post with a redirect.
  route("logout", "routes/logout.tsx", { id: "logout" }),
  route("language", "routes/language.tsx", { id: "language" }),
  route("entry-warning", "routes/entry-warning.tsx", { id: "entry-warning" }),
] satisfies RouteConfig;
