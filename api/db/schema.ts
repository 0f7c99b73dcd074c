import type { Generated, Insertable, Selectable, Updateable } from "kysely";

/** Table types. Dates are ISO-8601 text and flags 0/1 integers, the same on SQLite and PostgreSQL. */
export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  address: string;
  kvk: string;
  city: string;
  country: string;
  tradenames: string; // JSON string[]
  vat_numbers: string; // JSON string[]
  support_phone: string;
  delete_discount: string; // JSON { credits, percentage }[]
  added: string;
}

export interface SitesTable {
  id: Generated<number>;
  company_id: number;
  domain: string;
  name: string;
  domain_language: string;
  index_title: string;
  description: string;
  niche: number;
  cdn_prefix: string;
  countries: string; // JSON string[]
  default_country: string;
  signups: string;
  logged_out_search: number;
  logged_out_search_trafficsource: number;
  enable_site_entry_popup: number;
  visible_profile_fields: string; // JSON string[]
  visible_profile_notes: string; // JSON string[]
  search_fields: string; // JSON string[]
  message_credits: number;
  photo_credits: number;
  gift_credits: number;
  signup_credits: number;
  message_length: number;
  /** 1: chat photos wait for a moderator before the receiver sees them ('Picture being inspected'). */
  chat_photo_moderation: Generated<number>;
  /** 1: a member's new photo waits for a moderator before others see it; 0: it is shown at once. */
  photo_moderation: Generated<number>;
  minimum_message_costs: string; // JSON Record<country, { costs, currency }>
  support_email: string;
  support_phone: string;
  fictional_icon: string;
  fictional_warning: string;
  fictional_singular: string;
  fictional_plural: string;
  refund_days: number;
  member_resell: number;
  minimum_age: number;
  push_public_key: string;
  push_private_key: string;
  /** The canonical origin that mailed links use (https://{domain} when null). */
  origin: string | null;
  /** The colour variant of the premium package overview: p0 to p3 (docs/product.md §1.4). */
  premium_variant: Generated<PremiumVariant>;
  /** What a member may pay by direct debit per 30 days, in cents of their currency. */
  direct_debit_limit_cents: Generated<number>;
  /** 1: profiles and member landings may be indexed and are listed in the sitemap; 0 (default): noindex. */
  index_member_pages: Generated<number>;
  /** The niche landers' video and its poster (docs/product.md §2.25): paths on the site or its CDN; null: none. */
  lander_video_url: string | null;
  lander_video_poster: string | null;
}

export type PremiumVariant = "p0" | "p1" | "p2" | "p3";

export interface SiteDomainsTable {
  domain: string;
  site_id: number;
}

export interface UsersTable {
  id: Generated<number>;
  site_id: number;
  email: string;
  password_hash: string | null;
  status: "not_confirmed" | "active" | "pending_deletion" | "deleted";
  credits: Generated<number>;
  paid_user: Generated<number>;
  /** "moderator" reaches the moderation area, "admin" the admin area (granted by `npm run grant-role`). */
  role: Generated<"member" | "moderator" | "admin">;
  signup_date: string;
  language: string;
  notifications_disabled: Generated<string>; // JSON string[]
  failed_logins: Generated<number>;
  blocked_until: string | null;
  /** 1: no more direct debit (a debit bounced or was reversed); set by customer service. */
  direct_debit_blocked: Generated<number>;
  last_seen_at: string | null;
  page_hidden_at: string | null;
  tracking: string | null; // JSON { network, ref, sub1, sub2, sub3 }
  deletion_requested_at: string | null;
  invited_with: string | null;
  /** The member whose page or landing this member signed up from: the first to write to after activation. */
  signup_profile_id: number | null;
  /** A moderator's suspension: no login and hidden from others until then (docs/product.md §6.8). */
  suspended_until: string | null;
  /** A moderator's ban: no login, hidden from others, until an appeal reverses it. */
  banned_at: string | null;
  /** 1: mail about new messages, likes, matches (docs/product.md §4.16); payment and account mails always go. */
  email_messages: Generated<number>;
  email_likes: Generated<number>;
  email_matches: Generated<number>;
  /** 1: no notification between 23:00 and 8:00 in time_zone (an IANA name; null: the country's). */
  quiet_hours: Generated<number>;
  time_zone: string | null;
  /** The secret of the member's unsubscribe links, made with their first notification mail. */
  mail_token: string | null;
  /** 1: push to the member's subscribed devices about new messages, likes, matches. */
  push_messages: Generated<number>;
  push_likes: Generated<number>;
  push_matches: Generated<number>;
  /** When the member followed the activation link (docs/product.md §4.1); null until then. */
  activated_at: string | null;
  /** A staff member's TOTP secret (base32), never shown after set-up; null: no second factor. */
  totp_secret: string | null;
  /** The secret offered for set-up until its first code is entered. */
  totp_pending_secret: string | null;
  /** The last TOTP time step accepted, so a code is not taken twice. */
  totp_last_step: number | null;
  totp_enabled_at: string | null;
}

