/**
 * A stored row turned into the payload the API would have been sent: attributes copied, keys that
 * are no attribute reported, component ids checked and set aside, relations checked in their stored
 * form (documentIds, or numeric ids of users, roles and files) and their targets looked up.
 */
import { isPlainObject } from '../../objects.js';
import { nearest } from '../../suggest.js';
import { isToMany, ROLE_UID, USER_UID, validationMessages as m } from '../../model/index.js';
import { FILE_UID, type Attribute, type Component, type RelationAttribute } from '../../schema/index.js';
import type { Prepared } from './models.js';
import { describeValue, formatPath, type StoredDocumentContext, type StoredProblem } from './problems.js';

export interface Walk {
  context: StoredDocumentContext;
  problems: StoredProblem[];
  draft: boolean;
  /** Component id → where it was first met. */
  componentIds: Map<number, string>;
  prepared: Prepared;
}

/** Keys of a row that are no attribute: checked by `checkSystemFields`. */
const ROW_SYSTEM_KEYS = new Set(['id', 'documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt']);

/**
 * Copies the attributes of a stored object (the row, or a component entry) into `out`, reporting
 * keys that are no attribute and setting aside what the API does not take (component ids, inverse
 * relations). `at.entry` is set for component entries (`component`: the dynamic-zone entry's uid).
 */
export function convertObject(
  value: Record<string, unknown>,
  attributes: Record<string, Attribute>,
  path: string[],
  walk: Walk,
  at: { owner: string; entry: { component?: string } | undefined },
  out: Record<string, unknown>,
): void {
  for (const [key, item] of Object.entries(value)) {
    const keyPath = [...path, key];
    const attribute = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
    if (attribute && !(path.length === 0 && ROW_SYSTEM_KEYS.has(key))) {
      const converted = convertValue(item, attribute, keyPath, walk);
      if (converted !== undefined) out[key] = converted;
      continue;
    }
    if (path.length === 0 && ROW_SYSTEM_KEYS.has(key)) continue;
    if (at.entry && key === 'id') continue; // checked by checkComponentIds
    if (at.entry?.component !== undefined && key === '__component') {
      out.__component = item;
      continue;
    }
    const names = Object.keys(attributes).filter((name) => !(path.length === 0 && ROW_SYSTEM_KEYS.has(name)));
    const hint = nearest(key, names);
    const where = path.length === 0 ? key : formatPath(keyPath);
    walk.problems.push({ message: `${where} is not an attribute of ${at.owner}${hint ? `; did you mean "${hint}"?` : ''}`, path: keyPath });
  }
  // A required attribute with a default is filled in by the API when absent, so a stored version always has it.
  if (!walk.draft) {
    for (const [name, attribute] of Object.entries(attributes)) {
      if (path.length === 0 && ROW_SYSTEM_KEYS.has(name)) continue;
      if (attribute.required && 'default' in attribute && attribute.default !== undefined && value[name] === undefined) {
        walk.problems.push({ message: m.required(formatPath([...path, name])), path: [...path, name] });
      }
    }
  }
}

/** The payload form of one stored value, or undefined to leave it out (its problem is reported). */
function convertValue(value: unknown, attribute: Attribute, path: string[], walk: Walk): unknown {
  switch (attribute.type) {
    case 'relation':
      return convertRelation(value, attribute, path, walk);
    case 'password':
      if (typeof value === 'string' && !PASSWORD_HASH.test(value)) {
        walk.problems.push({
          message: `${formatPath(path)} must be stored as a password hash, not as the password itself; set it through the API or \`folio\``,
          path,
        });
      }
      return value;
    case 'component': {
      const component = walk.prepared.lookup.component(attribute.component);
      if (!component) return value;
      if (attribute.repeatable) {
        return Array.isArray(value) ? value.map((entry, index) => convertEntry(entry, component, [...path, String(index)], walk)) : value;
      }
      return convertEntry(value, component, path, walk);
    }
    case 'dynamiczone':
      if (!Array.isArray(value)) return value;
      return value.map((entry, index) => {
        const uid = isPlainObject(entry) ? entry.__component : undefined;
        const component = typeof uid === 'string' && attribute.components.includes(uid) ? walk.prepared.lookup.component(uid) : undefined;
        // An entry of an unknown component: the validator names the problem (`__component must be one of …`).
        if (!component) return entry;
        return convertEntry(entry, component, [...path, String(index)], walk, uid as string);
      });
    case 'string': case 'text': case 'richtext': case 'email': case 'uid': case 'enumeration': case 'integer': case 'biginteger':
    case 'decimal': case 'float': case 'boolean': case 'date': case 'datetime': case 'time': case 'json': case 'blocks':
      return value;
    default:
      return attribute satisfies never;
  }
}

