/** Reading project YAML files with errors that name the file and the line of the mistake. */
import { readFile } from 'node:fs/promises';
import { CST, LineCounter, parseDocument, Parser, type YAMLError } from 'yaml';
import { ProjectFileError } from './errors.js';
import { messages } from './messages.js';

/** A quoted scalar as the parser read it, closed by its own quote (`''` and `\"` are escapes). */
const CLOSED_QUOTE = { 'double-quoted-scalar': /^"(?:[^"\\]|\\.)*"$/s, 'single-quoted-scalar': /^'(?:[^']|'')*'$/s } as const;

/** Where a token opens something it never closes (a `{`, `[` or quote), or undefined when it closes it. */
function unclosedAt(token: CST.Token | undefined): number | undefined {
  if (!token) return undefined;
  if (token.type === 'flow-collection') {
    const closer = token.start.type === 'flow-map-start' ? 'flow-map-end' : 'flow-seq-end';
    const closed = token.end.some((end) => end.type === closer);
    return closed ? undefined : token.offset;
  }
  if (token.type === 'double-quoted-scalar' || token.type === 'single-quoted-scalar') {
    return CLOSED_QUOTE[token.type].test(token.source) ? undefined : token.offset;
  }
  return undefined;
}

/**
 * The last `{`, `[` or quote before `position` that the text never closes. The parser finds such
 * a mistake only where it stops making sense (the next key, the end of the file): what it
 * swallowed on the way was read as part of it, so the opening is the line to fix.
 */
function unclosedOpeningBefore(text: string, position: number): number | undefined {
  let found: number | undefined;
  for (const token of new Parser().parse(text)) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      for (const part of [item.key, item.value]) {
        const at = unclosedAt(part ?? undefined);
        if (at !== undefined && at <= position && (found === undefined || at > found)) found = at;
      }
    });
  }
  return found;
}

/**
 * Where the parser's error is. A missing comma is found at the next item, but is missing at the
 * end of the item before it: the line to fix is that one's.
 */
function mistakeAt(text: string, error: YAMLError): number {
  let at = error.pos[0];
  if (error.code !== 'MISSING_CHAR' || !error.message.startsWith('Missing ,')) return at;
  while (at > 0 && /\s/.test(text[at - 1]!)) at -= 1;
  return Math.max(0, at - 1);
}

/**
 * Parses YAML (JSON is YAML too, so a Strapi `schema.json` parses as is). A syntax error names
 * the line of the mistake: the line the parser stopped at, or, when what it stopped at is the
 * consequence of a bracket or quote opened earlier and never closed, the line of that opening.
 * @example parseYaml('port: 1337', 'config/server.yaml') // { port: 1337 }
 */
export function parseYaml(text: string, file: string): unknown {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { uniqueKeys: true, lineCounter });
  const error = doc.errors[0];
  if (error) {
    const reason = error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    const at = mistakeAt(text, error);
    const opening = unclosedOpeningBefore(text, at);
    if (opening !== undefined) {
      const { line, col } = lineCounter.linePos(opening);
      throw new ProjectFileError(file, undefined, `line ${line}: ${messages.yamlNotClosed(text[opening]!, col, reason)}`);
    }
    throw new ProjectFileError(file, undefined, `line ${lineCounter.linePos(at).line}: ${reason}`);
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