/** A staff member's recovery code (sha256 of the random code), usable once instead of a TOTP code. */
export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** The audit log (issue 33): one row per staff action, only ever added to. */
export interface StaffActionsTable {
  id: Generated<number>;
  site_id: number;
  staff_id: number | null;
  action: string;
  target_user_id: number | null;
  /** What else the action was on, such as `payment:12` or `setting:chat.message_price`. */
  target_ref: string | null;
  reason: string | null;
  before_json: string | null;
  after_json: string | null;
  address: string | null;
  created_at: string;
}

/** A member's login: when, from which address and device (issue 33; kept for a bounded time). */
export interface MemberLoginsTable {
  id: Generated<number>;
  user_id: number;
  address: string;
  user_agent: string | null;
  created_at: string;
}

/** A mail the site sent: to whom, from which site address, its subject and time; never its body (issue 33). */
export interface SentMailsTable {
  id: Generated<number>;
  to_address: string;
  from_address: string | null;
  subject: string;
  created_at: string;
}

export interface ProfilesTable {
  user_id: number;
  name: string;
  gender: "male" | "female";
  sexuality: "straight" | "gay" | "bi";
  date_of_birth: string;
  country: string;
  region: string | null;
  city: string | null;
  status: "active" | "disabled";
  about: string;
  hair_colour: string | null;
  eye_colour: string | null;
  body_type: string | null;
  relationship_status: string | null;
  tattoos: string | null;
  fictional: Generated<number>;
  invisible: Generated<number>;
  /** 1 when the member shows their orientation on their profile; private by default. */
  sexuality_public: Generated<number>;
  /** Hidden from others by a moderator's decision (docs/product.md §6.8); the owner still sees and edits it. */
  hidden_at: string | null;
}

export interface PhotosTable {
  id: Generated<number>;
  user_id: number;
  filename: string;
  thumb_filename: string;
  status: "active" | "pending" | "rejected";
  is_main: Generated<number>;
  created_at: string;
  /** The member's order: lowest first. */
  position: Generated<number>;
  /** Why a moderator rejected it: a key of contract/photos.ts rejectionReasons. */
  rejection_reason: string | null;
}

export type ModerationSubject = "photo" | "profile" | "message" | "complaint" | "appeal";
export type ModerationDecision =
  | "approve"
  | "reject"
  | "dismiss"
  | "hide"
  | "suspend"
  | "ban"
  | "uphold"
  | "reverse"
  /** An admin started the account's deletion (issue 33). */
  | "delete";

/**
 * Every moderation decision: who decided what about which member's content, when and why (docs/product.md §6.7).
 * A decision against a member carries the hash of their one appeal link; an appeal's own decision is a row of
 * subject "appeal" whose subject_id is the decision appealed.
 */
export interface ModerationDecisionsTable {
  id: Generated<number>;
  moderator_id: number;
  subject: ModerationSubject;
  subject_id: number;
  member_id: number;
  decision: ModerationDecision;
  reason: string | null;
  created_at: string;
  report_id: number | null;
  /** The moderator's own words to the member, beside the reason. */
  explanation: string | null;
  /** The end of a suspension. */
  until: string | null;
  appeal_token_hash: string | null;
  appealed_at: string | null;
  appeal_text: string | null;
  appeal_decision_id: number | null;
}

export type ReportSubject = "profile" | "photo" | "message" | "complaint";

