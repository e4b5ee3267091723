/**
 * Component rows and their ids (docs/api/content.md, Components): ids are local to a status.
 * A write replaces the whole list on the draft; an entry that carries an `id` must be one of the
 * draft's own entries (it is then updated in place), anything else is refused, because ids read
 * from a published response belong to other rows.
 */
import { ApplicationError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import type { Attribute, RelationAttribute, Schemas } from '../schema/index.js';
import type { Json } from '../storage/index.js';

type Entry = { [key: string]: Json | undefined };

export const notRelated = (field: string) => new ApplicationError(`Some of the provided components in ${field} are not related to the entity`);

const isEntry = isPlainObject as (value: unknown) => value is Entry;

/** The component uid an entry of `attribute` belongs to. */
function componentOf(attribute: Attribute, entry: Entry): string | undefined {
  if (attribute.type === 'component') return attribute.component;
  if (attribute.type === 'dynamiczone') return entry.__component as string;
  return undefined;
}

/** How a relation value of a payload is stored (the service's `applyRelation`). */
export type StoreRelation = (attribute: RelationAttribute, value: unknown, current: Json | undefined, path: string) => Json;

/**
 * Gives every entry of a component or dynamic-zone value its id: the given one when it belongs to
 * `current` (the draft's entries), a new one otherwise; nested components likewise. Relations
 * inside entries are stored through `relation`, as the document's own relations are.
 * @example withComponentIds(schemas, attribute, input, draft.sections, 'sections', nextId, storeRelation)
 */
export function withComponentIds(
  schemas: Schemas,
  attribute: Attribute,
  input: Json,
  current: Json | undefined,
  field: string,
  nextId: () => number,
  relation: StoreRelation,
): Json {
  if (input === null) return null;
  const owned = new Map<number, Entry>();
  for (const entry of ([] as Json[]).concat(current ?? [])) if (isEntry(entry) && typeof entry.id === 'number') owned.set(entry.id, entry);
  const place = (entry: Json): Json => {
    if (!isEntry(entry)) return entry;
    let base: Entry | undefined;
    if (entry.id !== undefined && entry.id !== null) {
      base = typeof entry.id === 'number' ? owned.get(entry.id) : undefined;
      if (!base || componentOf(attribute, base) !== componentOf(attribute, entry)) throw notRelated(field);
    }
    const result: Entry = { ...(base ?? {}), ...entry, id: base ? (base.id as number) : nextId() };
    const component = schemas.components.get(componentOf(attribute, entry) ?? '');
    for (const [name, nested] of Object.entries(component?.attributes ?? {})) {
      if (entry[name] === undefined) continue;
      if (nested.type === 'component' || nested.type === 'dynamiczone') {
        result[name] = withComponentIds(schemas, nested, entry[name]!, base?.[name], `${field}.${name}`, nextId, relation);
      } else if (nested.type === 'relation') {
        // Stored as the top level stores it: documentIds (numeric ids for users and roles).
        result[name] = relation(nested, entry[name], base?.[name], `${field}.${name}`);
      }
    }
    return result as Json;
  };
  return Array.isArray(input) ? input.map(place) : place(input);
}

/** A copy of a value with fresh ids for every component entry, at any depth (publishing). */
export function renumberComponents(schemas: Schemas, attributes: Record<string, Attribute>, row: Entry, nextId: () => number): Entry {
  const copy: Entry = { ...row };
  for (const [name, attribute] of Object.entries(attributes)) {
    if ((attribute.type !== 'component' && attribute.type !== 'dynamiczone') || !copy[name]) continue;
    const renumber = (entry: Json): Json => {
      if (!isEntry(entry)) return entry;
      const component = schemas.components.get(componentOf(attribute, entry) ?? '');
      return { ...renumberComponents(schemas, component?.attributes ?? {}, entry, nextId), id: nextId() };
    };
    const value = copy[name]!;
    copy[name] = Array.isArray(value) ? value.map(renumber) : renumber(value);
  }
  return copy;
}
