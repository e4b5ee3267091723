/**
 * What the Markdown editor's toolbar does to the text, as edits of its selection: marks around it
 * (`**bold**`), a mark before each of its lines (`- item`), a link or an image in its place. Each
 * answers one replacement and the selection after it, which the field applies as typing would (so
 * that undo undoes it); none rewrites any text outside the lines it acts on. No DOM.
 */

/**
 * Replace `text.slice(from, to)` with `insert`, then select `select` (offsets in the new text).
 * @typedef {{ from: number, to: number, insert: string, select: [number, number] }} Edit
 * @typedef {(text: string, start: number, end: number) => Edit} EditOf
 */

/** @type {(from: number, to: number, insert: string, select: [number, number]) => Edit} */
const edit = (from, to, insert, select) => ({ from, to, insert, select });

/**
 * `before` and `after` around the selection, or taken off when they are already there (inside or
 * around it). Spaces at the selection's ends stay outside: `** bold**` would not be bold. With
 * nothing selected, the marks go in with the caret between them.
 * @param {string} before
 * @param {string} [after]
 * @returns {EditOf}
 */
export function wrap(before, after = before) {
  return (text, start, end) => {
    const selected = text.slice(start, end);
    const around = text.slice(Math.max(0, start - before.length), start) === before;
    if (around && text.slice(end, end + after.length) === after) {
      const from = start - before.length;
      return edit(from, end + after.length, selected, [from, from + selected.length]);
    }
    const long = selected.length >= before.length + after.length;
    if (long && selected.startsWith(before) && selected.endsWith(after)) {
      const kept = selected.slice(before.length, selected.length - after.length);
      return edit(start, end, kept, [start, start + kept.length]);
    }
    const core = selected.trim();
    const at = start + (core ? selected.indexOf(core) : selected.length);
    const first = at + before.length;
    return edit(at, at + core.length, `${before}${core}${after}`, [first, first + core.length]);
  };
}

/** `[text](url)` with `url` selected to be typed over; a selected address goes in its place instead. */
export const link = (text, start, end) => {
  const selected = text.slice(start, end).trim();
  const at = start + text.slice(start, end).indexOf(selected);
  if (/^https?:\/\/\S+$/.test(selected)) return edit(at, at + selected.length, `[](${selected})`, [at + 1, at + 1]);
  const address = at + selected.length + 3;
  return edit(at, at + selected.length, `[${selected}](url)`, [address, address + 3]);
};

/**
 * A mark before each line the selection touches, or taken off every one when all of them have
 * it. `mark` makes the mark of the line at `index` (`1. `, `2. `…); `marked` recognizes one
 * already there (any heading's `#`s, any bullet).
 * @param {(index: number) => string} mark
 * @param {RegExp} marked
 * @returns {EditOf}
 */
function markLines(mark, marked) {
  return (text, start, end) => {
    const from = text.lastIndexOf('\n', start - 1) + 1;
    // A selection ending at a line's start (a triple-click's) does not take that line.
    const last = end > start && text[end - 1] === '\n' ? end - 1 : end;
    const stop = text.indexOf('\n', last);
    const to = stop === -1 ? text.length : stop;
    const lines = text.slice(from, to).split('\n');
    const unmark = lines.every((line) => marked.test(line));
    const insert = lines.map((line, index) => (unmark ? line.replace(marked, '') : `${mark(index)}${line}`)).join('\n');
    const caret = from + insert.length;
    return edit(from, to, insert, start === end ? [caret, caret] : [from, caret]);
  };
}

export const heading = markLines(() => '## ', /^#{1,6} /);
export const bulletedList = markLines(() => '- ', /^[-*+] /);
export const numberedList = markLines((index) => `${index + 1}. `, /^\d+[.)] /);
export const quote = markLines(() => '> ', /^> ?/);

/** Inline code around a selection in one line; a fenced block, on lines of its own, around more. */
export const code = (text, start, end) => {
  const selected = text.slice(start, end);
  // A backtick inside takes two around it, spaced: `` a `b` c ``.
  const ticks = selected.includes('`');
  if (!selected.includes('\n')) return wrap(ticks ? '`` ' : '`', ticks ? ' ``' : '`')(text, start, end);
  const before = start === 0 || text[start - 1] === '\n' ? '' : '\n';
  const after = end === text.length || text[end] === '\n' ? '' : '\n';
  const body = selected.endsWith('\n') ? selected : `${selected}\n`;
  const open = `${before}\`\`\`\n`;
  return edit(start, end, `${open}${body}\`\`\`${after}`, [start + open.length, start + open.length + selected.length]);
};

/** The characters that would end an image's alternative text or its address early. */
const escapeAlt = (alt) => alt.replace(/[\\[\]]/g, (character) => `\\${character}`);
const addressOf = (url) => (/[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url);

/**
 * Each file as `![its alternative text](its url)` in place of the selection, the caret after.
 * @param {{ url: string, alternativeText?: string | null }[]} files
 * @returns {EditOf}
 */
export function images(files) {
  return (text, start, end) => {
    const insert = files.map(({ url, alternativeText }) => `![${escapeAlt(alternativeText ?? '')}](${addressOf(url)})`)
      .join('\n');
    return edit(start, end, insert, [start + insert.length, start + insert.length]);
  };
}
