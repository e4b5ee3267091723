/**
 * The walk over a payload: an object's keys against its attributes, each value by its type, and
 * components and dynamic zones recursing into their entries.
 */
import { isPerLocaleAttribute, type Attribute, type Component, type ComponentAttribute, type DynamicZoneAttribute } from '../../schema/index.js';
import { ValidationError } from '../../errors.js';
import { SYSTEM_ATTRIBUTES, type Model } from '../types.js';
import { validateBlocks } from './blocks.js';
import { child, entry, where, type At, type Context } from './context.js';
import { validateDateLike } from './dates.js';
import { isPlainObject } from '../../objects.js';
import { invalidKey, isPrototypeKey, own } from './issues.js';
import { copyJson } from './json.js';
import { validationMessages as m } from './messages.js';
import { validateRelation } from './relations.js';
import { validateBigInteger, validateBoolean, validateEnumeration, validateNumber, validateString } from './scalars.js';
import type { ValidatedComponentEntry, ValidatedValue } from './types.js';

/**
 * System fields a body may carry without harm: `publishedAt` is decided by the status of the write
 * (Strapi 5 drops it from a body too) and `locale` by the query (a version's locale never
 * changes, so a `locale` in the body is ignored). The other system fields are refused as `Invalid key`.
 */
const DROPPED_SYSTEM_KEYS = new Set(['publishedAt', 'locale']);

export interface ObjectOptions {
  mode: 'create' | 'update';
  /** The document itself: system keys are recognised, and `localizedOnly` applies. */
  document?: { model: Model; localizedOnly: boolean };
  /** A component entry: `id` is allowed, and `component` is the dynamic-zone entry's `__component`. */
  entry?: { component?: string };
}

export function validateObject(
  data: Record<string, unknown>,
  attributes: Record<string, Attribute>,
  at: At,
  ctx: Context,
  options: ObjectOptions,
): Record<string, ValidatedValue> {
  const out: Record<string, ValidatedValue> = {};
  const { document } = options;
  if (options.entry?.component !== undefined) out.__component = options.entry.component;

  for (const key of Object.keys(data)) {
    const keyPath = [...at.path, key];
    if (isPrototypeKey(key)) throw invalidKey(keyPath);
    const value = data[key];
    // A key set to undefined (possible from code, not from JSON) counts as absent.
    if (value === undefined) continue;
    const attribute = own(attributes, key);
    if (!attribute) {
      if (document && Object.hasOwn(SYSTEM_ATTRIBUTES, key) && DROPPED_SYSTEM_KEYS.has(key)) continue;
      if (options.entry && key === 'id') {
        const id = validateEntryId(value, { path: keyPath, scope: '' }, ctx);
        if (id !== undefined) out.id = id;
        continue;
      }
      if (options.entry?.component !== undefined && key === '__component') continue;
      throw invalidKey(keyPath);
    }
    // Strapi's input check: read-only attributes are refused like unknown ones, and so are relations
    // to a type the writer may not read (connecting one would tell whether a document exists).
    if (attribute.writable === false || (attribute.type === 'relation' && !ctx.lookup.mayRead(attribute.target))) throw invalidKey(keyPath);
    if (document?.localizedOnly && !isPerLocale(document.model, attribute)) {
      throw new ValidationError(m.notLocalized(key), { key, path: keyPath.join('.'), source: 'body' });
    }
    const normalized = validateValue(value, attribute, child(at, key), ctx);
    if (normalized !== undefined) out[key] = normalized;
  }

  if (options.mode === 'create') fillAbsent(data, attributes, out, at, ctx, document);
  return out;
}

/**
 * Whether a new localization may set this attribute: only what each locale has of its own (see
 * isPerLocaleAttribute). A shared one is taken from the document's other locales.
 */
function isPerLocale(model: Model, attribute: Attribute): boolean {
  return isPerLocaleAttribute(model, attribute);
}

/** On create: defaults for absent attributes, and `must be defined.` for absent required ones. */
function fillAbsent(
  data: Record<string, unknown>,
  attributes: Record<string, Attribute>,
  out: Record<string, ValidatedValue>,
  at: At,
  ctx: Context,
  document: ObjectOptions['document'],
): void {
  for (const [name, attribute] of Object.entries(attributes)) {
    if (Object.hasOwn(data, name) && data[name] !== undefined) continue;
    // A new localization takes its shared (non-localized) values from the existing locales.
    if (document?.localizedOnly && !isPerLocale(document.model, attribute)) continue;
    const attributeAt = child(at, name);
    if ('default' in attribute && attribute.default !== undefined) {
      // Through the same checks as a given value: the copy is normalized (`09:30` → `09:30:00.000`) and unique ones are asked about.
      const normalized = validateValue(attribute.default, attribute, attributeAt, ctx);
      if (normalized !== undefined) out[name] = normalized;
    } else if (attribute.required && !ctx.draft) {
      ctx.issues.add(attributeAt.path, m.required(where(attributeAt)));
    }
  }
}

/** One attribute value, by type; undefined when it failed (the failure is recorded). */
export function validateValue(value: unknown, attribute: Attribute, at: At, ctx: Context): ValidatedValue | undefined {
  if (value === null) return validateNull(attribute, at, ctx);
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
      return validateString(value, attribute, at, ctx);
    case 'enumeration':
      return validateEnumeration(value, attribute, at, ctx);
    case 'integer':
    case 'float':
    case 'decimal':
      return validateNumber(value, attribute, at, ctx);
    case 'biginteger':
      return validateBigInteger(value, attribute, at, ctx);
    case 'boolean':
      return validateBoolean(value, attribute, at, ctx);
    case 'date':
    case 'time':
    case 'datetime':
      return validateDateLike(value, attribute, at, ctx);
    case 'json':
      return copyJson(value, at, ctx);
    case 'blocks':
      return validateBlocks(value, at.path, ctx);
    case 'component':
      return validateComponent(value, attribute, at, ctx);
    case 'dynamiczone':
      return validateDynamicZone(value, attribute, at, ctx);
    case 'relation':
      return validateRelation(value, attribute, at, ctx);
    default:
      return attribute satisfies never;
  }
}

