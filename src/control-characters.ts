/**
 * Control characters in text that came from anyone (a username, a title, a commit's author): C0,
 * DEL, C1 and the Unicode line and paragraph separators. Each ends or bends a line, or drives a
 * terminal, wherever the text is printed as it is: git's commit lines, a log, an email, a table.
 * The one definition that the users' checks, git's identities and the CLI's output share.
 */

/** One control character (the line feed among them). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const EVERY_CONTROL = new RegExp(CONTROL.source, 'g');
const EVERY_CONTROL_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/g;
/** Runs of control characters: what a line-oriented format must never be handed. */
export const CONTROL_RUNS = new RegExp(`${CONTROL.source}+`, 'g');

/**
 * Whether `text` holds a control character.
 * @example hasControlCharacter('ada\nlovelace') // true
 */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` with each control character written as its `\uXXXX` escape (JSON's form): ESC shows as
 * `\u001b`, a carriage return as `\u000d`. Line feeds stay with `lines: true` (a message of several lines).
 * @example printable('\u001b[31mred\r') // '\\u001b[31mred\\u000d'
 */
export function printable(text: string, options: { lines?: boolean } = {}): string {
  return text.replace(options.lines ? EVERY_CONTROL_BUT_LINE_FEED : EVERY_CONTROL, escaped);
}

/**
 * `text` without its control characters, each run one space: for a name taken from elsewhere (a
 * sign-in provider's profile) where refusing it would refuse the person.
 * @example withoutControlCharacters('ada\nlovelace') // 'ada lovelace'
 */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}
