/**
 * Strapi 5 `blocks` (its rich-text JSON) as rows of plain text, and back, for the blocks editor.
 * No imports, so that tests can load it without the browser-only vendor bundle.
 *
 * Each block becomes one row: a kind (`paragraph`, `heading-1`…`heading-6`, `list-unordered`,
 * `list-ordered`, `quote`, `code`, or `kept` for what the editor does not edit) and a text. Inline
 * formatting is written with a small markup:
 *
 *   **bold**  *italic*  __underline__  ~~strikethrough~~  `code`  [link text](https://url)
 *
 * A backslash keeps the next markup character as it is (`\*`). A list row holds one item per line.
 * A code row is plain text. Image blocks, nested lists, list items holding a line break and any
 * unknown node become `kept` rows: the editor moves or removes them but never rewrites them.
 *
 * A row remembers the block it came from: while its kind and text are unchanged, `rowsToBlocks`
 * returns that block itself, so an untouched document comes back byte for byte (Strapi's documents
 * may split one run of text over several text nodes, which no markup can tell apart).
 */

/** The row kinds an editor may pick, in the order of the type menu. */
export const BLOCK_KINDS = [
  { kind: 'paragraph', label: 'Paragraph' },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ kind: `heading-${level}`, label: `Heading ${level}` })),
  { kind: 'list-unordered', label: 'Bulleted list' },
  { kind: 'list-ordered', label: 'Numbered list' },
  { kind: 'quote', label: 'Quote' },
  { kind: 'code', label: 'Code' },
];

/** The hint shown under the field: every piece of markup `textToInline` reads, and when it does. */
export const MARKUP_HINT =
  'Formatting: **bold**, *italic*, __underline__, ~~strikethrough~~, `code`, [link text](https://example.com). ' +
  'A mark counts only at the start of a word, so my__draft__v2.md and 2*3*4 stay as typed; ' +
  'a \\ before a character keeps it as typed (\\*). Lists take one item per line; code blocks are plain text.';

// Flags in the order the serializer opens them; `code` is a span of its own, never a delimiter.
const MARKS = [
  { name: 'bold', delimiter: '**' },
  { name: 'italic', delimiter: '*' },
  { name: 'underline', delimiter: '__' },
  { name: 'strikethrough', delimiter: '~~' },
];
const FLAGS = [...MARKS.map((mark) => mark.name), 'code'];
/** The characters a backslash escapes; before any other character a backslash is just a backslash. */
const ESCAPABLE = '\\*_~`[]()';
const INLINE_KINDS = new Set(['paragraph', 'quote', ...[1, 2, 3, 4, 5, 6].map((level) => `heading-${level}`)]);

// ---- Inline children ↔ text ----

/**
 * An inline node as the API holds it: text with its flags (`{ type: 'text', text, bold: true }`)
 * or a link (`{ type: 'link', url, children }`).
 * @typedef {Record<string, any>} InlineNode
 */

/**
 * Writes inline nodes (text and link) as markup. The shortest form is used when it reads back the
 * same; otherwise every markup character in the text is escaped. Formatting that starts inside a
 * word (`un` then bold `done`) has no markup: see `canWrite`.
 * @example inlineToText([{ type: 'text', text: 'Hi ' }, { type: 'text', text: 'you', bold: true }]) // 'Hi **you**'
 */
export function inlineToText(children) {
  return markupOf(children) ?? writeSegments(toSegments(children ?? []), true);
}

/** Whether `inlineToText` reads back as `children` (but for whitespace moved out of formatting). */
export const canWrite = (children) => markupOf(children) !== undefined;

/** The markup of inline nodes that reads back the same, or undefined when none does. */
function markupOf(children) {
  const segments = toSegments(children ?? []);
  const expected = JSON.stringify(normalize(segments));
  for (const escapeAll of [false, true]) {
    const written = writeSegments(segments, escapeAll);
    if (JSON.stringify(textToInline(written)) === expected) return written;
  }
  return undefined;
}

/**
 * Reads markup into Strapi's inline nodes: text nodes carry `bold: true` and the like only when
 * set, neighbours with the same flags are merged, and an empty text is one empty text node.
 * @example textToInline('See [the docs](https://docs.strapi.io) **now**')
 */
export function textToInline(text) {
  return normalize(parseInline(String(text ?? ''), {}, true));
}

