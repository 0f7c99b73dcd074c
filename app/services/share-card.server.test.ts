import { expect, test } from "vitest";
import { shareCard } from "./share-card.server";

test("the share card names the page's language and the site's others as Open Graph locales, and the share image", () => {
  const card = shareCard("https://heartline.example", "no", ["en", "no", "sv"], "Heartline", "A heart");
  expect(card.tags).toEqual([
    { property: "og:site_name", content: "Heartline" },
    { property: "og:locale", content: "nb_NO" },
    { property: "og:locale:alternate", content: "en_GB" },
    { property: "og:locale:alternate", content: "sv_SE" },
    { name: "twitter:card", content: "summary_large_image" },
  ]);
  expect(card.image).toContainEqual({ property: "og:image", content: "https://heartline.example/app-icons/share" });
  expect(card.image).toContainEqual({ property: "og:image:width", content: "1200" });
});
