/**
 * The one line a start that cannot go on prints (docs/operations.md "When the start fails"): the cause in words and
 * the path or host it concerns, instead of a stack. Null for a failure this does not know: that one keeps its stack.
 */
export function startFailureLine(error: unknown, where: { dataDir: string; databaseUrl: string }): string | null {
  const listening = error as { syscall?: unknown; address?: unknown; port?: unknown; code?: unknown } | null;
  if (listening?.syscall === "listen") {
    const why = listening.code === "EADDRINUSE" ? "it is in use" : String(listening.code);
    return `cannot start: cannot listen on ${listening.address}:${listening.port} (${why})`;
  }
  const codes = codesOf(error);
  const has = (...wanted: string[]) => wanted.some((code) => codes.has(code));
  const postgres = /^postgres(ql)?:\/\//i.test(where.databaseUrl);
  const host = postgres ? hostOf(where.databaseUrl) : null;
  if (has("SQLITE_FULL", "ENOSPC")) return `cannot start: disk full at ${where.dataDir}`;
  if (has("53100")) return `cannot start: the database server's disk is full (${host})`;
  if (has("SQLITE_READONLY", "SQLITE_CANTOPEN", "EROFS", "EACCES", "EPERM"))
    return `cannot start: the data folder ${where.dataDir} is read-only or not writable`;
  if (postgres && host === null) return "cannot start: DATABASE_URL is not a valid postgres:// URL";
  if (has("ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ECONNRESET"))
    return `cannot start: database at ${host} unreachable (${[...codes].find((c) => /^E[A-Z]/.test(c))})`;
  if (postgres && messageOf(error).includes("timeout"))
    return `cannot start: database at ${host} unreachable (timeout)`;
  if (has("28P01", "28000")) return `cannot start: database at ${host} refused the login in DATABASE_URL`;
  if (has("3D000")) return `cannot start: the database named in DATABASE_URL does not exist at ${host}`;
  if (messageOf(error).startsWith("Invalid ") && messageOf(error).includes("configuration"))
    return `cannot start: ${messageOf(error).replace(/\n\s*/g, " ")}`;
  return null;
}

/** Every code on the error, its causes and an AggregateError's errors (pg tries each address of a host). */
function codesOf(error: unknown, seen = new Set<string>(), depth = 0): Set<string> {
  if (!error || typeof error !== "object" || depth > 5) return seen;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") seen.add(code);
  codesOf((error as { cause?: unknown }).cause, seen, depth + 1);
  for (const inner of (error as { errors?: unknown[] }).errors ?? []) codesOf(inner, seen, depth + 1);
  return seen;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** host:port of a postgres:// URL, never its password; null when it does not parse. */
function hostOf(databaseUrl: string): string | null {
  try {
    const url = new URL(databaseUrl);
    return url.hostname ? `${url.hostname}:${url.port || "5432"}` : null;
  } catch {
    return null;
  }
}
