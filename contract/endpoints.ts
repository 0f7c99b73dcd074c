import { z } from "zod";
import {
  accountDeleteSchema,
  discountCodeResponseSchema,
  emailRequestSchema,
  mailChangeSchema,
  passwordChangeSchema,
  passwordResetSchema,
  retentionOfferSchema,
  tokenRequestSchema,
} from "./account";
import { apiErrorSchema } from "./errors";
import {
  autoLikeResponseSchema,
  blockResponseSchema,
  invisibleRequestSchema,
  likeResponseSchema,
  likesResponseSchema,
  profileIdSchema,
  profileResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
  swipeRequestSchema,
  swipeResponseSchema,
  swipeResultSchema,
} from "./members";
import {
  creditsResponseSchema,
  discountQuerySchema,
  paymentCreateSchema,
  paymentQuerySchema,
  paymentResponseSchema,
  paymentWebhookSchema,
  pricingQuerySchema,
  pricingResponseSchema,
  repeatOrdersResponseSchema,
  returnRequestSchema,
  returnResponseSchema,
  returnsResponseSchema,
  transactionQuerySchema,
  transactionResponseSchema,
  transactionsQuerySchema,
  transactionsResponseSchema,
} from "./payments";
import {
  companyInfoResponseSchema,
  interestsQuerySchema,
  interestsResponseSchema,
  regionsQuerySchema,
  regionsResponseSchema,
  settingsQuerySchema,
  settingsSchema,
} from "./settings";
import { signupMatchesResponseSchema, signupRequestSchema, signupResponseSchema } from "./signup";
import {
  languageUpdateSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  userResponseSchema,
} from "./user";

export interface Endpoint {
  method: "get" | "post" | "put" | "delete";
  path: `/api/${string}`;
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Needs a logged-in member (403 authentication_required otherwise). */
  member?: boolean;
}

/**
 * Every endpoint of the member API: the source of GET /api/openapi.json and of the API's routes
 * (api/http/register.ts). Each entry keeps its literal types, so a handler's body and query are typed from it.
 */
