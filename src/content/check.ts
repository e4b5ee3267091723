/**
 * Checks of stored document versions as they are on disk, for `folio check` and for a server that
 * takes in a file changed by something else (git, an editor). Pure: the caller reads the files and
 * says what exists.
 *
 * One rule set: a stored row is turned into the payload the API would have been sent (system
 * fields and component ids set aside, relations as the documentIds they store) and run through
 * the API's own validator (`validateDocumentInput`), so a file passes exactly when the API would
 * have accepted its values, with the API's messages. What only a stored row has is checked here:
 * system fields, component ids, the stored form of relations and of values the API normalizes
 * (`"views": "11"` is accepted by the API but stored as `11`), and, across versions, numeric ids
 * and unique values.
 */
import { ValidationError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { nearest } from '../suggest.js';
import { createModelLookup, isToMany, ROLE_UID, USER_UID, validateDocumentInput, validationMessages as m, type Model, type ModelLookup } from '../model/index.js';
import { FILE_UID, type Attribute, type Component, type ContentType, type RelationAttribute, type Schemas } from '../schema/index.js';
import type { DocumentStatus } from '../storage/index.js';
import { handWrittenId, type ContentStore } from './store.js';
import { NO_LOCALE } from './types.js';


/** One problem of a stored version; `path` is where in its JSON (keys and array indices), when it is about a value. */
export interface StoredProblem {
  message: string;
  path?: string[];
}

export interface StoredDocumentContext {
  schemas: Schemas;
  /** The document's folder name. */
  documentId: string;
  /** The status and locale its file name gives (`NO_LOCALE` for a non-localized type). */
  status: DocumentStatus;
  locale: string;
  /** The project's locale codes (config/i18n.yaml); omitted: locales are not checked. */
  locales?: readonly string[];
  /**
   * Whether a relation target exists: a documentId of a content type (`api::…`), or the numeric id
   * of a user or role. Omitted, or answering undefined: not checked.
   */
  exists?: (target: string, ref: string | number) => boolean | undefined;
  /**
   * A file written by hand may leave out what the server fills in itself (`id`, `createdAt`,
   * `updatedAt`, `publishedAt`, component ids): true for every file read from disk (`folio check`,
   * the server taking in a changed file), since which of them a person wrote is not for the files
   * to say. Default false: a version the server writes has them all.
   */
  handWritten?: boolean;
}

/**
 * Every problem of one stored version of a document of `type`: where its file is (status, locale),
 * its system fields, its attribute values as the API would accept them, component ids, the stored
 * form of relations and whether their targets exist. Other versions are not looked at (see
 * {@link checkStoredDocuments}).
 * @example checkStoredDocument(article, { id: 1, documentId: 'a1', title: 5, … }, { schemas, documentId: 'a1', status: 'draft', locale: 'en' })
 * // [{ message: 'title must be a `string` type, but the final value was: `5`.', path: ['title'] }]
 */
export function checkStoredDocument(type: ContentType, row: unknown, context: StoredDocumentContext): StoredProblem[] {
  const problems: StoredProblem[] = [];
  checkPlace(type, context, problems);
  if (!isPlainObject(row)) {
    problems.push({ message: `must be a JSON object (one version of a ${type.singularName} document), got ${Array.isArray(row) ? 'an array' : describeValue(row)}` });
    return problems;
  }
  const draft = type.draftAndPublish && context.status === 'draft';
  const walk: Walk = { context, problems, draft, componentIds: new Map(), prepared: prepare(context.schemas) };

  const payload: Record<string, unknown> = {};
  checkSystemFields(type, row, context, draft, payload, problems);
  convertObject(row, walk.prepared.typeModel(type).attributes, [], walk, { owner: type.singularName, entry: undefined }, payload);
  validate(type, payload, walk);
  return problems.map((problem) => (problem.path && isHiddenAt(type.attributes, row, problem.path, walk.prepared.lookup) ? { ...problem, message: withoutValue(problem.message) } : problem));
}

// --- values never shown -----------------------------------------------------------------------

/**
 * Whether `path` in a stored value goes through a password or private attribute, at any depth of
 * components and dynamic zones: messages about it never show its value, since they go to logs and
 * CI output that readers of the value's document may not see it in (a password, a private note).
 */
function isHiddenAt(attributes: Record<string, Attribute>, value: unknown, path: readonly string[], lookup: ModelLookup): boolean {
  let scope = attributes;
  let current = value;
  for (let i = 0; i < path.length; i++) {
    const name = path[i]!;
    const attribute = Object.hasOwn(scope, name) ? scope[name] : undefined;
    if (!attribute) return false;
    if (attribute.type === 'password' || attribute.private === true) return true;
    if (attribute.type !== 'component' && attribute.type !== 'dynamiczone') return false;
    current = isPlainObject(current) ? current[name] : undefined;
    if (attribute.type === 'dynamiczone' || attribute.repeatable) {
      const index = path[++i];
      current = Array.isArray(current) && index !== undefined ? current[Number(index)] : undefined;
    }
    const uid = attribute.type === 'component' ? attribute.component : isPlainObject(current) ? current.__component : undefined;
    const component = typeof uid === 'string' ? lookup.component(uid) : undefined;
    if (!component) return false;
    scope = component.attributes;
  }
  return false;
}

const NOT_SHOWN = 'its value is not shown (a password or private attribute)';

/**
 * A message without the value it quotes: the API's type messages (`…, but the final value was: …`)
 * and the stored form of a relation (`…, got …`). compareStored words its own messages.
 */
function withoutValue(message: string): string {
  return message.replace(/, (?:but the final value was:|got) [\s\S]*$/, `; ${NOT_SHOWN}`);
}

// --- where the file is, and system fields -----------------------------------------------------

function checkPlace(type: ContentType, context: StoredDocumentContext, problems: StoredProblem[]): void {
  if (!type.draftAndPublish && context.status === 'draft') {
    problems.push({ message: `${type.singularName} has no draft & publish: its versions are published.<locale>.json, never draft` });
  }
  if (!type.localized) {
    if (context.locale !== NO_LOCALE) problems.push({ message: `${type.singularName} is not localized: its versions are stored as <status>.${NO_LOCALE}.json, not with locale "${context.locale}"` });
  } else if (context.locale === NO_LOCALE || (context.locales && !context.locales.includes(context.locale))) {
    const known = context.locales ? ` (config/i18n.yaml: ${context.locales.join(', ')})` : '';
    problems.push({
      message: context.locale === NO_LOCALE
        ? `${type.singularName} is localized: name the file <status>.<locale>.json with a locale of the project${known}`
        : `locale "${context.locale}" is not a locale of the project${known}; add it with \`folio locale add ${context.locale}\` or rename the file`,
    });
  }
}

const TIMESTAMPS = ['createdAt', 'updatedAt'] as const;

/** `id`, `documentId`, `locale` and the timestamps; the ones with a type go into `payload` for the validator. */
function checkSystemFields(type: ContentType, row: Record<string, unknown>, context: StoredDocumentContext, draft: boolean, payload: Record<string, unknown>, problems: StoredProblem[]): void {
  const required = !context.handWritten;
  for (const name of ['id', ...TIMESTAMPS]) {
    if (row[name] === undefined || row[name] === null) {
      if (required || row[name] === null) problems.push({ message: m.required(name), path: [name] });
    } else payload[name] = row[name];
  }
  if (row.documentId !== undefined && row.documentId !== context.documentId) {
    problems.push({ message: `documentId ${JSON.stringify(row.documentId)} does not match the document's folder name (${context.documentId})`, path: ['documentId'] });
  }
  if (row.locale !== undefined) {
    const expected = type.localized ? context.locale : null;
    if (row.locale !== expected) {
      problems.push({
        message: type.localized
          ? `locale ${JSON.stringify(row.locale)} does not match the file name (${context.status}.${context.locale}.json)`
          : `locale must be null: ${type.singularName} is not localized, got ${JSON.stringify(row.locale)}`,
        path: ['locale'],
      });
    }
  }
  const publishedAt = row.publishedAt;
  if (draft) {
    if (publishedAt !== undefined && publishedAt !== null) problems.push({ message: `publishedAt must be null on a draft, got ${JSON.stringify(publishedAt)}`, path: ['publishedAt'] });
  } else if (publishedAt === null) {
    problems.push({ message: 'publishedAt must be a date and time on a published version, not null', path: ['publishedAt'] });
  } else if (publishedAt === undefined) {
    if (required) problems.push({ message: m.required('publishedAt'), path: ['publishedAt'] });
  } else payload.publishedAt = publishedAt;
}

// --- stored row → API payload -----------------------------------------------------------------

interface Walk {
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
function convertObject(
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
        walk.problems.push({ message: `${formatPath(path)} must be stored as a password hash, not as the password itself; set it through the API or \`folio\``, path });
      }
      return value;
    case 'component': {
      const component = walk.prepared.lookup.component(attribute.component);
      if (!component) return value;
      if (attribute.repeatable) return Array.isArray(value) ? value.map((entry, index) => convertEntry(entry, component, [...path, String(index)], walk)) : value;
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
  convertObject(entry, component.attributes, path, walk, { owner: `component ${component.uid}`, entry: dzComponent === undefined ? {} : { component: dzComponent } }, out);
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
    const message = typeof id !== 'number' || !Number.isFinite(id) ? m.type(where, 'number', id) : Number.isInteger(id) ? m.min(where, 1) : m.integer(where);
    walk.problems.push({ message, path });
    return;
  }
  const first = walk.componentIds.get(id);
  if (first !== undefined) walk.problems.push({ message: `${where} ${id} is already the id of ${first}; component ids are unique within a version`, path });
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
    walk.problems.push({ message: `${where} is the inverse side of a relation; set it from ${attribute.target.split('.').pop()}.${attribute.mappedBy}`, path });
    return undefined;
  }
  const table = attribute.target === USER_UID ? 'users' : attribute.target === ROLE_UID ? 'roles' : attribute.target === FILE_UID ? 'files' : undefined;
  const many = isToMany(attribute);
  const refs = value === null ? [] : Array.isArray(value) ? value : [value];
  let stored = true;
  refs.forEach((ref, index) => {
    const refPath = Array.isArray(value) ? [...path, String(index)] : path;
    const valid = table ? typeof ref === 'number' && Number.isSafeInteger(ref) && ref > 0 : typeof ref === 'string' && ref.trim() !== '';
    if (!valid) {
      stored = false;
      const form = table ? `numeric ids of ${table}` : `documentIds of ${attribute.target}`;
      walk.problems.push({ message: `${formatPath(refPath)} must hold ${form}${many ? ' (a list)' : ' (one, or null)'}, got ${describeValue(ref)}`, path: refPath });
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
    walk.problems.push({ message: `${where} is a ${attribute.relation} relation: store one ${table ? 'id' : 'documentId'} or null, not a list`, path });
  }
  return value; // the validator checks the rest (a to-one relation with several targets)
}

// --- the API's validator ----------------------------------------------------------------------

/** Attribute types whose stored value is the validator's normalized one. */
const NORMALIZED_TYPES = new Set(['string', 'text', 'richtext', 'email', 'uid', 'enumeration', 'integer', 'biginteger', 'decimal', 'float', 'boolean', 'date', 'time', 'datetime']);

function validate(type: ContentType, payload: Record<string, unknown>, walk: Walk): void {
  const model = walk.prepared.typeModel(type);
  const options = { lookup: walk.prepared.lookup, mode: 'create' as const, draft: walk.draft };
  let output: Record<string, unknown> | undefined;
  const failed = new Set<string>();
  try {
    output = validateDocumentInput(payload, model, options);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    for (const issue of issuesOf(error)) {
      walk.problems.push(issue);
      if (issue.path?.[0] !== undefined) failed.add(issue.path[0]);
    }
  }
  if (!output) {
    // Once more without what failed, for the stored forms of the rest.
    const rest = Object.fromEntries(Object.entries(payload).filter(([name]) => !failed.has(name)));
    try {
      output = validateDocumentInput(rest, model, { ...options, mode: 'update' });
    } catch {
      return;
    }
  }
  compareStored(payload, output, model.attributes, [], walk);
}

/** A ValidationError as problems: each of `details.errors`, or the error itself (`Invalid key …`). */
function issuesOf(error: ValidationError): StoredProblem[] {
  const errors = error.details.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    return errors.map((issue: { message: string; path: string[] }) => ({ message: issue.message, path: issue.path }));
  }
  const path = typeof error.details.path === 'string' ? error.details.path.split('.') : undefined;
  return [{ message: error.message, ...(path ? { path } : {}) }];
}

/**
 * Values the API accepts but stores in another form (`"11"` for an integer, a time without seconds);
 * within a password or private attribute (`hidden`), without the values (see isHiddenAt).
 */
function compareStored(stored: Record<string, unknown>, normalized: Record<string, unknown>, attributes: Record<string, Attribute>, path: string[], walk: Walk, hidden = false): void {
  for (const [name, value] of Object.entries(stored)) {
    const attribute = Object.hasOwn(attributes, name) ? attributes[name] : undefined;
    const result = normalized[name];
    if (!attribute || result === undefined || value === null) continue;
    const valuePath = [...path, name];
    const secret = hidden || attribute.type === 'password' || attribute.private === true;
    if (NORMALIZED_TYPES.has(attribute.type)) {
      if (result !== value) {
        const form = secret ? `in the form the API stores it; ${NOT_SHOWN}` : `as ${describeValue(result)}, not ${describeValue(value)}`;
        walk.problems.push({ message: `${formatPath(valuePath)} must be stored ${form}`, path: valuePath });
      }
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      const entries = Array.isArray(value) ? value : [value];
      const results = Array.isArray(result) ? result : [result];
      entries.forEach((entry, index) => {
        const uid = attribute.type === 'component' ? attribute.component : isPlainObject(entry) ? entry.__component : undefined;
        const component = typeof uid === 'string' ? walk.prepared.lookup.component(uid) : undefined;
        if (!component || !isPlainObject(entry) || !isPlainObject(results[index])) return;
        compareStored(entry, results[index] as Record<string, unknown>, component.attributes, Array.isArray(value) ? [...valuePath, String(index)] : valuePath, walk, secret);
      });
    }
  }
}

// --- models for stored rows -------------------------------------------------------------------

interface Prepared {
  lookup: ModelLookup;
  typeModel(type: ContentType): Model;
}

const preparedBySchemas = new WeakMap<Schemas, Prepared>();

/**
 * The models a stored row is validated against: the type's attributes plus its typed system fields,
 * with what only limits API input relaxed. `writable: false` attributes may hold a stored value,
 * and a password attribute holds a hash, whose length says nothing about the password's.
 */
function prepare(schemas: Schemas): Prepared {
  let prepared = preparedBySchemas.get(schemas);
  if (prepared) return prepared;
  const base = createModelLookup(schemas);
  const components = new Map<string, Component>();
  const models = new WeakMap<ContentType, Model>();
  const lookup: ModelLookup = {
    model: base.model,
    component(uid) {
      let component = components.get(uid);
      if (!component) {
        const original = schemas.components.get(uid);
        if (!original) return undefined;
        components.set(uid, (component = { ...original, attributes: relax(original.attributes) }));
      }
      return component;
    },
    mayRead: () => true,
  };
  prepared = {
    lookup,
    typeModel(type) {
      let model = models.get(type);
      if (!model) {
        const attributes: Record<string, Attribute> = {
          ...relax(type.attributes),
          id: { type: 'integer', min: 1 },
          createdAt: { type: 'datetime' },
          updatedAt: { type: 'datetime' },
          publishedAt: { type: 'datetime' },
        };
        models.set(type, (model = { uid: type.uid, attributes, localized: type.localized, draftAndPublish: type.draftAndPublish, isComponent: false }));
      }
      return model;
    },
  };
  preparedBySchemas.set(schemas, prepared);
  return prepared;
}

function relax(attributes: Record<string, Attribute>): Record<string, Attribute> {
  const relaxed: Record<string, Attribute> = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    const copy = { ...attribute } as Attribute & Record<string, unknown>;
    delete copy.writable;
    if (attribute.type === 'password') {
      delete copy.minLength;
      delete copy.maxLength;
      delete copy.regex;
    }
    relaxed[name] = copy;
  }
  return relaxed;
}

