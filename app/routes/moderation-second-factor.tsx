import { data, Link, redirect, useActionData } from "react-router";
import { RecoveryCodes, SecondFactorCode, SecondFactorSetup } from "~/components/staff-second-factor";
import { useTranslation } from "~/i18n/translator";
import { refusalStatus } from "~/services/api-unavailable.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { enrolTotp, giveSecondFactor, requireModeratorSecondFactor } from "~/services/staff.server";
import type { Route } from "./+types/moderation-second-factor";
import "~/styles/admin.scss";

/**
 * A moderator's second factor (docs/product.md §6.9), reached from /moderation: offered to moderators (the admin
 * area's set-up forms), and once set up, asked once per session before /moderation shows anything.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const secondFactor = await requireModeratorSecondFactor({ request, context });
  return { title: getI18n(context).t("moderation.secondFactor.title"), secondFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  const { enrolled } = await requireModeratorSecondFactor(call);
  const code = String((await request.formData()).get("code") ?? "").trim();
  const given = enrolled ? await giveSecondFactor(call, code) : await enrolTotp(call, code);
  if ("codeError" in given) return data(given, refusalStatus(given.codeError));
  return enrolled ? redirect("/moderation") : given;
}

export default function ModerationSecondFactor({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useTranslation();
  const { secondFactor } = loaderData;
  const answer = useActionData<typeof action>();
  const codeError = answer !== undefined && "codeError" in answer ? answer.codeError : null;
  const recoveryCodes = answer && "recovery_codes" in answer ? answer.recovery_codes : null;
  const target = "/moderation/second-factor";
  return (
    <main id="main" className="flex-grow-1 container-lg py-5">
      <h1 className="h3 mb-3">{loaderData.title}</h1>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} next="/moderation" nextLabel={t("moderation.secondFactor.continue")} />
      ) : secondFactor.setup ? (
        <SecondFactorSetup
          setup={secondFactor.setup}
          intro={t("moderation.secondFactor.setupIntro")}
          action={target}
          error={codeError}
        />
      ) : !secondFactor.verified ? (
        <SecondFactorCode intro={t("moderation.secondFactor.verifyIntro")} action={target} error={codeError} />
      ) : (
        <>
          <p>
            {t("moderation.secondFactor.enrolled", {
              left: new Intl.NumberFormat(locale).format(secondFactor.recovery_codes_left),
            })}
          </p>
          <Link to="/moderation">{t("moderation.secondFactor.continue")}</Link>
        </>
      )}
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
