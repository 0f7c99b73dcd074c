/**
 * The gift catalogue (docs/product.md §1.3): every gift costs the site's `gift_credits`; its name is translated
 * (`gifts.names.{id}`) and its picture is `/gifts/{id}.svg`, drawn for this site, so nothing is fetched from elsewhere.
 */
export const giftIds = ["rose", "heart", "chocolates", "teddy", "champagne", "ring"] as const;
export type GiftId = (typeof giftIds)[number];

export const giftImage = (id: GiftId) => `/gifts/${id}.svg`;
