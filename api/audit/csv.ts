/**
 * One CSV cell (RFC 4180): quoted, with quotes doubled, so commas, quotes and line breaks stay inside it. A cell
 * that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe: the log holds text members and staff typed, and opening the download must not run any of it.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  const safe = typeof value === "string" && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** Rows as CSV text: CRLF between records, as RFC 4180 and spreadsheets expect. */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
