/**
 * The comparison of two stored versions of one document (one status, one locale), attribute by
 * attribute, into the changes a reviewer reads: top-level attributes by name, entries of
 * components and dynamic zones by index path (`sections[2]`, `sections[1].heading`, `seo.title`).
 * Pure: it reads the two parsed files and the shapes of their content type and components.
 */
import { stableStringify, type Json } from '../../storage/index.js';
import type { AttributeShape, ShapeBook, TypeShape } from './shapes.js';

export type ChangeKind = 'added' | 'removed' | 'changed';

/**
 * How a change reads: `value` shows both values, `long` says only that it changed (long or
 * multi-line text, blocks), `links` lists ids added and removed, `link` says a single relation
 * changed, `entry` is a component entry as a whole, `hidden` never carries a value (a password, a
 * private attribute, or one whose declaration is not known, which might be either).
 */
export type ChangeForm = 'value' | 'long' | 'links' | 'link' | 'entry' | 'hidden';

export interface AttributeChange {
  path: string;
  change: ChangeKind;
  form: ChangeForm;
  before?: Json;
  after?: Json;
}

export type Row = { [key: string]: Json };

/** Keys every version has that no one edits: they change with every write and say nothing. */
export const SYSTEM_KEYS: ReadonlySet<string> = new Set(['id', 'documentId', 'createdAt', 'updatedAt', 'publishedAt', 'createdBy', 'updatedBy', 'locale']);
/** Keys of a component entry that are not its attributes: its id (renumbered freely) and, in a dynamic zone, its component. */
const ENTRY_KEYS: ReadonlySet<string> = new Set(['id', '__component']);

const isRow = (value: Json | undefined): value is Row => typeof value === 'object' && value !== null && !Array.isArray(value);
/** A missing key and a null read the same: no value. */
const present = (value: Json | undefined): Json | undefined => (value === null ? undefined : value);
const same = (before: Json | undefined, after: Json | undefined) => stableStringify(before ?? null) === stableStringify(after ?? null);
const kindOf = (before: Json | undefined, after: Json | undefined): ChangeKind => (before === undefined ? 'added' : after === undefined ? 'removed' : 'changed');

/** A change with its values, leaving out a side that has none. */
function changeOf(path: string, form: ChangeForm, before: Json | undefined, after: Json | undefined): AttributeChange {
  const change: AttributeChange = { path, change: kindOf(before, after), form };
  if (form === 'hidden') return change;
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return change;
}

/** The names to compare, in the order the type declares them, then any others the files hold, sorted. */
function namesOf(before: Row | undefined, after: Row | undefined, shape: TypeShape | undefined, skip: ReadonlySet<string>): string[] {
  const declared = [...(shape?.attributes.keys() ?? [])];
  const others = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter((name) => !shape?.attributes.has(name)).sort();
  return [...declared, ...others].filter((name) => !skip.has(name));
}

/**
 * The attributes that differ between two versions, in the type's order. A version that is not
 * there on one side has every attribute added (or removed).
 * @example compareVersions({ title: 'A' }, { title: 'B' }, shape, book) // [{ path: 'title', change: 'changed', form: 'value', before: 'A', after: 'B' }]
 */
export function compareVersions(before: Row | undefined, after: Row | undefined, shape: TypeShape | undefined, book: ShapeBook): AttributeChange[] {
  return compareAttributes(before, after, shape, book, '', SYSTEM_KEYS);
}

function compareAttributes(before: Row | undefined, after: Row | undefined, shape: TypeShape | undefined, book: ShapeBook, prefix: string, skip: ReadonlySet<string>): AttributeChange[] {
  return namesOf(before, after, shape, skip).flatMap((name) => compareValue(`${prefix}${name}`, present(before?.[name]), present(after?.[name]), shape?.attributes.get(name), book));
}

function compareValue(path: string, before: Json | undefined, after: Json | undefined, attribute: AttributeShape | undefined, book: ShapeBook): AttributeChange[] {
  if (attribute === undefined || attribute.secret) return same(before, after) ? [] : [changeOf(path, 'hidden', before, after)];
  switch (attribute.kind) {
    case 'component':
      return attribute.repeatable
        ? compareEntries(path, before, after, book, () => attribute.component)
        : compareEntry(path, before, after, book, attribute.component, attribute.component);
    case 'dynamiczone':
      return compareEntries(path, before, after, book, (entry) => componentOf(entry));
    case 'relation':
      return compareRelation(path, before, after);
    case 'long':
      return same(before, after) ? [] : [changeOf(path, 'long', before, after)];
    case 'text':
      if (same(before, after)) return [];
      return [changeOf(path, isMultiLine(before) || isMultiLine(after) ? 'long' : 'value', before, after)];
    case 'value':
      return same(before, after) ? [] : [changeOf(path, 'value', before, after)];
    default:
      return attribute.kind satisfies never;
  }
}

