import { useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AboutText } from "~/components/about-text";
import { FictionalMarker } from "~/components/fictional-marker";
import { MemberPhoto } from "~/components/member-photo";
import { SubmitButton } from "~/components/submit-button";
import { useTranslation } from "~/i18n/translator";
import { type RouteHandle, useRootData } from "~/root";
import { ApiCallError, callApi } from "~/services/api.server";
import { apiUnavailableMessage, isApiUnavailable } from "~/services/api-unavailable.server";
import { requireMember } from "~/services/auth.server";
import { redirectWithFlash } from "~/services/flash.server";
import { getI18n } from "~/services/i18n.server";
import { pageMeta } from "~/services/seo";
import { HOUR } from "../../contract/durations";
import { swipeRequestSchema, swipeResponseSchema, swipeResultSchema } from "../../contract/members";
import type { Route } from "./+types/swipe-game";

export const handle: RouteHandle = { hydrate: true };

const hoursUntil = (iso: string) => Math.max(1, Math.ceil((new Date(iso).getTime() - Date.now()) / HOUR));

/** The swipe game (docs/product.md §2): one profile at a time, Like or Skip, 4 likes a day. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  await requireMember(call);
  const game = await callApi(call, "/swipe.php", { schema: swipeResponseSchema });
  return { ...game, hoursLeft: hoursUntil(game.next_reset), title: getI18n(context).t("swipe.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const call = { request, context };
  await requireMember(call);
  const form = await request.formData();
  const parsed = swipeRequestSchema.safeParse({ id: Number(form.get("id")), action: form.get("intent") });
  if (!parsed.success) throw data(null, { status: 400 });
  try {
    const result = await callApi(call, "/swipe.php", { method: "POST", body: parsed.data, schema: swipeResultSchema });
    if (result.match) {
      return redirectWithFlash(request, "/swipe-game", {
        message: "likes.matchFlash",
        values: { name: String(form.get("name") ?? "") },
      });
    }
  } catch (error) {
    if (isApiUnavailable(error))
      return redirectWithFlash(request, "/swipe-game", { message: apiUnavailableMessage, tone: "danger" });
    if (!(error instanceof ApiCallError) || error.code !== "swipe_limit") throw error;
    const hours = hoursUntil(String(error.data.next_reset));
    return redirectWithFlash(request, "/swipe-game", {
      message: "swipe.limit",
      values: { count: hours },
      tone: "warning",
    });
  }
  return redirect("/swipe-game");
}

export default function SwipeGame({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const root = useRootData();
  const navigation = useNavigation();
  const likeForm = useRef<HTMLFormElement>(null);
  const skipForm = useRef<HTMLFormElement>(null);
  const card = useRef<HTMLDivElement>(null);
  const start = useRef<number | null>(null);
  const { profile } = loaderData;

  // Swipe gestures with JavaScript: drag the card right to like, left to skip; the buttons do the same without.
  const onPointerDown = (e: React.PointerEvent) => {
    start.current = e.clientX;
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (start.current === null || !card.current) return;
    card.current.style.transform = `translateX(${e.clientX - start.current}px) rotate(${(e.clientX - start.current) / 20}deg)`;
  };
  const onPointerUp = (e: React.PointerEvent) => {
    if (start.current === null || !card.current) return;
    const moved = e.clientX - start.current;
    start.current = null;
    card.current.style.transform = "";
    if (moved > 100 && loaderData.likes_left > 0) likeForm.current?.requestSubmit();
    else if (moved < -100) skipForm.current?.requestSubmit();
  };

  return (
    <main id="main" className="flex-grow-1 container-lg py-4">
      <div className="mx-auto swipe-game">
        <h1 className="h3 mb-1">{loaderData.title}</h1>
        <p className="text-body-secondary">{t("swipe.likesLeft", { count: loaderData.likes_left })}</p>
        {loaderData.likes_left === 0 && (
          <p className="alert alert-warning">{t("swipe.limit", { count: loaderData.hoursLeft })}</p>
        )}
        {profile ? (
          <>
            <div
              ref={card}
              className="card shadow swipe-card"
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerCancel={onPointerUp}
            >
              {profile.main_image ? (
                <MemberPhoto
                  src={`${root?.site.cdnPrefix}/${profile.main_image.filename}`}
                  alt={t("profile.photoOf", { name: profile.name })}
                  width={480}
                  height={600}
                  className="card-img-top portrait-photo"
                  draggable={false}
                />
              ) : (
                <div className="profile-card-placeholder card-img-top" role="img" aria-label={t("profile.noPhoto")} />
              )}
              <div className="card-body">
                <h2 className="h4 mb-1">
                  {profile.name}, {profile.age}
                  {profile.fictional && <FictionalMarker />}
                </h2>
                {profile.city && <p className="text-body-secondary mb-2">{profile.city}</p>}
                {profile.about && (
                  <AboutText text={profile.about} language={profile.about_language} className="mb-0 small" />
                )}
              </div>
            </div>
            <div className="d-flex gap-3 mt-3">
              <Form method="post" ref={skipForm} className="flex-grow-1">
                <input type="hidden" name="id" value={profile.id} />
                <SubmitButton
                  name="intent"
                  value="skip"
                  className="btn btn-outline-dark btn-lg w-100"
                  busy={navigation.state !== "idle"}
                >
                  {t("swipe.skip")}
                </SubmitButton>
              </Form>
              <Form method="post" ref={likeForm} className="flex-grow-1">
                <input type="hidden" name="id" value={profile.id} />
                <input type="hidden" name="name" value={profile.name} />
                <SubmitButton
                  name="intent"
                  value="like"
                  className="btn btn-primary btn-lg w-100"
                  busy={loaderData.likes_left === 0 || navigation.state !== "idle"}
                >
                  {t("swipe.like")}
                </SubmitButton>
              </Form>
            </div>
          </>
        ) : (
          <p>{t("swipe.none")}</p>
        )}
      </div>
    </main>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "", indexable: false });
}