/** A text node with its flags in a fixed order, and only the ones set. */
function textNode(text, flags) {
  const node = { type: 'text', text };
  for (const flag of FLAGS) if (flags[flag]) node[flag] = true;
  return node;
}

function flagsOf(node) {
  const flags = {};
  for (const flag of FLAGS) if (node[flag] === true) flags[flag] = true;
  return flags;
}

const sameFlags = (a, b) => FLAGS.every((flag) => Boolean(a[flag]) === Boolean(b[flag]));

/** Merges neighbouring text nodes with the same flags and drops empty ones, keeping one empty node if nothing is left. */
function normalize(nodes) {
  /** @type {InlineNode[]} */
  const out = [];
  for (const node of nodes) {
    if (node.type === 'link') {
      out.push({ type: 'link', url: node.url, children: normalize(node.children) });
      continue;
    }
    if (node.text === '') continue;
    const last = out.at(-1);
    if (last?.type === 'text' && sameFlags(last, node)) out[out.length - 1] = textNode(last.text + node.text, flagsOf(node));
    else out.push(textNode(node.text, flagsOf(node)));
  }
  return out.length > 0 ? out : [textNode('', {})];
}

/**
 * Text nodes split so that whitespace at the edge of bold, italic, underline or strikethrough text
 * keeps only the formatting its neighbour shares: a delimiter must touch its text (`** bold**` is
 * not markup), so a space that ends the bold and starts plain text is written unformatted.
 */
function toSegments(children) {
  const flagsAt = (index) => (children[index]?.type === 'text' ? flagsOf(children[index]) : {});
  const shared = (flags, other) => Object.fromEntries(MARKS.filter((mark) => flags[mark.name] && other[mark.name]).map((mark) => [mark.name, true]));
  const segments = [];
  children.forEach((node, index) => {
    if (node?.type === 'link') {
      segments.push({ type: 'link', url: String(node.url ?? ''), children: toSegments(node.children ?? []) });
      return;
    }
    const text = String(node?.text ?? '');
    const flags = flagsOf(node ?? {});
    if (flags.code || !MARKS.some((mark) => flags[mark.name])) {
      segments.push(textNode(text, flags));
      return;
    }
    // Matches any text (every group may be empty).
    const [, before, core, after] = /** @type {RegExpExecArray} */ (/^(\s*)(.*?)(\s*)$/s.exec(text));
    segments.push(textNode(before, shared(flags, flagsAt(index - 1))), textNode(core, flags), textNode(after, shared(flags, flagsAt(index + 1))));
  });
  return segments.filter((segment) => segment.type === 'link' || segment.text !== '');
}

/** In the escaped form, every character that could be read as markup, with a backslash. */
function escape(text, all, characters) {
  return all ? text.replace(characters, '\\$&') : text;
}

/** Markup for segments. Formatting is closed before a link and written again inside it, so a link reads alone. */
function writeSegments(segments, escapeAll) {
  let out = '';
  let open = [];
  const closeAll = () => {
    for (const mark of open.reverse()) out += mark.delimiter;
    open = [];
  };
  for (const segment of segments) {
    if (segment.type === 'link') {
      closeAll();
      const url = escape(segment.url, escapeAll, /[\\)]/g);
      out += `[${writeSegments(segment.children, escapeAll)}](${url})`;
      continue;
    }
    const closing = open.filter((mark) => !segment[mark.name]);
    for (const mark of [...closing].reverse()) out += mark.delimiter;
    open = open.filter((mark) => segment[mark.name]);
    for (const mark of MARKS) {
      if (segment[mark.name] && !open.includes(mark)) {
        out += mark.delimiter;
        open.push(mark);
      }
    }
    out += segment.code ? `\`${escape(segment.text, escapeAll, /[\\`[\]]/g)}\`` : escape(segment.text, escapeAll, /[\\*_~`[\]]/g);
  }
  closeAll();
  return out;
}

// ---- Parsing ----

const isSpace = (char) => char === undefined || /\s/.test(char);
/** A letter or a digit: a mark right after one is inside a word, and opens nothing (`2*3*4`). */
const isWordCharacter = (char) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** The mark whose delimiter starts at `at` (`**` before `*`), or undefined. */
function markAt(src, at) {
  return MARKS.find((mark) => src.startsWith(mark.delimiter, at) && (mark.delimiter !== '*' || src[at + 1] !== '*'));
}

/** Where the next unescaped `target` character is at or after `from`; -1 if none. */
function findUnescaped(src, from, target) {
  for (let at = from; at < src.length; at += 1) {
    if (src[at] === '\\' && ESCAPABLE.includes(src[at + 1] ?? '')) {
      at += 1;
      continue;
    }
    if (src[at] === target) return at;
  }
  return -1;
}

function unescape(src) {
  return src.replace(/\\([\\*_~`[\]()])/g, '$1');
}

