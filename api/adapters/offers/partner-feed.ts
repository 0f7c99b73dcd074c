import NodeCache from "node-cache";
import type { Logger } from "pino";
import { type PartnerOffer, partnerFeedSchema, partnerOfferSchema } from "../../../contract/offers";
import demoFeed from "./demo-feed.json" with { type: "json" };

/** Where the side offer's partner profiles come from (docs/architecture.md "Adapters", docs/product.md §2.26). */
export interface PartnerFeed {
  /** The offers; throws when the feed cannot be read. */
  offers(): Promise<PartnerOffer[]>;
}

/** The entries that read as offers: a partner's feed with one bad entry still shows the others. */
export function offersOf(feed: unknown, log?: Logger): PartnerOffer[] {
  const { offers } = partnerFeedSchema.parse(feed);
  const valid = offers.flatMap((entry) => {
    const parsed = partnerOfferSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
  if (valid.length < offers.length) log?.warn({ skipped: offers.length - valid.length }, "partner offers left out");
  return valid;
}

/** The embedded default: the demo feed shipped in the repository, illustrative entries with local images. */
export function embeddedFeed(): PartnerFeed {
  const offers = offersOf(demoFeed);
  return { offers: async () => offers };
}

/**
 * A partner's feed at `url` (OFFERS_FEED_URL): JSON `{ offers: [...] }`, read by the server with a timeout and
 * asked once more when the first try fails, so one lost packet does not empty the page.
 */
export function remoteFeed(
  url: string,
  log: Logger,
  { fetchImpl = fetch, timeoutMs = 3000 }: { fetchImpl?: typeof fetch; timeoutMs?: number } = {},
): PartnerFeed {
  const read = async () => {
    const response = await fetchImpl(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`partner feed answered ${response.status}`);
    return offersOf(await response.json(), log);
  };
  return {
    async offers() {
      try {
        return await read();
      } catch (error) {
        log.warn({ err: error }, "partner feed failed, asking once more");
        return read();
      }
    },
  };
}

/**
 * Keeps a feed's answer for `seconds`; a failure is logged and kept for a short while too, so that a partner who is
 * down does not slow every page by a timeout. Answers null while the feed cannot be read.
 */
export function cachedFeed(feed: PartnerFeed, seconds: number, log: Logger) {
  const cache = new NodeCache({ stdTTL: seconds, maxKeys: 10, useClones: false });
  const failedFor = Math.min(seconds, 30);
  return async (): Promise<PartnerOffer[] | null> => {
    const kept = cache.get<PartnerOffer[] | null>("offers");
    if (kept !== undefined) return kept;
    const offers = await feed.offers().catch((error: unknown) => {
      log.error({ err: error }, "partner feed unavailable");
      return null;
    });
    if (offers === null ? failedFor > 0 : seconds > 0)
      cache.set("offers", offers, offers === null ? failedFor : seconds);
    return offers;
  };
}
