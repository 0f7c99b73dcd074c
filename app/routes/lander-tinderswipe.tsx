import { Form, Link, redirect } from "react-router";
import { FictionalMarker } from "~/components/fictional-marker";
import { MemberPhoto } from "~/components/member-photo";
import { useTranslation } from "~/i18n/translator";
import { useRootData } from "~/root";
import swipeScript from "~/scripts/lander-swipe.js?url&no-inline";
import { callApi } from "~/services/api.server";
import { getMember } from "~/services/auth.server";
import { getI18n } from "~/services/i18n.server";
import { useNonce } from "~/services/nonce";
import { pageMeta } from "~/services/seo";
import { landerProfilesResponseSchema, landerStackSize } from "../../contract/members";
import type { Route } from "./+types/lander-tinderswipe";
import "~/styles/swipe-lander.scss";

/** Ids a query lists (`1,5,9`), as numbers, at most as many as the stack holds. */
function idsOf(value: string | null): number[] {
  return (value ?? "")
    .split(",")
    .filter((id) => /^\d{1,10}$/.test(id))
    .map(Number)
    .slice(0, landerStackSize);
}

/**
 * The tinder-swipe lander (docs/product.md §2.24): members' cards one at a time, Like or Skip, then the signup.
 * A visitor's choices travel in the address (GET forms: no cookie, nothing stored); a member plays the real swipe game
 * instead. The buttons work without JavaScript; with it, a small script of its own adds the swipe gestures.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const call = { request, context };
  if (await getMember(call)) throw redirect("/swipe-game");
  const params = new URL(request.url).searchParams;
  // The stack the visitor was dealt at the first card travels with them: the most recently active members change
  // while they swipe (a member signs up), and a card seen must not leave it nor the count step back.
  const dealt = [...new Set(idsOf(params.get("deck")))];
  const { profiles } = await callApi(call, "/lander-profiles.php", {
    schema: landerProfilesResponseSchema,
    query: dealt.length > 0 ? { ids: dealt.join(",") } : undefined,
  });
  const deck = dealt.length > 0 ? dealt : profiles.map((p) => p.id);
  const seen = [...new Set(idsOf(params.get("seen")))].filter((id) => deck.includes(id));
  const liked = [...idsOf(params.get("liked")), ...idsOf(params.get("like"))].filter((id) => seen.includes(id));
  // Members of the stack who can no longer be seen (gone invisible, say) are left out; the count counts the rest.
  const unseen = profiles.filter((p) => !seen.includes(p.id));
  return {
    title: getI18n(context).t("landers.swipe.title"),
    card: unseen[0] ?? null,
    position: seen.length + 1,
    total: seen.length + unseen.length,
    deck,
    seen,
    // In the order they were liked.
    liked: [...new Set(liked)].flatMap((id) => profiles.filter((p) => p.id === id)),
  };
}

export default function TinderSwipeLander({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { card, liked } = loaderData;
  return (
    <main id="main" className="flex-grow-1 container-lg py-5 swipe-lander">
      <div className="swipe-game mx-auto">
        <h1 className="h3 text-center mb-3">{loaderData.title}</h1>
        {card ? <SwipeCard data={loaderData} card={card} /> : <Done liked={liked} />}
        <p className="small text-body-secondary text-center mt-3 mb-0">{t("landers.swipe.honest")}</p>
      </div>
    </main>
  );
}

type LanderData = Route.ComponentProps["loaderData"];

/**
 * One card and its two buttons: a GET form that carries what was seen and liked to the next card. The script makes
 * a drag of the card (or an arrow key) press one of them (app/scripts/lander-swipe.js).
 */
function SwipeCard({ data, card }: { data: LanderData; card: NonNullable<LanderData["card"]> }) {
  const { t } = useTranslation();
  const root = useRootData();
  const nonce = useNonce();
  return (
    <article className="card border-0 shadow-sm swipe-card" aria-labelledby="card-name" data-swipe-card>
      {card.main_image && (
        <MemberPhoto
          src={`${root?.site.cdnPrefix}/${card.main_image.filename}`}
          alt={t("profile.photoOf", { name: card.name })}
          width={480}
          height={600}
          className="card-img-top portrait-photo"
          fetchPriority="high"
          draggable={false}
        />
      )}
      <div className="card-body">
        <h2 id="card-name" className="h4 mb-0">
          {card.name}, {card.age}
          {card.fictional && <FictionalMarker />}
        </h2>
        <p className="text-body-secondary">{card.city}</p>
        <p className="small text-body-secondary">
          {t("landers.swipe.position", { position: data.position, total: data.total })}
        </p>
        <Form method="get" className="d-flex gap-2">
          <input type="hidden" name="deck" value={data.deck.join(",")} />
          <input type="hidden" name="seen" value={[...data.seen, card.id].join(",")} />
          <input type="hidden" name="liked" value={data.liked.map((p) => p.id).join(",")} />
          <button type="submit" className="btn btn-outline-dark btn-lg w-100">
            {t("swipe.skip")}
          </button>
          <button type="submit" name="like" value={card.id} className="btn btn-primary btn-lg w-100">
            {t("swipe.like")}
          </button>
        </Form>
      </div>
      <script type="module" src={swipeScript} nonce={nonce} />
    </article>
  );
}

/**
 * The end of the stack: the visitor's likes are not sent (they have no account); the signup leads to the first one
 * they liked (docs/product.md §2.12), who is offered as the first to write to after activation.
 */
function Done({ liked }: { liked: LanderData["liked"] }) {
  const { t } = useTranslation();
  const [first] = liked;
  return (
    <div className="text-center">
      <p className="lead">{first ? t("landers.swipe.doneLiked") : t("landers.swipe.doneNone")}</p>
      {liked.length > 0 && (
        <ul className="list-inline">
          {liked.map((p) => (
            <li key={p.id} className="list-inline-item badge rounded-pill text-bg-light border fs-6 fw-normal mb-1">
              {p.name}
              {p.fictional && <FictionalMarker />}
            </li>
          ))}
        </ul>
      )}
      <Link to={first ? `/members/${first.id}/signup` : "/signup"} className="btn btn-primary btn-lg w-100 mb-2">
        {first ? t("landing.signup", { name: first.name }) : t("index.signupCta")}
      </Link>
      <Link to="/landers/tinderswipe" className="btn btn-link">
        {t("landers.swipe.again")}
      </Link>
    </div>
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, { title: args.loaderData?.title ?? "" });
}
