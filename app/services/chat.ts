import type { GiftId } from "../../contract/gifts";
import type { Money } from "../../contract/payments";

/** What a paid chat action costs the member: credits, and money where their country has a price (docs/product.md §1.4). */
export interface ChatPrice {
  credits: number;
  money: Money | null;
}
/** A gift of the catalogue with its price. */
export interface ChatGift extends ChatPrice {
  id: GiftId;
}
export interface ChatPrices {
  message: ChatPrice;
  photo: ChatPrice;
  gift: ChatPrice;
  maxLength: number;
}

/** What the page shows after a refused send: the message at the field, and what the member typed, kept. */
export interface SendRefusal {
  intent: "text" | "gift" | "photo" | "delete" | "reveal" | "typing";
  error: string;
  values?: Record<string, string | number>;
  text?: string;
}
