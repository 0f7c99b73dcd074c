import { z } from "zod";

/**
 * One entry of the side offer (docs/product.md §1.3, §2.26): a partner's camera profile or resell profile, never a
 * member of the site. Its image is a path on the site itself (`/…`): pages load nothing from elsewhere; its link
 * leads to the partner.
 */
export const partnerOfferSchema = z.object({
  id: z.string().min(1).max(60),
  kind: z.enum(["camera", "resell"]),
  name: z.string().min(1).max(60),
  age: z.number().int().min(18).max(99).nullable(),
  headline: z.string().max(200),
  image: z
    .string()
    .regex(/^\/[\w./-]+$/)
    .meta({ examples: ["/offers/camera-1.svg"] }),
  url: z.url({ protocol: /^https?$/ }).meta({ examples: ["https://partner.example/profile/1"] }),
  partner: z.string().min(1).max(60),
});
export type PartnerOffer = z.infer<typeof partnerOfferSchema>;

/** A partner feed as it arrives: the offers, of which those that do not read as one are left out. */
export const partnerFeedSchema = z.object({ offers: z.array(z.unknown()).max(500) });

/** GET /api/offers.php: the offers, or `available: false` when the feed cannot be read just now. */
export const offersResponseSchema = z.object({
  available: z.boolean(),
  offers: z.array(partnerOfferSchema),
});
export type OffersResponse = z.infer<typeof offersResponseSchema>;
