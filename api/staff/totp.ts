import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** RFC 6238 as authenticator apps expect it: SHA-1, six digits, 30-second steps. */
const period = 30;
/** A code of the step before or after is taken too, for clocks a little apart. */
const tolerance: [number, number] = [period, period];

export const newTotpSecret = () => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (issuer: string, label: string, secret: string) => generateURI({ issuer, label, secret });

/** The QR code of the address, drawn here as SVG so the set-up page needs no script. */
export const totpQrSvg = (uri: string) => QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });

/**
 * The time step the code belongs to, or null when it is none of the secret's codes now; a code of a step at or
 * before `afterStep` (the last one used) is refused, so a code is taken once.
 */
export async function totpStep(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    period,
    epochTolerance: tolerance,
    ...(afterStep !== null && { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
