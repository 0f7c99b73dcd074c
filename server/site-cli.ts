import fs from "node:fs";
import path from "node:path";
import { createMailer } from "../api/adapters/mail";
import { openDatabase } from "../api/db/database";
import { migrateToLatest } from "../api/db/migrate";
import { parseApiEnv } from "../api/env.server";
import { createLogger } from "../api/logger";
import type { SiteChange } from "../api/sites/site-definition-rows";
import {
  applySite,
  createSite,
  exportSite,
  listSites,
  parseSiteDefinition,
  SiteDefinitionError,
} from "../api/sites/sites.service";
import { formatSiteFile, parseSiteFile } from "./site-file";

// `npm run site -- <command>`: a site is a file (JSON or YAML) you can keep in git (docs/operations.md "Your own site").
const usage = `Usage:
  npm run site -- create <file> [--admin <email>]   make the site of a definition file (and its first admin)
  npm run site -- apply <file> [--dry-run] [--overwrite]
                                                    change the site to what the file says (--dry-run: only show it;
                                                    --overwrite: also over what the admin area changed since the
                                                    file was last applied or exported)
  npm run site -- export <domain> [<file>]           write today's definition (to the file, else to the output)
  npm run site -- list                               the sites of this database`;

const schemaFile = path.resolve(import.meta.dirname, "../docs/examples/site.schema.json");

function readDefinition(file: string | undefined) {
  if (!file) throw new SiteDefinitionError(["a definition file is required"]);
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new SiteDefinitionError([`${file}: ${(error as Error).message}`]);
  }
  try {
    return parseSiteDefinition(parseSiteFile(file, text));
  } catch (error) {
    if (error instanceof SyntaxError) throw new SiteDefinitionError([error.message]);
    throw error;
  }
}

function printChanges(changes: SiteChange[]) {
  for (const change of changes) console.log(`  ${change.path}: ${change.from ?? "(none)"} → ${change.to ?? "(none)"}`);
}

const [command, ...rest] = process.argv.slice(2);
const positional = rest.filter((arg, i) => !arg.startsWith("--") && rest[i - 1] !== "--admin");
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at === -1 ? undefined : (rest[at + 1] ?? "");
};

if (!command || !["create", "apply", "export", "list"].includes(command)) {
  console.error(usage);
  process.exit(2);
}

const env = parseApiEnv();
const db = openDatabase(env.databaseUrl);
try {
  await migrateToLatest(db);
  if (command === "create") {
    const definition = readDefinition(positional[0]);
    // Mail goes out only where it is set up (SMTP_URL); the link is printed either way.
    const mailer = env.SMTP_URL
      ? createMailer({
          smtpUrl: env.SMTP_URL,
          from: env.MAIL_FROM,
          outboxDir: path.join(env.DATA_DIR, "outbox"),
          logger: createLogger("site", env.LOG_LEVEL),
        })
      : undefined;
    const { siteId, admin } = await createSite(db, definition, { adminEmail: option("--admin"), mailer });
    console.log(`Site ${siteId} created: ${definition.name} answers for ${definition.domain}.`);
    if (admin) {
      console.log(`Administrator ${admin.email}: choose a password within an hour at`);
      console.log(`  ${admin.link}`);
      if (admin.mailed) console.log("(the link was also mailed to that address)");
    }
  } else if (command === "apply") {
    const dryRun = rest.includes("--dry-run");
    const overwrite = rest.includes("--overwrite");
    const changes = await applySite(db, readDefinition(positional[0]), { dryRun, overwrite });
    if (changes.length === 0) console.log("No change: the site is as the file says.");
    else {
      console.log(dryRun ? `Would change ${changes.length} setting(s):` : `Changed ${changes.length} setting(s):`);
      printChanges(changes);
    }
  } else if (command === "export") {
    const [domain, file] = positional;
    if (!domain) throw new SiteDefinitionError(["a domain is required"]);
    const schema = path.relative(file ? path.dirname(path.resolve(file)) : process.cwd(), schemaFile);
    const text = formatSiteFile(file, await exportSite(db, domain, schema));
    if (file) {
      fs.writeFileSync(file, text);
      console.log(`Wrote ${file}.`);
    } else process.stdout.write(text);
  } else {
    for (const site of await listSites(db))
      console.log(`${site.id}\t${site.name}\t${site.domains.join(", ")}\t${site.members} account(s)`);
  }
} catch (error) {
  if (!(error instanceof SiteDefinitionError)) throw error;
  console.error(`Nothing was changed:\n${error.problems.map((p) => `  ${p}`).join("\n")}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
