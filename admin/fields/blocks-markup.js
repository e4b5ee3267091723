/**
 * Inline formatting of Strapi 5 `blocks` (text nodes with their flags, and links) as a small markup,
 * and back, for the rows of the blocks editor (blocks-text.js):
 *
 *   **bold**  *italic*  __underline__  ~~strikethrough~~  `code`  [link text](https://url)
 *
 * A backslash keeps the next markup character as it is (`\*`). No imports, so that tests can load
 * it without the browser-only vendor bundle.
 */

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

/**
 * An inline node as the API holds it: text with its flags (`{ type: 'text', text, bold: true }`)
 * or a link (`{ type: 'link', url, children }`).
 * @typedef {Record<string, any>} InlineNode
 */

/**
 * Writes inline nodes (text and link) as markup. The shortest form is used when it reads back the
 * same; otherwise every markup character in the text is escaped. Formatting that starts inside a
 * word (`un` then bold `done`) has no markup: see `canWrite`.
 * @example inlineToText([{ type: 'text', text: 'Hi ' }, { type: 'text', text: 'you', bold: true }])
 * // 'Hi **you**'
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
export function textNode(text, flags) {
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

/**
 * Merges neighbouring text nodes with the same flags and drops empty ones, keeping one empty node
 * if nothing is left.
 */
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
    if (last?.type === 'text' && sameFlags(last, node)) {
      out[out.length - 1] = textNode(last.text + node.text, flagsOf(node));
    } else {
      out.push(textNode(node.text, flagsOf(node)));
    }
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
  const shared = (flags, other) => Object.fromEntries(MARKS
    .filter((mark) => flags[mark.name] && other[mark.name])
    .map((mark) => [mark.name, true]));
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
    segments.push(
      textNode(before, shared(flags, flagsAt(index - 1))),
      textNode(core, flags),
      textNode(after, shared(flags, flagsAt(index + 1))),
    );
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
    out += segment.code
      ? `\`${escape(segment.text, escapeAll, /[\\`[\]]/g)}\``
      : escape(segment.text, escapeAll, /[\\*_~`[\]]/g);
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

/**
 * Where a delimiter of `mark` after `from` (one just opened ends there) could close it, reading as
 * `parseInline` does; -1 if none.
 */
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