/** One case in the report queue: a reported thing while it is open, with all its filings. */
export interface ReportsTable {
  id: Generated<number>;
  site_id: number;
  subject: ReportSubject;
  /** The profile's member, the photo or the message; null for a complaint about nothing on the site. */
  subject_id: number | null;
  /** Whom it is about, where that is a member. */
  member_id: number | null;
  status: Generated<"open" | "closed">;
  opened_at: string;
  closed_at: string | null;
}

/** One reporter's voice in a report: a member's, or a complaint form's (with an address for the receipt). */
export interface ReportFilingsTable {
  id: Generated<number>;
  report_id: number;
  reporter_id: number | null;
  reporter_email: string | null;
  reporter_name: string | null;
  language: string;
  reason: string;
  details: Generated<string>;
  url: string | null;
  created_at: string;
}

export type NotificationEvent = "message" | "like" | "match";

/** Something that happened to a member, to be mailed once when due (api/notifications). */
export interface NotificationQueueTable {
  id: Generated<number>;
  user_id: number;
  event: NotificationEvent;
  actor_id: number;
  subject_id: number;
  created_at: string;
  due_at: string;
  done_at: string | null;
  outcome: "sent" | "read" | "batched" | "preference" | "disabled" | "inactive" | null;
  /** A mail, or a push to each of the member's subscribed devices. */
  channel: Generated<NotificationChannel>;
}

export type NotificationChannel = "mail" | "push";

/** One browser's web push subscription (docs/product.md §4.16). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** Pushes end with the login that subscribed: a shared phone stops showing them once its member logs out. */
  session_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface InterestsTable {
  id: Generated<number>;
  slug: string;
  names: string; // JSON Record<locale, string>
}

export interface ProfileInterestsTable {
  user_id: number;
  interest_id: number;
}

export interface RegionsTable {
  code: string;
  country: string;
  name: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: string;
  /** Absolute end (30 days); a session unused for the idle time ends earlier. */
  expires_at: string;
  last_used_at: string | null;
  /** When the staff member last gave their second factor in this session; null: not staff-capable yet. */
  second_factor_at: string | null;
}

/** Wrong passwords in a row per account and address ('*': from every address), and the block they caused. */
export interface LoginFailuresTable {
  user_id: number;
  address: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}

/** Wrong passwords for an e-mail address no account of the site has, counted as login_failures are (§4.4). */
export interface UnknownLoginFailuresTable {
  site_id: number;
  email_hash: string;
  address: string;
  failures: number;
  blocked_until: string | null;
  updated_at: string;
}

/** A limit shared by every process: hits of one scope and key in the window that ends at `window_ends`. */
export interface LimitCountersTable {
  scope: string;
  key: string;
  hits: number;
  window_ends: string;
}

/** Who runs a periodic job now, until when (api/jobs/leases.ts). */
export interface JobLeasesTable {
  name: string;
  /** The process (or scheduler) holding it. */
  holder: string;
  expires_at: string;
}

/** The sandbox provider's refunds, by the idempotency key they were asked with. */
export interface SandboxRefundsTable {
  idempotency_key: string;
  id: string;
  payment_id: string;
  amount_cents: number;
  created_at: string;
}

/** Every change of a member's credit balance, with its reason (docs/architecture.md "Sessions and state"). */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  delta: number;
  balance_after: number;
  reason: string;
  reference: string | null;
  created_at: string;
  /** Unique per member: a movement replayed with the same key finds this entry instead of moving again. */
  idempotency_key: string | null;
  /** 1: a spend the balance could not cover, kept as a record; it moved nothing. */
  refused: Generated<number>;
}

/** What a site sells: `credits` for `amount_cents` in `currency` (docs/product.md §1.4). */
export interface CreditBundlesTable {
  id: Generated<number>;
  site_id: number;
  currency: string;
  credits: number;
  amount_cents: number;
  position: number;
  /** When an admin took it off sale (migration 0031); payments keep naming it. */
  retired_at: string | null;
}

export type PaymentStatus = "open" | "pending" | "paid" | "failed" | "canceled" | "expired";

