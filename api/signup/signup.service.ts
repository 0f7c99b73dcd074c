import { ageOn } from "../../contract/age";
import type { SignupRequest } from "../../contract/signup";
import * as accountsRepo from "../accounts/accounts.repository";
import { replaceSession } from "../accounts/accounts.service";
import { countSignupLookup, type Lookup } from "../accounts/email-lookups";
import { hashPassword } from "../accounts/password";
import { refuseWeakPassword } from "../accounts/weak-passwords";
import { moveCredits } from "../credits/ledger";
import type { Db } from "../db/database";
import type { SiteRow, UserRow } from "../db/schema";
import { welcomeDiscount } from "../discounts/discounts.service";
import { ApiError } from "../errors";
import { signupMatches } from "../members/members.repository";
import { soughtGenders, toCard } from "../members/members.service";
import * as repo from "./signup.repository";

const sexualityFor = (gender: "male" | "female", seeking: "male" | "female" | "both") =>
  seeking === "both" ? "bi" : seeking === gender ? "gay" : "straight";

/** Whether this site lets this visitor sign up (docs/product.md §6), and why not. */
export function signupRefusal(
  site: Pick<SiteRow, "signups">,
  request: Pick<SignupRequest, "tracking" | "invite_code">,
): string | null {
  if (site.signups === "all") return null;
  if (site.signups === "with_trafficsource")
    return request.tracking?.network || request.tracking?.ref ? null : "no_trafficsource";
  if (site.signups === "invite") return request.invite_code ? null : "invite_only";
  return "closed";
}

const inviteInvalid = () =>
  new ApiError(403, "invite_invalid", "This invite code is not valid", {
    fields: { invite_code: "signup.inviteInvalid" },
  });

/**
 * GET invite.php: whether a code is an unused invite of this site, so that the invite-only screen shows the form only
 * for a code the signup will take (docs/product.md §2.12). Signing up checks it again, in its transaction.
 */
export async function checkInvite(db: Db, site: SiteRow, code: string) {
  if (!(await repo.findUnusedInvite(db, site.id, code))) throw inviteInvalid();
  return { ok: true as const };
}

const invalid = (field: string, message: string) =>
  new ApiError(400, "validation_failed", "The request is not valid", { fields: { [field]: message } });

/**
 * Creates a member: not confirmed, profile disabled until the mailed link is followed, with the site's signup
 * credits (through the ledger) and the welcome discount code. As at login, the session the browser presented
 * ends and the new member gets a new one. Returns the member and the new session's token.
 */
export async function signUp(
  db: Db,
  site: SiteRow,
  request: SignupRequest,
  visitor: Pick<Lookup, "address" | "perHour">,
  presentedToken?: string,
): Promise<{ user: UserRow; token: string }> {
  const refusal = signupRefusal(site, request);
  if (refusal) throw new ApiError(403, "signups_closed", "Signups are closed on this site", { reason: refusal });

  const now = new Date();
  const age = ageOn(request.date_of_birth, now);
  if (age < site.minimum_age || age > 120) {
    throw new ApiError(400, "invalid_date_of_birth", "Invalid date of birth", {
      fields: { date_of_birth: "validation.invalidDob" },
      min_age: site.minimum_age,
    });
  }
  if (!(JSON.parse(site.countries) as string[]).includes(request.country))
    throw invalid("country", "validation.required");
  if (request.region && !(await repo.regionExists(db, request.country, request.region)))
    throw invalid("region", "validation.required");
  refuseWeakPassword(site, request.email, request.password, "password");
  const passwordHash = await hashPassword(request.password);
  const emailTaken = () =>
    new ApiError(409, "email_taken", "This email address already owns an account on this website.", {
      fields: { email: "signup.emailTaken" },
    });
  // Whether the address is taken is said (the spec's text), but only so often (email-lookups.ts).
  await countSignupLookup(db, { ...visitor, siteId: site.id, email: request.email });
  return db.transaction().execute(async (trx) => {
    if (await repo.emailTaken(trx, site.id, request.email)) throw emailTaken();
    if (site.signups === "invite" && !(await repo.findUnusedInvite(trx, site.id, request.invite_code ?? "")))
      throw inviteInvalid();
    const at = now.toISOString();
    const userId = await repo.insertMember(
      trx,
      {
        site_id: site.id,
        email: request.email,
        password_hash: passwordHash,
        status: "not_confirmed",
        signup_date: at,
        language: request.language,
        last_seen_at: at,
        tracking: request.tracking ? JSON.stringify(request.tracking) : null,
        invited_with: site.signups === "invite" ? (request.invite_code ?? null) : null,
        // Signing up from a member's page or landing (docs/product.md §2.23): only a member others may see.
        signup_profile_id: request.profile_id ? await repo.findVisibleMemberId(trx, site.id, request.profile_id) : null,
      },
      {
        name: request.name,
        gender: request.gender,
        sexuality: sexualityFor(request.gender, request.seeking),
        date_of_birth: request.date_of_birth,
        country: request.country,
        region: request.region || null,
        city: request.city || null,
        status: "disabled",
        about: request.signup_message ?? "",
        hair_colour: null,
        eye_colour: null,
        body_type: null,
        relationship_status: null,
        tattoos: null,
      },
    );
    if (site.signups === "invite") {
      const used = await repo.markInviteUsed(trx, request.invite_code!, userId, at);
      if (Number(used.numUpdatedRows) !== 1) throw inviteInvalid();
    }
    if (site.signup_credits > 0)
      await moveCredits(trx, {
        userId,
        amount: site.signup_credits,
        kind: "signup_bonus",
        reference: null,
        idempotencyKey: "signup_bonus",
        at,
      });
    await repo.insertDiscountCode(trx, {
      user_id: userId,
      code: welcomeDiscount.code,
      country: request.country,
      value_percentage: welcomeDiscount.percentage,
      currency: null,
      validity: welcomeDiscount.validity,
      reason: "welcome",
      expires: new Date(now.getTime() + welcomeDiscount.windowSeconds * 1000).toISOString(),
      created_at: at,
    });
    return {
      user: (await accountsRepo.findUserById(trx, userId))!,
      token: await replaceSession(trx, userId, presentedToken),
    };
  });
}

/** Suggestions right after signup: 12 members of the genders sought, own country first. */
export async function matchesAfterSignup(db: Db, site: SiteRow, member: UserRow) {
  const profile = await accountsRepo.findProfile(db, member.id);
  const rows = await signupMatches(db, site.id, member.id, soughtGenders(profile), profile.country, 12);
  return rows.map((row) => toCard(site, row));
}