/** `[text](url)` starting at `at`: its parts and where it ends, or undefined when it is not a complete link. */
function linkAt(src, at) {
  const close = findUnescaped(src, at + 1, ']');
  if (close === -1 || src[close + 1] !== '(') return undefined;
  const end = findUnescaped(src, close + 2, ')');
  if (end === -1 || end === close + 2) return undefined;
  return { label: src.slice(at + 1, close), url: unescape(src.slice(close + 2, end)), end: end + 1 };
}

/** Where a delimiter of `mark` after `from` (one just opened ends there) could close it, reading as `parseInline` does; -1 if none. */
function findCloser(src, from, mark) {
  for (let at = from; at < src.length; ) {
    if (src[at] === '\\' && ESCAPABLE.includes(src[at + 1] ?? '')) {
      at += 2;
      continue;
    }
    const found = markAt(src, at);
    if (found === mark && at > from && !isSpace(src[at - 1])) return at;
    at += found ? found.delimiter.length : 1;
  }
  return -1;
}

/**
 * Reads markup into text and link nodes, not yet merged. A delimiter opens only at the start of a
 * word (not right after a letter or digit), when text follows it directly and a closing one comes
 * later, and closes only right after text, so `2 * 3`, `2*3*4`, `my__draft__v2.md` and an unclosed
 * `**` stay as typed. `inherited` flags apply too (a link inside bold text is bold).
 * `literal` holds the places of delimiters read as text: one whose closer turned out to sit in a
 * code span or a link is added there and the text read again, so no formatting runs to the end.
 */
function parseInline(src, inherited, linksAllowed, literal = new Set()) {
  const nodes = [];
  const open = {};
  let buffer = '';
  const flags = () => ({ ...inherited, ...Object.fromEntries(Object.keys(open).map((name) => [name, true])) });
  const flush = () => {
    if (buffer) nodes.push(textNode(buffer, flags()));
    buffer = '';
  };
  let at = 0;
  while (at < src.length) {
    const char = src[at];
    if (char === '\\' && ESCAPABLE.includes(src[at + 1] ?? '')) {
      buffer += src[at + 1];
      at += 2;
      continue;
    }
    if (char === '`') {
      const end = findUnescaped(src, at + 1, '`');
      if (end !== -1) {
        flush();
        nodes.push(textNode(unescape(src.slice(at + 1, end)), { ...flags(), code: true }));
        at = end + 1;
        continue;
      }
    }
    if (char === '[' && linksAllowed) {
      const link = linkAt(src, at);
      if (link) {
        flush();
        nodes.push({ type: 'link', url: link.url, children: parseInline(link.label, flags(), false) });
        at = link.end;
        continue;
      }
    }
    const mark = markAt(src, at);
    if (mark) {
      const { name, delimiter } = mark;
      const after = at + delimiter.length;
      // Right after text, and not right after its opener: `****` is four asterisks.
      if (name in open && at > open[name] + delimiter.length && !isSpace(src[at - 1])) {
        flush();
        delete open[name];
        at = after;
        continue;
      }
      const opens = !(name in open) && !literal.has(at) && !isWordCharacter(src[at - 1]) && !isSpace(src[after]);
      if (opens && findCloser(src, after, mark) !== -1) {
        flush();
        open[name] = at;
        at = after;
        continue;
      }
      buffer += delimiter;
      at = after;
      continue;
    }
    buffer += char;
    at += 1;
  }
  flush();
  const unclosed = Object.values(open);
  if (unclosed.length === 0) return nodes;
  return parseInline(src, inherited, linksAllowed, new Set([...literal, ...unclosed]));
}

// ---- Blocks ↔ rows ----

/**
 * The row kind of a block, or `kept` for the ones the editor leaves as they are: besides images and
 * unknown nodes, text whose formatting starts inside a word (`un` then bold `done`), which no markup
 * writes, so that an edit never drops it.
 */