/** null clears an optional value (to `[]` for lists, to no target for relations) and fails a required one. */
function validateNull(attribute: Attribute, at: At, ctx: Context): ValidatedValue | undefined {
  if (attribute.required && !ctx.draft) {
    ctx.issues.add(at.path, m.type(where(at), typeName(attribute), null), null);
    return undefined;
  }
  if (attribute.type === 'dynamiczone' || (attribute.type === 'component' && attribute.repeatable)) return [];
  if (attribute.type === 'relation') return validateRelation(null, attribute, at, ctx);
  return null;
}

/** The type a value must have, as yup names it in ``must be a `<type>` type``. */
function typeName(attribute: Attribute): string {
  switch (attribute.type) {
    case 'integer':
    case 'float':
    case 'decimal':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'blocks':
    case 'dynamiczone':
      return 'array';
    case 'component':
      return attribute.repeatable ? 'array' : 'object';
    case 'json':
      return 'json';
    case 'relation':
      return 'relation';
    // Strings, uid, enumeration, biginteger (a string of digits) and the date types travel as strings.
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
    case 'uid':
    case 'enumeration':
    case 'biginteger':
    case 'date':
    case 'datetime':
    case 'time':
      return 'string';
    default:
      return attribute satisfies never;
  }
}

// --- components --------------------------------------------------------------------------------

function validateComponent(value: unknown, attribute: ComponentAttribute, at: At, ctx: Context): ValidatedValue | undefined {
  const component = componentOf(attribute.component, ctx);
  if (!attribute.repeatable) {
    if (!isPlainObject(value)) return typeIssue(value, 'object', at, ctx);
    return validateEntry(value, component, at, ctx);
  }
  if (!Array.isArray(value)) return typeIssue(value, 'array', at, ctx);
  const before = ctx.issues.count;
  checkCount(value, attribute, at, ctx);
  const entries = value.map((item, index) => {
    const entryAt = entry(at, index);
    return isPlainObject(item) ? validateEntry(item, component, entryAt, ctx) : typeIssue(item, 'object', entryAt, ctx);
  });
  return ctx.issues.count > before ? undefined : (entries as ValidatedComponentEntry[]);
}

function validateDynamicZone(value: unknown, attribute: DynamicZoneAttribute, at: At, ctx: Context): ValidatedValue | undefined {
  if (!Array.isArray(value)) return typeIssue(value, 'array', at, ctx);
  const before = ctx.issues.count;
  checkCount(value, attribute, at, ctx);
  const entries = value.map((item, index) => {
    const entryAt = entry(at, index);
    if (!isPlainObject(item)) return typeIssue(item, 'object', entryAt, ctx);
    const uidAt = child(entryAt, '__component');
    const uid = item.__component;
    if (uid === undefined || uid === null) {
      ctx.issues.add(uidAt.path, m.requiredField(where(uidAt)));
      return undefined;
    }
    if (typeof uid !== 'string' || !attribute.components.includes(uid)) {
      ctx.issues.add(uidAt.path, m.oneOf(where(uidAt), attribute.components), uid);
      return undefined;
    }
    return validateEntry(item, componentOf(uid, ctx), entry(at, index, uid), ctx, uid);
  });
  return ctx.issues.count > before ? undefined : (entries as ValidatedComponentEntry[]);
}

/**
 * An entry with an `id` updates that stored entry in place (a caller that read the draft may send
 * its ids back), so only its given keys are checked. Without one it is a new entry (the REST API
 * sends the whole list and components are recreated), so it must be complete and gets defaults,
 * whatever the mode of the document write.
 */
function validateEntry(item: Record<string, unknown>, component: Component, at: At, ctx: Context, dzComponent?: string): ValidatedComponentEntry {
  const mode = item.id === undefined ? 'create' : 'update';
  return validateObject(item, component.attributes, at, ctx, { mode, entry: dzComponent === undefined ? {} : { component: dzComponent } }) as ValidatedComponentEntry;
}

/** Strapi checks `min` only when the list is required or not empty (an absent optional list is fine), and not on drafts. */
function checkCount(value: unknown[], attribute: ComponentAttribute | DynamicZoneAttribute, at: At, ctx: Context): void {
  if (attribute.min !== undefined && !ctx.draft && (attribute.required || value.length > 0) && value.length < attribute.min) {
    ctx.issues.add(at.path, m.minItems(where(at), attribute.min), value);
  }
  if (attribute.max !== undefined && value.length > attribute.max) ctx.issues.add(at.path, m.maxItems(where(at), attribute.max), value);
}

/** The numeric id of a stored entry: a positive integer. */
function validateEntryId(value: unknown, at: At, ctx: Context): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  const path = where(at);
  const message = typeof value !== 'number' || !Number.isFinite(value) ? m.type(path, 'number', value) : Number.isInteger(value) ? m.min(path, 1) : m.integer(path);
  ctx.issues.add(at.path, message, value);
  return undefined;
}

function componentOf(uid: string, ctx: Context): Component {
  const component = ctx.lookup.component(uid);
  // The schema loader refuses references to missing components, so this is a wiring bug, not bad input.
  if (!component) throw new Error(`Component ${uid} is not known to the model lookup`);
  return component;
}

function typeIssue(value: unknown, type: string, at: At, ctx: Context): undefined {
  ctx.issues.add(at.path, m.type(where(at), type, value), value);
  return undefined;
}
