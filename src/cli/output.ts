/**
 * The only place that writes command results: a human table, a plain line, or `--json`. What the
 * human text prints comes partly from anyone (a username, a title, a commit's author), so its
 * control characters are shown, never sent: an escape sequence would drive the terminal.
 */
import { printable } from '../control-characters.js';
import type { CliIo, GlobalOptions } from './io.js';

export { printable } from '../control-characters.js';

export type Cell = string | number | boolean | null | undefined;

/** A cell is one line: a line feed in it would break the table. */
function cellText(value: Cell): string {
  if (value === true) return 'yes';
  if (value === false) return 'no';
  return value === null || value === undefined ? '' : printable(String(value));
}

/**
 * Renders rows as an aligned text table with a header.
 * @example table([{ code: 'en' }], ['code']) // 'CODE\nen\n'
 */
export function table<R extends object>(rows: R[], columns: (keyof R & string)[]): string {
  const header = columns.map((column) => column.replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase());
  const body = rows.map((row) => columns.map((column) => cellText(row[column] as Cell)));
  const widths = columns.map((_, i) => Math.max(header[i]!.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!))).join('  ').trimEnd();
  return [line(header), ...body.map(line)].join('\n') + '\n';
}

/**
 * Prints `data` as JSON when `--json` was given, else the human text.
 * @example emit(io, opts, locales, () => table(locales, ['code', 'name']))
 */
export function emit(io: CliIo, options: Pick<GlobalOptions, 'json'>, data: unknown, human: () => string): void {
  if (options.json) io.out(JSON.stringify(data, null, 2) + '\n');
  else io.out(printable(human(), { lines: true }));
}

/** A confirmation for a command that changed something; with --json, the data instead. */
export function done(io: CliIo, options: Pick<GlobalOptions, 'json'>, data: unknown, message: string): void {
  emit(io, options, data, () => message + '\n');
}
