import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test, vi } from "vitest";

/*
 * docs/product.md §2.24: the tinder-swipe lander deals a visitor a stack of the most recently active members and
 * keeps it from card to card (in the address), while the site's own "most recently active" changes under it; the
 * members liked are listed in the order they were liked. A stand-in API plays the site.
 */
const api = vi.hoisted(() => ({
  /** The site's most recently active members with a photo, first first. */
  active: [] as number[],
  /** Members no visitor may see any more. */
  hidden: new Set<number>(),
  asked: [] as (string | undefined)[],
}));
vi.mock("~/root", () => ({ useRootData: () => ({}) }));
vi.mock("~/services/auth.server", () => ({ getMember: async () => null }));
vi.mock("~/services/i18n.server", () => ({ getI18n: () => ({ t: (key: string) => key }) }));
vi.mock("~/services/api.server", () => ({
  callApi: async (_call: unknown, path: string, options: { query?: { ids?: string } }) => {
    expect(path).toBe("/lander-profiles.php");
    api.asked.push(options.query?.ids);
    const ids = options.query?.ids ? options.query.ids.split(",").map(Number) : api.active.slice(0, 3);
    return { profiles: ids.filter((id) => !api.hidden.has(id)).map((id) => ({ id, name: `M${id}` })) };
  },
}));

const { loader } = await import("./lander-tinderswipe");

async function load(query: string) {
  const request = new Request(`http://localhost/landers/tinderswipe?${query}`);
  return loader({ request, context: new RouterContextProvider(), params: {} } as never);
}

/** The query the card's Like or Skip button sends, as its GET form builds it. */
function next(data: Awaited<ReturnType<typeof load>>, like: boolean) {
  const query = new URLSearchParams({
    deck: data.deck.join(","),
    seen: [...data.seen, data.card!.id].join(","),
    liked: data.liked.map((p) => p.id).join(","),
  });
  if (like) query.set("like", String(data.card!.id));
  return query.toString();
}

beforeEach(() => {
  api.active = [30, 20, 10];
  api.hidden.clear();
  api.asked = [];
});

test("the stack dealt at the first card stays while other members become active", async () => {
  const first = await load("");
  expect(first.deck).toEqual([30, 20, 10]);
  expect([first.card?.id, first.position, first.total]).toEqual([30, 1, 3]);
  // A member signs up and another becomes active: the site's top three are now others.
  api.active = [50, 40, 10, 30, 20];
  const second = await load(next(first, true));
  expect([second.card?.id, second.position, second.total]).toEqual([20, 2, 3]);
  const third = await load(next(second, false));
  expect([third.card?.id, third.position, third.total]).toEqual([10, 3, 3]);
  const done = await load(next(third, true));
  expect(done.card).toBeNull();
  expect(done.liked.map((p) => p.id)).toEqual([30, 10]);
  expect(api.asked).toEqual([undefined, "30,20,10", "30,20,10", "30,20,10"]);
});

test("a member of the stack who can no longer be seen leaves it without the count stepping back", async () => {
  const first = await load("");
  api.hidden.add(30); // shown and liked, then gone invisible
  const second = await load(next(first, true));
  expect([second.card?.id, second.position, second.total]).toEqual([20, 2, 3]);
  api.hidden.add(10); // not shown yet
  const done = await load(next(second, true));
  expect(done.card).toBeNull();
  expect(done.liked.map((p) => p.id)).toEqual([20]);
});

test("the members liked come in the order they were liked, each once, and only cards that were shown", async () => {
  const done = await load("deck=10,20,30&seen=10,20,30&liked=10,10&like=30");
  expect(done.card).toBeNull();
  expect(done.liked.map((p) => p.id)).toEqual([10, 30]);
  const halfway = await load("deck=30,20,10&seen=20,99&liked=99,20");
  expect(halfway.card?.id).toBe(30);
  expect(halfway.liked.map((p) => p.id)).toEqual([20]);
});

test("an address from before the stack was carried deals a new one", async () => {
  const halfway = await load("seen=30&liked=30");
  expect(api.asked).toEqual([undefined]);
  expect([halfway.deck, halfway.card?.id, halfway.position]).toEqual([[30, 20, 10], 20, 2]);
});