function kindOf(block) {
  switch (block?.type) {
    case 'paragraph':
    case 'quote':
      return Array.isArray(block.children) && canWrite(block.children) ? block.type : 'kept';
    case 'code':
      return Array.isArray(block.children) ? block.type : 'kept';
    case 'heading':
      return [1, 2, 3, 4, 5, 6].includes(block.level) && Array.isArray(block.children) && canWrite(block.children) ? `heading-${block.level}` : 'kept';
    case 'list': {
      const items = Array.isArray(block.children) ? block.children : [];
      // One item per line: an item holding a line break, or a nested list, has no place in a row.
      const flat = items.length > 0 && items.every((item) => item?.type === 'list-item' && Array.isArray(item.children) && canWrite(item.children) && !inlineToText(item.children).includes('\n'));
      if (!flat) return 'kept';
      return block.format === 'ordered' ? 'list-ordered' : block.format === 'unordered' ? 'list-unordered' : 'kept';
    }
    default:
      return 'kept';
  }
}

const KEPT_NAMES = { paragraph: 'Paragraph', quote: 'Quote', heading: 'Heading' };

/** The text of inline nodes without their formatting, for a kept row. */
const plainText = (children) => children.map((node) => (node?.type === 'link' ? plainText(node.children ?? []) : String(node?.text ?? ''))).join('');

/** What a kept row shows in place of a text. */
function keptText(block) {
  if (block?.type === 'image') {
    const name = block.image?.alternativeText || block.image?.name;
    return `Image${name ? ` (${name})` : ''} — kept as is`;
  }
  if (block?.type in KEPT_NAMES && Array.isArray(block.children)) {
    return `${KEPT_NAMES[block.type]} with formatting inside a word — kept as is: ${plainText(block.children)}`;
  }
  if (block?.type === 'list') return 'List with nested items or formatting inside a word — kept as is';
  return `${typeof block?.type === 'string' ? `“${block.type}” block` : 'Unknown block'} — kept as is`;
}

function rowText(block, kind) {
  if (kind === 'kept') return keptText(block);
  if (kind === 'code') return block.children.map((node) => String(node?.text ?? '')).join('');
  if (kind.startsWith('list-')) return block.children.map((item) => inlineToText(item.children)).join('\n');
  return inlineToText(block.children);
}

/**
 * One row per block: `{ kind, text, original }`, where `original` is the block itself.
 * @example blocksToRows([{ type: 'heading', level: 2, children: [{ type: 'text', text: 'Hi' }] }]) // [{ kind: 'heading-2', text: 'Hi', original: … }]
 */
export function blocksToRows(blocks) {
  return (Array.isArray(blocks) ? blocks : []).map((block) => {
    const kind = kindOf(block);
    return { kind, text: rowText(block, kind), original: block };
  });
}

/**
 * The blocks the rows stand for. A row whose kind and text are those of its `original` gives that
 * block back unchanged; a new row needs only `{ kind, text }`.
 * @example rowsToBlocks([{ kind: 'paragraph', text: 'Hi **you**' }])
 */
export function rowsToBlocks(rows) {
  return rows.map(rowToBlock);
}

function rowToBlock({ kind, text, original }) {
  if (kind === 'kept') return original;
  const originalKind = original === undefined ? undefined : kindOf(original);
  const untouched = originalKind !== undefined && originalKind !== 'kept' && text === rowText(original, originalKind);
  if (untouched && kind === originalKind) return original;
  // A paragraph turned heading (or quote) keeps its inline nodes as they were.
  const children = untouched && INLINE_KINDS.has(originalKind) ? original.children : undefined;
  if (kind === 'paragraph' || kind === 'quote') return { type: kind, children: children ?? textToInline(text) };
  if (kind.startsWith('heading-')) return { type: 'heading', level: Number(kind.slice('heading-'.length)), children: children ?? textToInline(text) };
  if (kind === 'code') {
    const language = originalKind === 'code' && original.language !== undefined ? { language: original.language } : {};
    return { type: 'code', ...language, children: [textNode(text, {})] };
  }
  if (kind === 'list-unordered' || kind === 'list-ordered') {
    const indent = originalKind?.startsWith('list-') && original.indentLevel !== undefined ? { indentLevel: original.indentLevel } : {};
    return {
      type: 'list',
      format: kind === 'list-ordered' ? 'ordered' : 'unordered',
      ...indent,
      children: text.split('\n').map((line) => ({ type: 'list-item', children: textToInline(line) })),
    };
  }
  throw new Error(`unknown block row kind "${kind}"`);
}
