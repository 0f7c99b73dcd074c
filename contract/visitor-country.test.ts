import { expect, test } from "vitest";
import { visitorCountry } from "./visitor-country";

test("CF-IPCountry counts only when trusted, and only as two capital letters", () => {
  expect(visitorCountry("NL", true)).toBe("NL");
  expect(visitorCountry("NL", false)).toBeNull();
  for (const forged of ["nl", "NLD", "N1", "", "NL\n", "xx|yy", "T1"]) expect(visitorCountry(forged, true)).toBeNull();
  expect(visitorCountry(null, true)).toBeNull();
});
