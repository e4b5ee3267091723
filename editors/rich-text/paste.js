/**
 * HTML pasted from a web page or a word processor (Google Docs, Word, LibreOffice), reshaped into
 * what Strapi's blocks can hold before the editor reads it with its schema (schema.js), which keeps
 * only paragraphs, headings, quotes, code, lists, bold, italic, underline, strikethrough, code and
 * links, and drops the rest (colours, fonts, sizes, classes, images from elsewhere). Here: a table
 * becomes one paragraph a cell, a quote or a list item of several paragraphs one run of text with
 * line breaks, Word's paragraphs styled as list items a list, and a list that Google Docs nests
 * beside an item goes inside it. In the browser only: it reads the HTML with the page's DOMParser.
 */

const BLOCK_TAGS = new Set(['ADDRESS', 'ARTICLE', 'ASIDE', 'BLOCKQUOTE', 'DD', 'DIV', 'DL', 'DT', 'FIGCAPTION',
  'FIGURE', 'FOOTER', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'HEADER', 'HR', 'LI', 'MAIN', 'NAV', 'OL', 'P', 'PRE',
  'SECTION', 'TABLE', 'UL']);
const LISTS = new Set(['UL', 'OL']);

const IGNORED = '[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]';

const isBlock = (node) => node.nodeType === 1 && BLOCK_TAGS.has(node.nodeName);
const isBlank = (node) => (node.textContent ?? '').trim() === '';

/**
 * @example cleanPastedHtml('<table><tr><td>a</td><td>b</td></tr></table>') // '<p>a</p><p>b</p>'
 * @param {string} html
 * @returns {string}
 */
export function cleanPastedHtml(html) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const body = doc.body;
  wordLists(body);
  // Word's list markers ("·", "1.") are text in a span it marks to be ignored.
  for (const marker of body.querySelectorAll(IGNORED)) marker.remove();
  for (const cell of body.querySelectorAll('td, th')) rename(cell, [...cell.childNodes].some(isBlock) ? 'div' : 'p');
  for (const table of body.querySelectorAll('table, thead, tbody, tfoot, tr, caption')) unwrap(table);
  for (const nested of body.querySelectorAll('ul > ul, ul > ol, ol > ul, ol > ol')) intoItemBefore(nested);
  for (const quote of body.querySelectorAll('blockquote')) flatten(quote, () => false);
  for (const item of body.querySelectorAll('li')) flatten(item, (node) => LISTS.has(node.nodeName));
  betweenBlocks(body);
  return body.innerHTML;
}

/** `element` with another tag, its children and nothing else. */
function rename(element, tag) {
  const renamed = element.ownerDocument.createElement(tag);
  renamed.append(...element.childNodes);
  element.replaceWith(renamed);
  return renamed;
}

function unwrap(element) {
  element.replaceWith(...element.childNodes);
}

/** A list beside the item it belongs to (`<ul><li>a</li><ul>…</ul></ul>`) goes inside that item. */
function intoItemBefore(list) {
  const before = list.previousElementSibling;
  if (before?.nodeName === 'LI') {
    before.append(list);
    return;
  }
  const item = list.ownerDocument.createElement('li');
  list.replaceWith(item);
  item.append(list);
}

/**
 * The blocks inside `element` as one run of text: each block's content followed by a line break,
 * but for the last; `keep(node)` says which children stay as they are (a list item's nested lists).
 */
function flatten(element, keep) {
  const blocks = [...element.childNodes].filter((node) => isBlock(node) && !keep(node));
  for (const block of blocks) {
    flatten(block, () => false);
    const next = nextContent(block, keep);
    block.replaceWith(...block.childNodes, ...(next ? [element.ownerDocument.createElement('br')] : []));
  }
}

/** Whether something that is shown (not a kept child, not blank text) follows `node`. */
function nextContent(node, keep) {
  for (let next = node.nextSibling; next; next = next.nextSibling) {
    if (next.nodeType === 1 && keep(next)) return false;
    if (next.nodeType === 1 || !isBlank(next)) return true;
  }
  return false;
}

/** A line break between two blocks (Google Docs' empty line) is an empty paragraph. */
function betweenBlocks(root) {
  for (const br of root.querySelectorAll('br')) {
    const parent = br.parentElement;
    if (!parent || (parent !== root && !['DIV', 'SECTION', 'ARTICLE', 'B', 'SPAN'].includes(parent.nodeName))) continue;
    const siblings = [...parent.childNodes].filter((node) => node.nodeType === 1 || !isBlank(node));
    if (siblings.some((node) => node.nodeType === 3 || (!isBlock(node) && node.nodeName !== 'BR'))) continue;
    br.replaceWith(root.ownerDocument.createElement('p'));
  }
}

/**
 * Word's list items are paragraphs styled `mso-list: l0 level2 lfo1`: each run of them becomes a
 * list, nested by level, numbered when the marker Word wrote before the text is a number or letter.
 */
function wordLists(root) {
  const items = [...root.querySelectorAll('p[style*="mso-list" i]')];
  const done = new Set();
  for (const first of items) {
    if (done.has(first)) continue;
    const run = [first];
    for (let next = first.nextElementSibling; next && items.includes(next); next = next.nextElementSibling) {
      run.push(next);
    }
    for (const item of run) done.add(item);
    first.before(wordList(run));
    for (const item of run) item.remove();
  }
}

/** One run of Word's list paragraphs as lists (several when the run starts deeper than it goes on). */
function wordList(run) {
  const doc = run[0].ownerDocument;
  const lists = doc.createDocumentFragment();
  /** @type {{ level: number, list: HTMLElement }[]} */
  const open = [];
  for (const paragraph of run) {
    const level = Number(/level(\d+)/i.exec(paragraph.getAttribute('style') ?? '')?.[1] ?? 1);
    const marker = paragraph.querySelector(IGNORED)?.textContent ?? '';
    while (open.length > 0 && (open.at(-1)?.level ?? 0) > level) open.pop();
    if (open.length === 0 || (open.at(-1)?.level ?? 0) < level) {
      const list = doc.createElement(/^\s*[\da-z]{1,4}[.)]/i.test(marker) ? 'ol' : 'ul');
      (open.at(-1)?.list.lastElementChild ?? lists).append(list);
      open.push({ level, list });
    }
    const item = doc.createElement('li');
    item.append(...paragraph.childNodes);
    open.at(-1)?.list.append(item);
  }
  return lists;
}
