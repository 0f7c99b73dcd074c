import { lazy, Suspense } from "react";
import { Form, Link, NavLink } from "react-router";
import { MemberPhoto } from "~/components/member-photo";
import { useInstalled } from "~/hooks/use-installed";
import { useTranslation } from "~/i18n/translator";
import type { RootData } from "~/root";
import { badgeCount, creditsBadgeTone } from "~/services/site-info";
import { Icon } from "./icons";
import { LanguageMenu } from "./language-menu";
import { LoadingBar } from "./loading-bar";
import { ReturnHere } from "./return-here";
import { SubmitButton } from "./submit-button";

/**
 * The top bar of the default layout (docs/product.md §2): member menu with badges, or a Login button. It keeps to one line
 * in every language: the labels show from 992 px (lg), icons alone below (labels stay for screen readers); the
 * member's name from 1200 px (xl).
 */
export function TopBar({ root }: { root: RootData }) {
  const { t } = useTranslation();
  const { member } = root;
  return (
    <header className="top-bar navbar navbar-expand bg-body border-bottom sticky-top">
      {/* In the banner landmark: fixed to the window's top edge wherever it sits in the page. */}
      <LoadingBar />
      <nav className="container-lg gap-2" aria-label={t("nav.main")}>
        <BackButtonWhenInstalled />
        <Link to="/" className="navbar-brand fw-bold text-primary me-auto">
          {root.site.name}
        </Link>
        {member ? (
          <ul className="navbar-nav align-items-center gap-0 gap-sm-2">
            <NavItem to="/members" icon="search" label={t("nav.searchMembers")} />
            <NavItem
              to="/chats"
              icon="chat"
              label={t("nav.messages")}
              count={member.unreadMessages}
              countLabel={t("nav.unreadCount", { count: member.unreadMessages })}
              badgeClass="bg-unread"
            />
            <NavItem
              to="/likes"
              icon="heart"
              label={t("nav.likes")}
              count={member.newLikes}
              countLabel={t("nav.newLikesCount", { count: member.newLikes })}
              badgeClass="bg-danger"
            />
            {member.paidUser ? (
              <CreditsItem credits={member.credits} />
            ) : (
              <NavItem to="/premium" icon="star" label={t("nav.getPremium")} />
            )}
            <li className="nav-item">
              <LanguageMenu languages={root.languages} current={root.locale} />
            </li>
            <li className="nav-item">
              <AccountMenu name={member.name} thumb={member.thumb} moderator={member.moderator} admin={member.admin} />
            </li>
          </ul>
        ) : (
          <div className="d-flex align-items-center gap-2">
            <LanguageMenu languages={root.languages} current={root.locale} />
            <Link to="/login" className="btn btn-primary">
              {t("nav.login")}
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}

// Only an installed app has it, so only there does its code load.
const AppBackButton = lazy(() => import("./app-back-button").then((m) => ({ default: m.AppBackButton })));

function BackButtonWhenInstalled() {
  if (!useInstalled()) return null;
  return (
    <Suspense>
      <AppBackButton />
    </Suspense>
  );
}

function NavItem(props: {
  to: string;
  icon: "search" | "chat" | "heart" | "star";
  label: string;
  count?: number;
  countLabel?: string;
  badgeClass?: string;
}) {
  const { formatNumber } = useTranslation();
  return (
    <li className="nav-item">
      <NavLink to={props.to} className="nav-link position-relative d-flex align-items-center gap-1" title={props.label}>
        <Icon name={props.icon} />
        <span className="d-none d-lg-inline">{props.label}</span>
        <span className="visually-hidden d-lg-none">{props.label}</span>
        {props.count ? (
          <span className={`badge rounded-pill ${props.badgeClass ?? "bg-danger"} nav-badge`}>
            {/* The digit for the eye, the words for a screen reader: the link is named "Messages 1 unread message". */}
            <span aria-hidden="true">{badgeCount(props.count, formatNumber)}</span>
            <span className="visually-hidden"> {props.countLabel}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

function CreditsItem({ credits }: { credits: number }) {
  const { t, formatNumber } = useTranslation();
  const tone = creditsBadgeTone(credits);
  return (
    <li className="nav-item">
      <NavLink
        to="/credits"
        className="nav-link position-relative d-flex align-items-center gap-1"
        title={t("nav.credits")}
      >
        <Icon name="coins" />
        <span className="d-none d-lg-inline">{t("nav.credits")}</span>
        <span className="visually-hidden d-lg-none">{t("nav.credits")}</span>
        {tone && (
          <span className={`badge rounded-pill bg-${tone} nav-badge`}>
            <span aria-hidden="true">{formatNumber(credits)}</span>
            <span className="visually-hidden"> {t("nav.creditsLeft", { count: credits })}</span>
          </span>
        )}
      </NavLink>
    </li>
  );
}

/** My profile, Settings, Logout (docs/product.md §2); a <details> so it opens without JavaScript. */
function AccountMenu({
  name,
  thumb,
  moderator,
  admin,
}: {
  name: string;
  thumb: string | null;
  moderator: boolean;
  admin: boolean;
}) {
  const { t } = useTranslation();
  return (
    <details className="dropdown account-menu" name="top-bar-menu">
      {/* Named by its content, so the name starts with the member's name where it shows (WCAG 2.5.3). */}
      <summary className="btn btn-link nav-link d-flex align-items-center gap-1">
        {thumb ? (
          <MemberPhoto src={thumb} alt="" width={28} height={28} className="rounded-circle object-fit-cover" />
        ) : (
          <Icon name="user" />
        )}
        <span className="d-none d-xl-inline text-truncate account-name">{name}</span>
        <span className="visually-hidden">{t("nav.account")}</span>
      </summary>
      <ul className="dropdown-menu dropdown-menu-end show-when-open">
        <li>
          <Link className="dropdown-item" to="/profile">
            {t("nav.myProfile")}
          </Link>
        </li>
        <li>
          <Link className="dropdown-item" to="/notifications">
            {t("nav.settings")}
          </Link>
        </li>
        {moderator && (
          <li>
            <Link className="dropdown-item" to="/moderation">
              {t("nav.moderation")}
            </Link>
          </li>
        )}
        {admin && (
          <li>
            <Link className="dropdown-item" to="/admin">
              {t("nav.admin")}
            </Link>
          </li>
        )}
        <li>
          <hr className="dropdown-divider" />
        </li>
        <li>
          <Form method="post" action="/logout" reloadDocument>
            {/* Back here when the API cannot end the session just now (app/routes/logout.tsx). */}
            <ReturnHere />
            <SubmitButton className="dropdown-item">{t("nav.logout")}</SubmitButton>
          </Form>
        </li>
      </ul>
    </details>
  );
}