/** A member's purchase of a bundle, and its state at the provider (docs/product.md §4). */
export interface PaymentsTable {
  id: Generated<number>;
  site_id: number;
  user_id: number;
  bundle_id: number;
  credits: number;
  amount_cents: number;
  /** The bundle's price before a discount code. */
  original_amount_cents: number;
  currency: string;
  method: string;
  provider: string;
  provider_payment_id: string | null;
  checkout_url: string | null;
  status: PaymentStatus;
  discount_code_id: number | null;
  /** The code this payment holds (docs/product.md §3.8): unique per member, cleared when the payment fails. */
  discount_claim: number | null;
  idempotency_key: string;
  /** The fingerprint of the request that made it under that key (api/http/idempotency.ts); null before 0021. */
  request_hash: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export type DirectDebitStatus = "sent" | "confirmed" | "dead";

/** A direct debit payment being authorised (docs/product.md §4): the mandate's details and the SMS code's hash. */
export interface DirectDebitRequestsTable {
  id: Generated<number>;
  site_id: number;
  user_id: number;
  bundle_id: number;
  credits: number;
  amount_cents: number;
  original_amount_cents: number;
  currency: string;
  discount_code_id: number | null;
  holder: string;
  /** Electronic format, no spaces. */
  iban: string;
  street: string;
  postcode: string;
  city: string;
  /** E.164. */
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  /** sent: waiting for the code; confirmed: paid; dead: too many wrong codes. */
  status: DirectDebitStatus;
  payment_id: number | null;
  idempotency_key: string;
  expires_at: string;
  created_at: string;
}

/** One conversation per pair of members (docs/product.md §1.3); `member_low` < `member_high`. */
export interface ConversationsTable {
  id: Generated<number>;
  site_id: number;
  member_low: number;
  member_high: number;
  /** Who wrote first: free members may start two conversations (docs/product.md §6). */
  started_by: number;
  created_at: string;
  last_message_at: string;
}

/** A member's marks on a conversation: read up to a message, deleted (hidden) up to a message. */
export interface ConversationMarksTable {
  conversation_id: number;
  user_id: number;
  read_up_to: Generated<number>;
  cleared_up_to: Generated<number>;
  /** 1 once this member chose to see the other's photos unblurred here. */
  photos_revealed: Generated<number>;
}

export type MessageKind = "text" | "photo" | "gift";

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  kind: MessageKind;
  body: string | null;
  /** What the sender paid, through the ledger entry `message:{id}`. */
  credits: number;
  idempotency_key: string;
  /** The fingerprint of the request that sent it under that key (api/http/idempotency.ts); null before 0021. */
  request_hash: string | null;
  created_at: string;
  /** A photo's storage prefix (`chat/{conversation}/{message}`), its size and moderation state. */
  photo_key: string | null;
  photo_status: "pending" | "approved" | "rejected" | null;
  photo_width: number | null;
  photo_height: number | null;
  /** A gift's id in contract/gifts.ts. */
  gift: string | null;
  /** Removed by a moderator's decision: both members see that it was removed, not what it said. */
  hidden_at: string | null;
}

export type RefundStatus = "pending" | "refunded" | "failed";

/** The return of a purchase's unused credits (docs/product.md §1.3): at most one per payment. */
export interface RefundsTable {
  id: Generated<number>;
  user_id: number;
  payment_id: number;
  credits: number;
  amount_cents: number;
  currency: string;
  /** pending: credits removed, the provider not yet confirmed; failed: the provider refused, credits given back. */
  status: RefundStatus;
  attempt: number;
  provider_refund_id: string | null;
  idempotency_key: string;
  created_at: string;
  updated_at: string;
}

/** The sandbox provider's own record of a payment, as a real provider keeps it on its servers. */
export interface SandboxPaymentsTable {
  id: string;
  amount_cents: number;
  currency: string;
  method: string;
  description: string;
  redirect_url: string;
  status: PaymentStatus;
  refunded_cents: Generated<number>;
  /** A pending payment becomes paid at this time, as a bank transfer clears later. */
  settles_at: string | null;
  /** The site's key for this payment: a repeated create finds it (ids are random). */
  idempotency_key: string | null;
  created_at: string;
}

export type TokenPurpose = "activation" | "password_reset" | "mail_change" | "reactivation";

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: TokenPurpose;
  token_hash: string;
  new_email: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface InvitesTable {
  code: string;
  site_id: number;
  created_at: string;
  used_by: number | null;
  used_at: string | null;
}

