/**
 * The text of a document file, read the way a reviewer needs it: a git merge conflict named as
 * such, a syntax error with its line and a plain reason (V8's `JSON.parse` messages give a
 * position only sometimes, and may quote the whole file), keys given twice (JSON.parse keeps the
 * last one silently, which is how a bad merge loses an edit), and the line of any key path.
 */

/** A problem of the text itself, at a line (1-based). */
export interface TextProblem {
  line: number;
  message: string;
}

const CONFLICT_MARKER = /^(<{7}|\|{7}|={7}|>{7})(?:[ \t].*)?$/;

/**
 * The value of a document file's text, or every problem that keeps it from being one: conflict
 * markers (one per conflict), else the first syntax error, else each key given twice in an object.
 * @example parseDocumentText('{\n  "title": 1,\n}').problems // [{ line: 3, message: 'not valid JSON: expected a property name in double quotes, found "}"' }]
 */
export function parseDocumentText(text: string): { value: unknown; problems: [] } | { value?: undefined; problems: TextProblem[] } {
  const markers = conflictMarkers(text);
  if (markers.length > 0) return { problems: markers };
  const scanner = new Scanner(text);
  try {
    scanner.document();
  } catch (error) {
    if (error instanceof SyntaxProblem) return { problems: [{ line: error.line, message: `not valid JSON: ${error.message}` }] };
    throw error;
  }
  if (scanner.duplicates.length > 0) return { problems: scanner.duplicates };
  return { value: JSON.parse(text) as unknown, problems: [] };
}

/**
 * The line of `path` (keys and array indices) in a JSON text: of the deepest part of it the text
 * has, 1 when none (or the text is not JSON).
 * @example jsonPathLine('{\n  "a": {\n    "b": 1\n  }\n}', ['a', 'b']) // 3
 */
export function jsonPathLine(text: string, path: readonly string[]): number {
  const scanner = new Scanner(text, path);
  try {
    scanner.document();
  } catch {
    // The line found before the error is still the best answer.
  }
  return scanner.found;
}

/** Lines that only a git merge leaves: one problem per conflict (its `<<<<<<<`), or per stray marker. */
function conflictMarkers(text: string): TextProblem[] {
  if (!/^(<{7}|\|{7}|={7}|>{7})/m.test(text)) return [];
  const problems: TextProblem[] = [];
  const lines = text.split(/\r?\n/);
  let inConflict = false;
  lines.forEach((line, index) => {
    const match = CONFLICT_MARKER.exec(line);
    if (!match) return;
    const marker = match[1]!;
    if (marker.startsWith('<')) {
      inConflict = true;
      problems.push({ line: index + 1, message: 'git merge conflict marker <<<<<<<: the file holds both sides of a conflict; keep the right content and remove the markers' });
    } else if (!inConflict) {
      problems.push({ line: index + 1, message: `git merge conflict marker ${marker} without its <<<<<<<; remove it` });
    } else if (marker.startsWith('>')) {
      inConflict = false;
    }
  });
  return problems;
}

class SyntaxProblem extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** A strict RFC 8259 scanner that counts lines; it builds no value (JSON.parse does, once it passes). */
class Scanner {
  private pos = 0;
  private line = 1;
  /** The line of the deepest part of `target` met so far. */
  found = 1;
  readonly duplicates: TextProblem[] = [];

  constructor(
    private readonly text: string,
    private readonly target?: readonly string[],
  ) {}

  document(): void {
    this.space();
    this.value(0, this.target !== undefined);
    this.space();
    if (this.pos < this.text.length) this.fail('the end of the file after the document');
  }

  private fail(expected: string): never {
    throw new SyntaxProblem(this.line, `expected ${expected}, found ${this.describe()}`);
  }

  private describe(): string {
    if (this.pos >= this.text.length) return 'the end of the file';
    const char = this.text[this.pos]!;
    if (char === '\n' || char === '\r') return 'the end of the line';
    if (char === '\uFEFF') return 'a byte order mark (save the file as UTF-8 without BOM)';
    return JSON.stringify(char);
  }

  private space(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const char = text[this.pos];
      if (char === '\n') this.line++;
      else if (char !== ' ' && char !== '\t' && char !== '\r') return;
      this.pos++;
    }
  }

  /** One value; `onTarget`: the path so far is a prefix of the target. */
  private value(depth: number, onTarget: boolean): void {
    const char = this.text[this.pos];
    if (char === '{') return this.object(depth, onTarget);
    if (char === '[') return this.array(depth, onTarget);
    if (char === '"') {
      this.string();
      return;
    }
    for (const literal of ['true', 'false', 'null']) {
      if (this.text.startsWith(literal, this.pos)) {
        this.pos += literal.length;
        return;
      }
    }
    NUMBER.lastIndex = this.pos;
    if (NUMBER.exec(this.text)) {
      this.pos = NUMBER.lastIndex;
      return;
    }
    this.fail('a value (an object, an array, a string in double quotes, a number, true, false or null)');
  }

  private object(depth: number, onTarget: boolean): void {
    this.pos++; // {
    this.space();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return;
    }
    const keys = new Set<string>();
    for (;;) {
      if (this.text[this.pos] !== '"') this.fail('a property name in double quotes');
      const line = this.line;
      const key = this.string();
      if (keys.has(key)) this.duplicates.push({ line, message: `"${key}" is given twice in one object; JSON keeps only the last one` });
      keys.add(key);
      const matches = onTarget && this.target![depth] === key;
      if (matches) this.found = line;
      this.space();
      if (this.text[this.pos] !== ':') this.fail(`":" after the property name "${key}"`);
      this.pos++;
      this.space();
      this.value(depth + 1, matches);
      this.space();
      const next = this.text[this.pos];
      if (next === '}') {
        this.pos++;
        return;
      }
      if (next !== ',') this.fail('"," or "}" after a property value');
      this.pos++;
      this.space();
    }
  }

  private array(depth: number, onTarget: boolean): void {
    this.pos++; // [
    this.space();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return;
    }
    for (let index = 0; ; index++) {
      const matches = onTarget && this.target![depth] === String(index);
      if (matches) this.found = this.line;
      this.value(depth + 1, matches);
      this.space();
      const next = this.text[this.pos];
      if (next === ']') {
        this.pos++;
        return;
      }
      if (next !== ',') this.fail('"," or "]" after an array item');
      this.pos++;
      this.space();
    }
  }

  /** A string token; answers its text (escapes decoded by JSON.parse, which the token now passes). */
  private string(): string {
    const { text } = this;
    const start = this.pos;
    this.pos++; // "
    while (this.pos < text.length) {
      const char = text[this.pos]!;
      if (char === '"') {
        this.pos++;
        return JSON.parse(text.slice(start, this.pos)) as string;
      }
      if (char === '\\') {
        const escape = text[this.pos + 1];
        if (escape === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(this.pos + 2, this.pos + 6))) throw new SyntaxProblem(this.line, 'a \\u escape needs four hexadecimal digits');
          this.pos += 6;
          continue;
        }
        if (escape === undefined || !ESCAPES.has(escape)) throw new SyntaxProblem(this.line, `invalid escape \\${escape ?? ''} in a string`);
        this.pos += 2;
        continue;
      }
      if (char === '\n' || char === '\r') throw new SyntaxProblem(this.line, 'a string does not end on its line (a missing closing ")');
      if (char < ' ') throw new SyntaxProblem(this.line, 'a control character inside a string (write it as an escape such as \\t)');
      this.pos++;
    }
    throw new SyntaxProblem(this.line, 'a string does not end (a missing closing ")');
  }
}
