// otplib and qrcode are loaded by the first staff member who sets up or uses a second factor, not at start (1.8 MB of
// heap that a process serving members never needs).
const otp = () => import("otplib");

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, 30-second steps. */
const period = 30;
/** A code of the step before or after is taken too, for clocks a little apart. */
const tolerance: [number, number] = [period, period];

export const newTotpSecret = async () => (await otp()).generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = async (issuer: string, label: string, secret: string) =>
  (await otp()).generateURI({ issuer, label, secret });

/** The QR code of the address, drawn here as SVG so the set-up page needs no script. */
export const totpQrSvg = async (uri: string) =>
  (await import("qrcode")).default.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });

/**
 * The time step the code belongs to, or null when it is none of the secret's codes now; a code of a step at or
 * before `afterStep` (the last one used) is refused, so a code is taken once.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await (await otp()).verify({
    secret,
    token: code,
    period,
    epochTolerance: tolerance,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
