/**
 * Where a key sits in a YAML (or JSON) file, so that a problem found in the parsed value can be
 * reported as `file:line:`. Shared by the checks of config files and content-type files.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node } from 'yaml';
import type { ProjectFileError } from './errors.js';

/**
 * The line of the deepest part of `key` that the file has (the line of `attributes.views` when
 * `attributes.views.type` is missing), 1 when not even the first part is there or the text does not
 * parse. Segments are mapping keys, or item indices in sequences.
 * @example yamlKeyLine('a:\n  b: 1\n', ['a', 'b']) // 2
 */
export function yamlKeyLine(text: string, key: readonly string[]): number {
  const lineCounter = new LineCounter();
  let line = 1;
  try {
    const doc = parseDocument(text, { lineCounter, uniqueKeys: false });
    let node: unknown = doc.contents;
    for (const segment of key) {
      let next: unknown;
      let at: number | undefined;
      if (isMap(node)) {
        const pair = node.items.find((item) => (isScalar(item.key) ? String(item.key.value) : String(item.key)) === segment);
        if (!pair) break;
        at = (pair.key as Node | null)?.range?.[0];
        next = pair.value;
      } else if (isSeq(node) && /^\d+$/.test(segment)) {
        next = node.items[Number(segment)];
        if (next === undefined) break;
        at = (next as Node | null)?.range?.[0];
      } else {
        break;
      }
      if (at !== undefined) line = lineCounter.linePos(at).line;
      node = next;
    }
  } catch {
    return line;
  }
  return line;
}

/**
 * Where a project-file error points and what it says without the file's name: the line of its key,
 * or the one a YAML syntax error gives (`line 3: …`), else line 1. `text` is the file's content.
 * @example fileErrorAt(new ProjectFileError('config/server.yaml', 'port', 'must be …'), text) // { line: 2, message: 'port must be …' }
 */
export function fileErrorAt(error: ProjectFileError, text: string): { line: number; message: string } {
  let message = error.message.startsWith(`${error.file}: `) ? error.message.slice(error.file.length + 2) : error.message;
  const syntax = error.key === undefined ? /^line (\d+): /.exec(message) : null;
  if (syntax) return { line: Number(syntax[1]), message: message.slice(syntax[0].length) };
  return { line: error.key !== undefined ? yamlKeyLine(text, error.key.split('.')) : 1, message };
}
