import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/** The route table of SPEC §2; ids are the spec's route names. Screens arrive with their own issues. */
export default [
  layout("layouts/default.tsx", { id: "layout-default" }, [
    index("routes/index.tsx", { id: "index" }),
    route("login", "routes/login.tsx", { id: "login" }),
    route("signup", "routes/signup.tsx", { id: "signup" }),
    route("complete-signup", "routes/complete-signup.tsx", { id: "complete-signup" }),
    route("signup-matches", "routes/signup-matches.tsx", { id: "signup-matches" }),
    route("activate/done", "routes/activate-done.tsx", { id: "activate-done" }),
    route("activate/error", "routes/activate-error.tsx", { id: "activate-error" }),
    route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
    route("reset-password/do", "routes/reset-password-do.tsx", { id: "reset-password-do" }),
    route("mail-change/do", "routes/mail-change-do.tsx", { id: "mail-change-do" }),
    route("notifications", "routes/notifications.tsx", { id: "notifications" }),
    route("account-deleted", "routes/account-deleted.tsx", { id: "account-deleted" }),
    route("dev/outbox", "routes/dev-outbox.tsx", { id: "dev-outbox" }),
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
  layout("layouts/empty.tsx", { id: "layout-empty" }, [
    route("members/:id/signup", "routes/members-id-signup.tsx", { id: "members-id-signup" }),
  ]),
  // Actions and downloads without a screen of their own: each answers a form post with a redirect.
  route("logout", "routes/logout.tsx", { id: "logout" }),
  route("language", "routes/language.tsx", { id: "language" }),
  route("entry-warning", "routes/entry-warning.tsx", { id: "entry-warning" }),
  route("activation-mail", "routes/activation-mail.tsx", { id: "activation-mail" }),
  route("notifications/export", "routes/notifications-export.tsx", { id: "notifications-export" }),
] satisfies RouteConfig;
