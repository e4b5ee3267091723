/**
 * What the History panel says of versions: who made one and what it was, and a version beside the
 * current draft, field by field, with the fields that differ marked. No DOM, no requests.
 */
import { humanize, summarize } from '../../lib/schema.js';
import { language, strings } from '../../lib/strings.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Component} Component
 * @typedef {import('../../lib/schema.js').Entry} Entry
 */

const t = strings.history;

/**
 * One field of the comparison: its label, both values as text, whether they differ (and a word on
 * how, for what is summarised), and whether either is `unknown` (left out of an answer).
 * @typedef {{ name: string, label: string, thenText: string, nowText: string, differs: boolean, note: string,
 *   unknown: boolean }} ComparisonRow
 */

/**
 * `Saved`, `Published`, …; an action this page does not know yet keeps its own name.
 * @param {string} action
 * @returns {string}
 */
export const actionLabel = (action) => t.actions[action] ?? humanize(String(action ?? ''));

/**
 * A person by their username (else email), an API token by its name.
 * @param {{ username?: string, email?: string, token?: string } | undefined} author
 */
export function authorName(author) {
  if (!author) return t.unknownAuthor;
  if (typeof author.token === 'string') return t.token(author.token);
  return author.username || author.email || t.unknownAuthor;
}

/** Date and time as the page's language writes them, to the second: two saves a minute apart read apart. */
export const whenText = (value) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value ?? '');
  return date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'medium' });
};

// ---- Comparing a version with the current draft ----

/** A value with object keys sorted and component ids left out, so equal content compares equal. */
function canonical(value, dropIds) {
  if (Array.isArray(value)) return value.map((item) => canonical(item, dropIds));
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).filter((key) => !(dropIds && key === 'id') && key !== '__key').sort();
    return Object.fromEntries(keys.map((key) => [key, canonical(value[key], dropIds)]));
  }
  return value;
}

/** A relation's documentIds, or a media field's file ids, whether the value is populated or not. */
const idsOf = (value, key) => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value])
  .map((item) => (item && typeof item === 'object' ? item[key] ?? item.id : item));

/** What two values are compared by; `undefined` when the answer left the attribute out (not known). */
function compareKey(attribute, value) {
  if (value === undefined) return undefined;
  switch (attribute.type) {
    case 'relation': return JSON.stringify(idsOf(value, 'documentId'));
    case 'media': return JSON.stringify(idsOf(value, 'id'));
    case 'component':
    case 'dynamiczone': return JSON.stringify(canonical(value, true));
    case 'blocks':
    case 'json': return JSON.stringify(canonical(value, false));
    case 'datetime': {
      const time = Date.parse(value);
      return Number.isNaN(time) ? JSON.stringify(value) : String(time);
    }
    case 'boolean': return String(value === true);
    default: return value === null || value === '' ? '' : String(value);
  }
}

const clip = (text, length = 300) => (text.length > length ? `${text.slice(0, length)}…` : text);

/**
 * A value as one short text: scalars as the form shows them, rich content summarised ("3 blocks",
 * "Section: 2 entries"). `known` names what the current draft populates (a relation's entries, a
 * media field's files), for a version that holds only their ids.
 */
function shownValue(attribute, value, components, known, missing = strings.schema.notShown) {
  if (value === undefined) return missing;
  const { type } = attribute;
  if (type === 'relation' || type === 'media') {
    const key = type === 'relation' ? 'documentId' : 'id';
    const items = Array.isArray(value) ? value : value === null ? [] : [value];
    // Populated: summarised as the form summarises; ids only: named from the current draft where it has them.
    if (items.every((item) => item && typeof item === 'object')) return summarize(attribute, value, components);
    const knownItems = Array.isArray(known) ? known : known ? [known] : [];
    const names = new Map(knownItems.map((item) => [idsOf(item, key)[0], item]));
    const label = (id) => {
      const found = names.get(id);
      if (found && typeof found === 'object') return summarize(attribute, found, components);
      return type === 'media' ? t.file(id) : String(id);
    };
    if (items.length === 0) return type === 'media' ? strings.schema.noFile : strings.schema.none;
    return items.map(label).join(', ');
  }
  if (type === 'component' || type === 'dynamiczone' || type === 'blocks') {
    return summarize(attribute, value, components);
  }
  if (type === 'json') return value === null ? t.empty : clip(JSON.stringify(value));
  if (value === null || value === '') return t.empty;
  if (type === 'boolean') return value ? t.yes : t.no;
  if (type === 'datetime') return whenText(value);
  return clip(String(value));
}

/** Rich content is summarised, so a difference there is said in words besides the summaries. */
const SUMMARISED = new Set(['component', 'dynamiczone', 'blocks', 'json', 'relation', 'media']);

/**
 * The comparison's rows: every attribute the form shows (never a password or private one), with
 * the version's value, the current draft's, and whether they differ.
 * @param {ContentType} type
 * @param {Entry | null | undefined} version
 * @param {Entry | null | undefined} current
 * @param {Map<string, Component>} components
 * @returns {ComparisonRow[]}
 */
export function comparisonRows(type, version, current, components) {
  return Object.entries(type.schema.attributes)
    .filter(([, attribute]) => attribute.type !== 'password' && !attribute.private)
    .map(([name, attribute]) => {
      const [then, now] = [version?.[name], current?.[name]];
      const [thenKey, nowKey] = [compareKey(attribute, then), compareKey(attribute, now)];
      const differs = thenKey !== undefined && nowKey !== undefined && thenKey !== nowKey;
      // What a version's answer leaves out (relations, media and components, unless it populates them) is not compared.
      const thenText = shownValue(attribute, then, components, now, t.notInHistory);
      const nowText = shownValue(attribute, now, components, now);
      // Two summaries that read alike ("3 blocks" both) say that the content changed.
      const note = differs && (SUMMARISED.has(attribute.type) || thenText === nowText) ? t.changed : '';
      const unknown = thenKey === undefined || nowKey === undefined;
      return { name, label: humanize(name), thenText, nowText, differs, note, unknown };
    });
}