export const endpoints = [
  {
    method: "get",
    path: "/api/settings.php",
    summary: "The site's settings",
    query: settingsQuerySchema,
    response: settingsSchema,
  },
  {
    method: "get",
    path: "/api/interests.php",
    summary: "Interests members can pick",
    query: interestsQuerySchema,
    response: interestsResponseSchema,
  },
  {
    method: "get",
    path: "/api/regions.php",
    summary: "Regions of the site's countries",
    query: regionsQuerySchema,
    response: regionsResponseSchema,
  },
  {
    method: "get",
    path: "/api/companyinfo.php",
    summary: "The company behind the site",
    response: companyInfoResponseSchema,
  },
  { method: "get", path: "/api/user.php", summary: "The logged-in member", response: userResponseSchema, member: true },
  {
    method: "post",
    path: "/api/user.php",
    summary: "Log in by email and password",
    body: loginRequestSchema,
    response: loginResponseSchema,
  },
  {
    method: "put",
    path: "/api/user.php",
    summary: "Change the member's language",
    body: languageUpdateSchema,
    response: userResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/logout.php",
    summary: "Log out (refused when another site sent the browser)",
    response: okResponseSchema,
  },
  { method: "post", path: "/api/logout.php", summary: "Log out", response: okResponseSchema },
  {
    method: "post",
    path: "/api/page-hidden.php",
    summary: "Beacon: the member's page became hidden",
    body: z.object({}),
    response: okResponseSchema,
  },

  {
    method: "post",
    path: "/api/signup.php",
    summary: "Sign up: creates an unconfirmed member and mails the activation link",
    body: signupRequestSchema,
    response: signupResponseSchema,
  },
  {
    method: "get",
    path: "/api/signup-matches.php",
    summary: "Suggested members right after signup",
    response: signupMatchesResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/activate.php",
    summary: "Follow the activation link",
    body: tokenRequestSchema,
    response: okResponseSchema,
  },
  {
    method: "post",
    path: "/api/activation-mail.php",
    summary: "Send the activation mail again",
    body: z.object({}),
    response: okResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/password-reset.php",
    summary: "Mail a password-reset link",
    body: emailRequestSchema,
    response: okResponseSchema,
  },
  {
    method: "put",
    path: "/api/password-reset.php",
    summary: "Set a new password from a reset link",
    body: passwordResetSchema,
    response: okResponseSchema,
  },
  {
    method: "put",
    path: "/api/password.php",
    summary: "Change the password (needs the old one)",
    body: passwordChangeSchema,
    response: okResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/mail-change.php",
    summary: "Mail a confirmation link to a new address",
    body: mailChangeSchema,
    response: okResponseSchema,
    member: true,
  },
  {
    method: "put",
    path: "/api/mail-change.php",
    summary: "Confirm a new address from its link",
    body: tokenRequestSchema,
    response: z.object({ ok: z.literal(true), email: z.string() }),
  },
  {
    method: "post",
    path: "/api/retention-offer.php",
    summary: "Take a retention offer instead of leaving",
    body: retentionOfferSchema,
    response: discountCodeResponseSchema,
    member: true,
  },
  {
    method: "delete",
    path: "/api/user.php",
    summary: "Delete the account (pending deletion for 14 days)",
    body: accountDeleteSchema,
    response: okResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/reactivate.php",
    summary: "Undo a pending deletion from its link; the member then logs in",
    body: tokenRequestSchema,
    response: okResponseSchema,
  },
  {
    method: "get",
    path: "/api/account-export.php",
    summary: "All the member's data (GDPR access)",
    response: z.record(z.string(), z.unknown()),
    member: true,
  },

  {
    method: "get",
    path: "/api/members.php",
    summary: "Search members, 24 a page",
    query: searchQuerySchema,
    response: searchResponseSchema,
  },
  {
    method: "get",
    path: "/api/profile.php",
    summary: "A member's profile as the viewer may see it",
    query: profileIdSchema,
    response: profileResponseSchema,
  },
  {
    method: "get",
    path: "/api/likes.php",
    summary: "Likes given (profiles) and received (liked_by)",
    response: likesResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/like.php",
    summary: "Like a member",
    body: profileIdSchema,
    response: likeResponseSchema,
    member: true,
  },
  {
    method: "delete",
    path: "/api/like.php",
    summary: "Unlike a member",
    body: profileIdSchema,
    response: likeResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/auto-like.php",
    summary: "A real like not shown yet, for the like notice",
    response: autoLikeResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/block.php",
    summary: "Block a member",
    body: profileIdSchema,
    response: blockResponseSchema,
    member: true,
  },
  {
    method: "delete",
    path: "/api/block.php",
    summary: "Unblock a member",
    body: profileIdSchema,
    response: blockResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/swipe.php",
    summary: "The swipe game's next profile and likes left today",
    response: swipeResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/swipe.php",
    summary: "Like (4 a day) or skip in the swipe game",
    body: swipeRequestSchema,
    response: swipeResultSchema,
    member: true,
  },
  {
    method: "put",
    path: "/api/invisible.php",
    summary: "Turn invisible mode on or off",
    body: invisibleRequestSchema,
    response: okResponseSchema,
    member: true,
  },

  {
    method: "get",
    path: "/api/credits.php",
    summary: "Bundles in the member's currency, payment methods, prices and the time bonus",
    response: creditsResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/pricing.php",
    summary: "Public prices of bundles, messages, photos and gifts for a country",
    query: pricingQuerySchema,
    response: pricingResponseSchema,
  },
  {
    method: "get",
    path: "/api/discountcode.php",
    summary: "Check a discount code for an order (code, bundle, method), or fetch the welcome code (welcome=true)",
    query: discountQuerySchema,
    response: discountCodeResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/payment.php",
    summary: "Start buying a bundle (needs an Idempotency-Key header); answers the provider's checkout URL",
    body: paymentCreateSchema,
    response: paymentResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/payment.php",
    summary: "One of the member's payments, checked with the provider while it is open",
    query: paymentQuerySchema,
    response: paymentResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/payment-webhook.php",
    summary: "The provider reports a change: only its payment id, whose state is then asked of the provider",
    body: paymentWebhookSchema,
    response: okResponseSchema,
  },
  {
    method: "get",
    path: "/api/transactions.php",
    summary: "The member's credit movements, newest first, 20 a page",
    query: transactionsQuerySchema,
    response: transactionsResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/transaction.php",
    summary: "One credit movement with its payment: the receipt",
    query: transactionQuerySchema,
    response: transactionResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/repeat-orders.php",
    summary: "The member's earlier orders (bundle and method) that are still on sale, at today's price",
    response: repeatOrdersResponseSchema,
    member: true,
  },
  {
    method: "get",
    path: "/api/returns.php",
    summary: "Purchases whose unused credits can be returned, for how much and until when; earlier returns",
    response: returnsResponseSchema,
    member: true,
  },
  {
    method: "post",
    path: "/api/return.php",
    summary: "Return a purchase's unused credits (needs an Idempotency-Key header): refunded through the provider",
    body: returnRequestSchema,
    response: returnResponseSchema,
    member: true,
  },
] as const satisfies readonly Endpoint[];

export type ContractEndpoint = (typeof endpoints)[number];
export { apiErrorSchema };
