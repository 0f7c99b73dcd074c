import { expect, test } from "vitest";
import { csvCell, toCsv } from "./csv";

test("cells are quoted with their quotes doubled, so commas and line breaks stay in the cell", () => {
  expect(csvCell('say "hi", then\nleave')).toBe('"say ""hi"", then\nleave"');
  expect(csvCell(12)).toBe('"12"');
  expect(csvCell(null)).toBe("");
});

test("a cell a spreadsheet would run as a formula is kept as text", () => {
  for (const formula of ["=HYPERLINK(1)", "+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
    expect(csvCell(formula)).toBe(`"'${formula}"`);
  expect(csvCell(-5)).toBe('"-5"');
});

test("records end with CRLF", () => {
  expect(
    toCsv([
      ["a", "b"],
      [1, null],
    ]),
  ).toBe('"a","b"\r\n"1",\r\n');
});
