import crypto from "node:crypto";
import type { SecondFactorStatus, StaffRole } from "../../contract/staff";
import type { SessionMember } from "../accounts/accounts.service";
import { type Db, nowIso } from "../db/database";
import type { SiteRow } from "../db/schema";
import { ApiError } from "../errors";
import * as repo from "./second-factor.repository";
import type { SecretBox } from "./secret-box";
import { newTotpSecret, totpQrSvg, totpStep, totpUri } from "./totp";

export const codeInvalid = () =>
  new ApiError(400, "code_invalid", "This code is not valid", { fields: { code: "staff.codeInvalid" } });

/** Recovery codes are random, so sha256 is enough to keep them from being read off the database. */
const hashRecoveryCode = (code: string) =>
  crypto.createHash("sha256").update(code.replaceAll("-", "").toLowerCase()).digest("hex");

/** Ten codes of 10 hex digits, written in two groups of five for reading them out. */
const newRecoveryCodes = () =>
  Array.from({ length: 10 }, () =>
    crypto
      .randomBytes(5)
      .toString("hex")
      .replace(/^(.{5})/, "$1-"),
  );

/**
 * The staff member's second factor; until TOTP is set up, the secret to set it up with (kept as pending, so the page
 * shows the same one until its first code is entered).
 */
export async function secondFactorStatus(
  db: Db,
  box: SecretBox,
  site: SiteRow,
  member: SessionMember,
): Promise<SecondFactorStatus> {
  const enrolled = member.totp_secret !== null;
  let setup: SecondFactorStatus["setup"] = null;
  if (!enrolled) {
    const stored =
      member.totp_pending_secret ??
      (await repo.pendingSecret(db, member.id, box.seal(await newTotpSecret(), member.id)));
    const secret = box.open(stored, member.id);
    const uri = await totpUri(site.name, member.email, secret);
    setup = { secret, uri, qr_svg: await totpQrSvg(uri) };
  }
  return {
    role: member.role as StaffRole,
    enrolled,
    enrolled_at: member.totp_enabled_at,
    verified: enrolled && member.session_second_factor_at !== null,
    recovery_codes_left: enrolled ? await repo.recoveryCodesLeft(db, member.id) : 0,
    setup,
  };
}

/**
 * Sets up TOTP with the first code of the pending secret: the secret becomes the member's (never shown again), this
 * session counts as having given the second factor, and ten recovery codes are made and answered this once.
 */
export async function enrolTotp(
  db: Db,
  box: SecretBox,
  member: SessionMember,
  code: string,
): Promise<{ recovery_codes: string[] }> {
  if (member.totp_secret) throw new ApiError(409, "already_enrolled", "The second factor is already set up");
  const pending = member.totp_pending_secret;
  const secret = pending ? box.open(pending, member.id) : null;
  const step = secret ? await totpStep(secret, code, null) : null;
  if (!pending || !secret || step === null) throw codeInvalid();
  // Kept sealed (a pending secret from before the key existed is sealed now), never as plain text.
  const sealed = box.isSealed(pending) ? pending : box.seal(secret, member.id);
  const codes = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    if (!(await repo.enableTotp(trx, member.id, pending, sealed, step, nowIso())))
      throw new ApiError(409, "already_enrolled", "The second factor is already set up");
    await repo.replaceRecoveryCodes(trx, member.id, codes.map(hashRecoveryCode));
    await repo.markSessionVerified(trx, member.session_id, nowIso());
  });
  return { recovery_codes: codes };
}

/**
 * The second factor for this session: a code from the app of a time step after the last one used, or an unused
 * recovery code. Either is taken once, even by two requests at the same moment.
 */
export async function giveSecondFactor(db: Db, box: SecretBox, member: SessionMember, code: string) {
  if (!member.totp_secret) throw new ApiError(403, "not_enrolled", "The second factor is not set up yet");
  if (!(await codeAccepted(db, box, member, code))) throw codeInvalid();
  await repo.markSessionVerified(db, member.session_id, nowIso());
  return { ok: true as const };
}

/** Whether the code is a code of the app (each time step once) or an unused recovery code, which it then uses up. */
export async function codeAccepted(db: Db, box: SecretBox, member: SessionMember, code: string): Promise<boolean> {
  if (!member.totp_secret) return false;
  return /^\d{6}$/.test(code)
    ? acceptTotp(db, box, member, member.totp_secret, code)
    : repo.spendRecoveryCode(db, member.id, hashRecoveryCode(code), nowIso());
}

async function acceptTotp(db: Db, box: SecretBox, member: SessionMember, stored: string, code: string) {
  const step = await totpStep(box.open(stored, member.id), code, member.totp_last_step);
  const accepted = step !== null && (await repo.claimTotpStep(db, member.id, step));
  // A secret set up before secrets were sealed is sealed on its first use with a key (docs/operations.md).
  if (accepted && !box.isSealed(stored) && box.canSeal)
    await repo.sealSecret(db, member.id, stored, box.seal(box.open(stored, member.id), member.id));
  return accepted;
}