// --- across versions --------------------------------------------------------------------------

/** One stored version, as {@link checkStoredDocuments} compares it with the others. */
export interface StoredVersion {
  documentId: string;
  status: DocumentStatus;
  /** As the file name gives it (`NO_LOCALE` for a non-localized type). */
  locale: string;
  row: Record<string, unknown>;
  /** How messages name it, e.g. its file's path. */
  name: string;
}

export interface VersionProblem extends StoredProblem {
  version: StoredVersion;
}

/**
 * What no single version shows, over the versions of one type: a numeric `id` used by two versions
 * (every stored version has its own; a document's draft and published version too), and a value of
 * a `unique` or `uid` attribute found in two documents in one status and locale. Each version
 * involved is reported, naming the others, since which one is at fault is not for the files to say.
 * @example checkStoredDocuments(category, versions) // [{ version, path: ['name'], message: 'name must be unique: "News" is also the name of …' }, …]
 */
export function checkStoredDocuments(type: ContentType, versions: readonly StoredVersion[]): VersionProblem[] {
  const ids = new Map<number, StoredVersion[]>();
  /** Versions written by hand without an id, and so given the one the server gives them. */
  const given = new Set<StoredVersion>();
  const values = new Map<string, StoredVersion[]>();
  const unique = Object.entries(type.attributes).filter(([, attribute]) => attribute.type === 'uid' || ('unique' in attribute && attribute.unique === true));
  const add = <K>(groups: Map<K, StoredVersion[]>, key: K, version: StoredVersion) => {
    const group = groups.get(key);
    if (group) group.push(version);
    else groups.set(key, [version]);
  };
  for (const version of versions) {
    const { id } = version.row;
    if (typeof id === 'number' && Number.isSafeInteger(id)) add(ids, id, version);
    else if (id === undefined) {
      given.add(version);
      add(ids, handWrittenId(type.singularName, version.documentId, version.status, version.locale), version);
    }
    for (const [name] of unique) {
      const value = version.row[name];
      if (value === undefined || value === null || typeof value === 'object') continue;
      add(values, JSON.stringify([name, version.status, version.locale, value]), version);
    }
  }
  const problems: VersionProblem[] = [];
  for (const [id, group] of ids) {
    if (group.length < 2) continue;
    for (const version of group) {
      const others = group.filter((other) => other !== version);
      const own = others.every((other) => other.documentId === version.documentId) ? ' (the versions of one document too)' : '';
      // A version without an id has the one the server gives it (see handWrittenId).
      const named = given.has(version) ? `the id this file is given, having none, ${id},` : `id ${id}`;
      problems.push({ version, path: ['id'], message: `${named} is also the id of ${names(others)}; every stored version of ${type.singularName} needs its own id${own}` });
    }
  }
  for (const [key, group] of values) {
    if (group.length < 2) continue;
    const [name, , , value] = JSON.parse(key) as [string, string, string, unknown];
    const attribute = type.attributes[name]!;
    const shown = attribute.type === 'password' || attribute.private === true ? 'its value' : describeValue(value);
    for (const version of group) {
      const others = group.filter((other) => other !== version);
      problems.push({ version, path: [name], message: `${name} must be unique: ${shown} is also the ${name} of ${names(others)}` });
    }
  }
  return problems;
}

