import fs from "node:fs";
import path from "node:path";
import { siteDefinitionJsonSchema } from "../contract/site-definition";

// `npm run site:schema` writes docs/examples/site.schema.json from contract/site-definition.ts (editors complete and
// check a definition file by its `$schema`); contract/site-definition.test.ts fails when it is out of date.
const file = path.resolve(import.meta.dirname, "../docs/examples/site.schema.json");
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, `${JSON.stringify(siteDefinitionJsonSchema(), null, 2)}\n`);
console.log(`Wrote ${path.relative(process.cwd(), file)}.`);