/** A component entry without its `id` (checked here), as the API receives a new entry: complete. */
function convertEntry(entry: unknown, component: Component, path: string[], walk: Walk, dzComponent?: string): unknown {
  if (!isPlainObject(entry)) return entry; // the validator says what it must be
  checkComponentId(entry.id, path, walk);
  const out: Record<string, unknown> = {};
  const at = { owner: `component ${component.uid}`, entry: dzComponent === undefined ? {} : { component: dzComponent } };
  convertObject(entry, component.attributes, path, walk, at, out);
  return out;
}

function checkComponentId(id: unknown, entryPath: string[], walk: Walk): void {
  const path = [...entryPath, 'id'];
  const where = formatPath(path);
  if (id === undefined || id === null) {
    if (!walk.context.handWritten || id === null) walk.problems.push({ message: m.required(where), path: id === null ? path : entryPath });
    return;
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    const message = typeof id !== 'number' || !Number.isFinite(id)
      ? m.type(where, 'number', id)
      : Number.isInteger(id) ? m.min(where, 1) : m.integer(where);
    walk.problems.push({ message, path });
    return;
  }
  const first = walk.componentIds.get(id);
  if (first !== undefined) {
    walk.problems.push({ message: `${where} ${id} is already the id of ${first}; component ids are unique within a version`, path });
  }
  else walk.componentIds.set(id, formatPath(entryPath));
}

/** Strapi-style bcrypt hashes come with imports from Strapi; ours are scrypt. */
const PASSWORD_HASH = /^\$(scrypt|2[aby])\$/;

/**
 * A relation is stored on its owning side as documentIds (numeric ids for users and roles): a
 * list for to-many relations, one value or null for to-one. Its targets must exist.
 */
function convertRelation(value: unknown, attribute: RelationAttribute, path: string[], walk: Walk): unknown {
  const where = formatPath(path);
  if (attribute.mappedBy !== undefined) {
    if (value === null || (Array.isArray(value) && value.length === 0)) return undefined;
    const owner = `${attribute.target.split('.').pop()}.${attribute.mappedBy}`;
    walk.problems.push({ message: `${where} is the inverse side of a relation; set it from ${owner}`, path });
    return undefined;
  }
  const table = attribute.target === USER_UID ? 'users'
    : attribute.target === ROLE_UID ? 'roles'
    : attribute.target === FILE_UID ? 'files'
    : undefined;
  const many = isToMany(attribute);
  const refs = value === null ? [] : Array.isArray(value) ? value : [value];
  let stored = true;
  refs.forEach((ref, index) => {
    const refPath = Array.isArray(value) ? [...path, String(index)] : path;
    const valid = table ? typeof ref === 'number' && Number.isSafeInteger(ref) && ref > 0 : typeof ref === 'string' && ref.trim() !== '';
    if (!valid) {
      stored = false;
      const form = table ? `numeric ids of ${table}` : `documentIds of ${attribute.target}`;
      const count = many ? ' (a list)' : ' (one, or null)';
      walk.problems.push({ message: `${formatPath(refPath)} must hold ${form}${count}, got ${describeValue(ref)}`, path: refPath });
      return;
    }
    const found = walk.context.exists?.(attribute.target, ref as string | number);
    if (found === false) {
      const what = typeof ref === 'number' ? `id ${ref}` : `documentId "${ref}"`;
      walk.problems.push({ message: `${where}: no related entry with ${what}`, path: refPath });
    }
  });
  if (!stored) return [];
  if (many && !Array.isArray(value) && value !== null) {
    walk.problems.push({ message: `${where} is a ${attribute.relation} relation: store a list of ${table ? 'ids' : 'documentIds'}`, path });
  } else if (!many && Array.isArray(value) && value.length <= 1) {
    const one = table ? 'id' : 'documentId';
    walk.problems.push({ message: `${where} is a ${attribute.relation} relation: store one ${one} or null, not a list`, path });
  }
  return value; // the validator checks the rest (a to-one relation with several targets)
}