/** How versions are named in a message: the first two, and how many more. */
function names(versions: readonly StoredVersion[]): string {
  const shown = versions.slice(0, 2).map((version) => version.name).join(' and ');
  return versions.length > 2 ? `${shown} and ${versions.length - 2} more` : shown;
}

// --- helpers ----------------------------------------------------------------------------------

/** yup's spelling of a path, as the API's messages use it: `sections[0].heading`. */
function formatPath(path: readonly string[]): string {
  let out = '';
  for (const segment of path) out += /^\d+$/.test(segment) ? `[${segment}]` : out ? `.${segment}` : segment;
  return out;
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
}

/**
 * Every problem of the versions a store holds, checked against its schemas as a server checks a
 * file written by hand (relation targets need not exist yet): whether content types changed on
 * disk can be served with the documents there. Each as `<type>/<documentId>/<status>.<locale>.json: message`.
 * @example checkStore(store, nextSchemas, ['en', 'fr']) // ['article/abc/draft.en.json: title must be defined']
 */
export function checkStore(store: ContentStore, schemas: Schemas, locales: readonly string[]): string[] {
  const problems: string[] = [];
  for (const type of schemas.contentTypes) {
    const versions: StoredVersion[] = [];
    for (const documentId of store.documentIds(type)) {
      for (const { status, row } of store.versions(type, documentId)) {
        const locale = type.localized ? (row.locale ?? '') : NO_LOCALE;
        const version: StoredVersion = { documentId, status, locale, row, name: `${type.singularName}/${documentId}/${status}.${locale}.json` };
        versions.push(version);
        const context = { schemas, documentId, status, locale, locales, handWritten: true };
        for (const problem of checkStoredDocument(type, row, context)) problems.push(`${version.name}: ${problem.message}`);
      }
    }
    for (const problem of checkStoredDocuments(type, versions)) problems.push(`${problem.version.name}: ${problem.message}`);
  }
  return problems;
}
