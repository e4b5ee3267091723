/** Reading project YAML files with errors that name the file and line. */
import { readFile } from 'node:fs/promises';
import { parseDocument } from 'yaml';
import { ProjectFileError } from './errors.js';

/**
 * Parses YAML (JSON is YAML too, so a Strapi `schema.json` parses as is).
 * @example parseYaml('port: 1337', 'config/server.yaml') // { port: 1337 }
 */
export function parseYaml(text: string, file: string): unknown {
  const doc = parseDocument(text, { uniqueKeys: true });
  const error = doc.errors[0];
  if (error) {
    const line = error.linePos?.[0]?.line;
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new ProjectFileError(file, undefined, `${line ? `line ${line}: ` : ''}${reason}`);
  }
  return doc.toJS({ maxAliasCount: 100 }) as unknown;
}

/**
 * Reads and parses a YAML file; a missing file is a value (`null`), every other error is rethrown.
 * @example await readYamlFile('/srv/site/config/server.yaml', 'config/server.yaml')
 */
export async function readYamlFile(path: string, file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return parseYaml(text, file);
}
