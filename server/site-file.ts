import path from "node:path";
import YAML from "yaml";

/** A site definition file is JSON, or YAML when its name ends in .yaml or .yml (docs/operations.md "Your own site"). */
export const isYamlFile = (file: string) => /\.ya?ml$/i.test(file);

/** The file's text as data; a syntax error names the file and the line. */
export function parseSiteFile(file: string, text: string): unknown {
  if (!isYamlFile(file)) {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new SyntaxError(`${file}: not JSON (${(error as Error).message})`);
    }
  }
  const document = YAML.parseDocument(text, { prettyErrors: true });
  if (document.errors.length > 0) throw new SyntaxError(`${file}: not YAML (${document.errors[0]!.message})`);
  return document.toJS();
}

/**
 * A definition written out for the file: JSON, or YAML headed by the comment that tells editors (the YAML language
 * server) which JSON Schema completes and checks it.
 */
export function formatSiteFile(file: string | undefined, definition: { $schema?: string }) {
  if (!file || !isYamlFile(file)) return `${JSON.stringify(definition, null, 2)}\n`;
  const { $schema, ...rest } = definition;
  const header = $schema ? `# yaml-language-server: $schema=${$schema.split(path.sep).join("/")}\n` : "";
  return header + YAML.stringify(rest, { lineWidth: 0 });
}
