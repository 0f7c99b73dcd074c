import { RouterContextProvider } from "react-router";
import { expect, test, vi } from "vitest";

/*
 * docs/product.md §2.24: the tinder-swipe lander lists the members liked in the order they were liked. Its deck (the
 * most recently active first) can change order between two cards; a stand-in API serves it in an order of its own.
 */
vi.mock("~/root", () => ({ useRootData: () => ({}) }));
vi.mock("~/services/auth.server", () => ({ getMember: async () => null }));
vi.mock("~/services/i18n.server", () => ({ getI18n: () => ({ t: (key: string) => key }) }));
vi.mock("~/services/api.server", () => ({
  callApi: async (_call: unknown, path: string) => {
    expect(path).toBe("/lander-profiles.php");
    return { profiles: [30, 20, 10].map((id) => ({ id, name: `M${id}` })) };
  },
}));

const { loader } = await import("./lander-tinderswipe");

async function load(query: string) {
  const request = new Request(`http://localhost/landers/tinderswipe?${query}`);
  return loader({ request, context: new RouterContextProvider(), params: {} } as never);
}

test("the members liked come in the order they were liked, each once, and only cards that were shown", async () => {
  const done = await load("seen=10,20,30&liked=10,10&like=30");
  expect(done.card).toBeNull();
  expect(done.liked.map((p) => p.id)).toEqual([10, 30]);
  const halfway = await load("seen=20,99&liked=99,20");
  expect(halfway.card?.id).toBe(30);
  expect(halfway.liked.map((p) => p.id)).toEqual([20]);
});