const isMultiLine = (value: Json | undefined) => typeof value === 'string' && /[\r\n]/.test(value);
const componentOf = (entry: Json | undefined) => (isRow(entry) && typeof entry.__component === 'string' ? entry.__component : undefined);
const entriesOf = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]);

/** The entries of a repeatable component or a dynamic zone, compared index by index. */
function compareEntries(path: string, before: Json | undefined, after: Json | undefined, book: ShapeBook, uidOf: (entry: Json | undefined) => string | undefined): AttributeChange[] {
  const [was, is] = [entriesOf(before), entriesOf(after)];
  const changes: AttributeChange[] = [];
  for (let index = 0; index < Math.max(was.length, is.length); index += 1) {
    const [old, now] = [present(was[index]), present(is[index])];
    changes.push(...compareEntry(`${path}[${index}]`, old, now, book, uidOf(old), uidOf(now)));
  }
  return changes;
}

/**
 * One component entry: added or removed as a whole, replaced by one of another component (a
 * dynamic zone), or compared attribute by attribute. An entry whose component is not known is
 * only said to have changed: its attributes might be private.
 */
function compareEntry(path: string, before: Json | undefined, after: Json | undefined, book: ShapeBook, uidBefore: string | undefined, uidAfter: string | undefined): AttributeChange[] {
  if (before === undefined && after === undefined) return [];
  if (before === undefined || after === undefined || uidBefore !== uidAfter) {
    return [changeOf(path, 'entry', shownEntry(before, uidBefore, book), shownEntry(after, uidAfter, book))];
  }
  const shape = uidBefore === undefined ? undefined : book.component(uidBefore);
  if (!shape || !isRow(before) || !isRow(after)) {
    return same(withoutKeys(before, ENTRY_KEYS), withoutKeys(after, ENTRY_KEYS)) ? [] : [changeOf(path, 'hidden', before, after)];
  }
  return compareAttributes(before, after, shape, book, `${path}.`, ENTRY_KEYS);
}

function withoutKeys(value: Json, keys: ReadonlySet<string>): Json {
  return isRow(value) ? Object.fromEntries(Object.entries(value).filter(([key]) => !keys.has(key))) : value;
}

/**
 * A component entry as it may be shown: without its id and without the values of secret or
 * undeclared attributes, nested entries likewise. Undefined when its component is not known.
 */
export function shownEntry(entry: Json | undefined, uid: string | undefined, book: ShapeBook): Json | undefined {
  const shape = uid === undefined ? undefined : book.component(uid);
  if (entry === undefined || !shape || !isRow(entry)) return undefined;
  const shown: Row = {};
  for (const [name, value] of Object.entries(entry)) {
    if (name === '__component') {
      shown[name] = value;
      continue;
    }
    const attribute = shape.attributes.get(name);
    if (name === 'id' || !attribute || attribute.secret) continue;
    const inner = attribute.kind === 'component' ? attribute.component : undefined;
    if (attribute.kind === 'dynamiczone') shown[name] = entriesOf(value).map((item) => shownEntry(item, componentOf(item), book) ?? null);
    else if (inner === undefined) shown[name] = value;
    else if (attribute.repeatable) shown[name] = entriesOf(value).map((item) => shownEntry(item, inner, book) ?? null);
    else shown[name] = value === null ? null : (shownEntry(value, inner, book) ?? null);
  }
  return shown;
}

/** The key a related document (or file, or user) is told by: its documentId or id. */
function linkKey(value: Json): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (isRow(value) && (typeof value.documentId === 'string' || typeof value.id === 'number')) return String(value.documentId ?? value.id);
  return stableStringify(value);
}

/** A to-many relation as the ids it gains and loses; a to-one relation as one that changed. */
function compareRelation(path: string, before: Json | undefined, after: Json | undefined): AttributeChange[] {
  if (!Array.isArray(before) && !Array.isArray(after)) return same(before, after) ? [] : [changeOf(path, 'link', before, after)];
  const [was, is] = [entriesOf(before).map(linkKey), entriesOf(after).map(linkKey)];
  if (was.join('\n') === is.join('\n')) return [];
  return [changeOf(path, 'links', was.length === 0 ? undefined : was, is.length === 0 ? undefined : is)];
}

/** The ids a to-many relation gains and loses, in the order the files list them. */
export function linkDelta(change: AttributeChange): { added: string[]; removed: string[] } {
  const list = (value: Json | undefined) => (Array.isArray(value) ? value.map(String) : []);
  const [was, is] = [list(change.before), list(change.after)];
  return { added: is.filter((id) => !was.includes(id)), removed: was.filter((id) => !is.includes(id)) };
}