export interface DiscountCodesTable {
  id: Generated<number>;
  user_id: number | null;
  code: string;
  country: string | null;
  value_percentage: number;
  currency: string | null;
  minimum_order_value: Generated<number>;
  status: "active" | "used" | "expired";
  validity: string;
  reason: string;
  paymentmethods: Generated<string>; // JSON string[]
  expires: string | null;
  used_at: string | null;
  created_at: string;
  /** The site of a code for everyone made in the admin area (migration 0031); null: any site. */
  site_id: Generated<number | null>;
  /** How many paid payments may use it; null: no limit. */
  max_uses: Generated<number | null>;
  disabled_at: Generated<string | null>;
}

export interface LikesTable {
  liker_id: number;
  liked_id: number;
  created_at: string;
  like_new: Generated<number>;
  source: Generated<"profile" | "swipe">;
  auto_shown_at: string | null;
  /** 1 when the liked member likes the liker back too (a match), on both likes; kept by like and unlike. */
  mutual: Generated<number>;
}

export interface BlocksTable {
  blocker_id: number;
  blocked_id: number;
  created_at: string;
}

export interface SwipeSkipsTable {
  user_id: number;
  profile_id: number;
  created_at: string;
}

/** First visits to a lander, counted per day (UTC), site, lander, slug and traffic source; "" for none. */
export interface LanderVisitsTable {
  site_id: number;
  day: string;
  lander: string;
  slug: Generated<string>;
  network: Generated<string>;
  ref: Generated<string>;
  visits: Generated<number>;
}

/** One row (id 1): raised by every change of a site's settings, read by every process (api/settings/settings-changes.ts). */
export interface SiteSettingsVersionTable {
  id: number;
  version: number;
}

export interface Database {
  likes: LikesTable;
  blocks: BlocksTable;
  swipe_skips: SwipeSkipsTable;
  account_tokens: AccountTokensTable;
  invites: InvitesTable;
  discount_codes: DiscountCodesTable;
  companies: CompaniesTable;
  sites: SitesTable;
  site_domains: SiteDomainsTable;
  users: UsersTable;
  profiles: ProfilesTable;
  photos: PhotosTable;
  interests: InterestsTable;
  profile_interests: ProfileInterestsTable;
  regions: RegionsTable;
  moderation_decisions: ModerationDecisionsTable;
  reports: ReportsTable;
  report_filings: ReportFilingsTable;
  sessions: SessionsTable;
  recovery_codes: RecoveryCodesTable;
  staff_actions: StaffActionsTable;
  member_logins: MemberLoginsTable;
  sent_mails: SentMailsTable;
  login_failures: LoginFailuresTable;
  unknown_login_failures: UnknownLoginFailuresTable;
  limit_counters: LimitCountersTable;
  job_leases: JobLeasesTable;
  sandbox_refunds: SandboxRefundsTable;
  credit_ledger: CreditLedgerTable;
  refunds: RefundsTable;
  direct_debit_requests: DirectDebitRequestsTable;
  conversations: ConversationsTable;
  conversation_marks: ConversationMarksTable;
  messages: MessagesTable;
  credit_bundles: CreditBundlesTable;
  payments: PaymentsTable;
  sandbox_payments: SandboxPaymentsTable;
  notification_queue: NotificationQueueTable;
  push_subscriptions: PushSubscriptionsTable;
  lander_visits: LanderVisitsTable;
  site_settings_version: SiteSettingsVersionTable;
}

export type SiteRow = Selectable<SitesTable>;
export type StaffActionRow = Selectable<StaffActionsTable>;
export type NewReportFiling = Insertable<ReportFilingsTable>;
export type DecisionRow = Selectable<ModerationDecisionsTable>;
export type NewSite = Insertable<SitesTable>;
export type CompanyRow = Selectable<CompaniesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type PhotoRow = Selectable<PhotosTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type BundleRow = Selectable<CreditBundlesTable>;
export type DiscountCodeRow = Selectable<DiscountCodesTable>;
export type LedgerRow = Selectable<CreditLedgerTable>;
export type RefundRow = Selectable<RefundsTable>;
export type DirectDebitRequestRow = Selectable<DirectDebitRequestsTable>;
