/**
 * What the page reads from a content type: permissions, editorial status, the attribute types it
 * edits, what a read populates, and an attribute's value or rules said in a few words. No DOM, no
 * requests. How values go between the API and a form control is values.js.
 */
import { strings } from './strings.js';

const t = strings.schema;

/**
 * The shapes the screens share, as the Content Type Builder API and the Content API answer them:
 * an attribute's schema (`{ type: 'string', required: true }`), a component, a content type, a
 * document version as read, a locale.
 * @typedef {{ type: string, [option: string]: any }} Attribute
 * @typedef {{ uid: string, schema: { attributes: Record<string, Attribute>, [key: string]: any } }} Component
 * @typedef {{ uid: string, schema: { kind: string, displayName: string, singularName: string, pluralName: string,
 *   draftAndPublish?: boolean, pluginOptions?: any, attributes: Record<string, Attribute>, [key: string]: any }
 * }} ContentType
 * @typedef {{ documentId: string, locale?: string, updatedAt?: string, [name: string]: any }} Entry
 * @typedef {{ code: string, name: string, isDefault?: boolean }} Locale
 * @typedef {'draft' | 'published' | 'modified'} Status
 */

/**
 * Whether the signed-in user holds `api::<singular>.<singular>.<action>`.
 * @param {Set<string>} permissions
 * @param {ContentType} type
 * @param {string} action
 */
export const may = (permissions, type, action) => permissions.has(`${type.uid}.${action}`);

/** @param {ContentType} type */
export const isSingle = (type) => type.schema.kind === 'singleType';
/** @param {ContentType} type */
export const isLocalized = (type) => type.schema.pluginOptions?.i18n?.localized === true;
/** @param {ContentType} type */
export const hasDrafts = (type) => type.schema.draftAndPublish === true;

/**
 * Whether an attribute is set per locale: the localized ones, and uids (a slug made from a localized
 * title). Every other one, media and relations included, is shared by all locale versions: the
 * server gives a new locale version the document's values, and a write in one locale reaches all.
 * @param {ContentType} type
 * @param {Attribute} attribute
 */
export const isPerLocale = (type, attribute) =>
  attribute.pluginOptions?.i18n?.localized === true || attribute.type === 'uid';

/** The editorial statuses, in the order the page lists them (their labels are `strings.status`). */
export const STATUSES = /** @type {const} */ (['draft', 'published', 'modified']);

/**
 * "draft" (never published), "published" (the draft is the published version) or "modified" (the
 * draft changed since): publishing copies the draft, so equal `updatedAt`s mean nothing changed.
 * @returns {Status}
 */
export function editorialStatus(draft, published) {
  if (!published) return 'draft';
  if (!draft) return 'published';
  return Date.parse(draft.updatedAt) > Date.parse(published.updatedAt) ? 'modified' : 'published';
}

/**
 * The attribute that names an entry in lists and titles: the first string one, if any.
 * @param {ContentType} type
 */
export function titleAttribute(type) {
  const found = Object.entries(type.schema.attributes)
    .find(([, attribute]) => attribute.type === 'string' && !attribute.private);
  return found?.[0] ?? null;
}

/**
 * `publishedDate` → `Published date`.
 * @param {string} name
 */
export function humanize(name) {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `Crème brûlée: 2 recettes!` → `creme-brulee-2-recettes`. */
export function slugify(text) {
  return String(text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

// ---- What the page edits ----

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration', 'date']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);
const EDITABLE_TYPES = new Set([...TEXT_TYPES, ...NUMBER_TYPES, 'boolean', 'time', 'datetime', 'json', 'blocks']);

// Blocks too are edited as the API holds them (an array, by fields/blocks.js).
const STRUCTURED_TYPES = new Set(['component', 'dynamiczone', 'relation', 'media', 'blocks']);

/**
 * Whether the attribute's value is a list or an object edited by its own control (fields/components.js,
 * fields/relation.js, fields/media.js, fields/blocks.js).
 * @param {Attribute} attribute
 */
export const isStructured = (attribute) => STRUCTURED_TYPES.has(attribute.type);

/**
 * Whether a relation is written from this side: the `mappedBy` side is computed from the owning
 * one, and accounts (`plugin::users-permissions.user`) are not picked on this page.
 * @param {Attribute} attribute
 */
export const isWritableRelation = (attribute) =>
  !attribute.mappedBy && String(attribute.target ?? '').startsWith('api::');

/** @param {Attribute} attribute */
export const isToMany = (attribute) => attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';

/**
 * Whether the page edits the attribute: all types but a relation written from its other side.
 * @param {Attribute} attribute
 */
export const isEditable = (attribute) => EDITABLE_TYPES.has(attribute.type)
  || (isStructured(attribute) && (attribute.type !== 'relation' || isWritableRelation(attribute)));

/**
 * A component's attributes, none when it is unknown.
 * @param {Map<string, Component> | undefined} components
 * @param {string} uid
 * @returns {Record<string, Attribute>}
 */
export const componentAttributes = (components, uid) => components?.get(uid)?.schema.attributes ?? {};

/**
 * What a read populates so that the form shows every attribute it edits: components (nested ones
 * too), dynamic zones, relations (with the target's naming field only) and media.
 * @param {Record<string, Attribute>} attributes
 * @param {Map<string, Component>} components
 * @param {ContentType[]} types
 * @returns {Record<string, any>}
 */
export function populateOf(attributes, components, types, depth = 0) {
  /** @type {Record<string, any>} */
  const populate = {};
  // Components may nest, but never without end: five levels is Strapi's own limit.
  if (depth > 5) return populate;
  const ofComponent = (uid) => {
    const inner = populateOf(componentAttributes(components, uid), components, types, depth + 1);
    return Object.keys(inner).length > 0 ? { populate: inner } : true;
  };
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type === 'component') populate[name] = ofComponent(attribute.component);
    else if (attribute.type === 'dynamiczone') {
      populate[name] = { on: Object.fromEntries((attribute.components ?? []).map((uid) => [uid, ofComponent(uid)])) };
    } else if (attribute.type === 'media') populate[name] = true;
    else if (attribute.type === 'relation') {
      const target = types.find((type) => type.uid === attribute.target);
      const label = target && titleAttribute(target);
      populate[name] = label ? { fields: [label] } : true;
    }
  }
  return populate;
}

// ---- Values said in a few words ----

const SYSTEM_KEYS = new Set(['id', 'documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt']);

/**
 * A populated entry's name: its first text value, else its documentId.
 * @returns {string}
 */
export function nameOf(entry) {
  const found = Object.entries(entry)
    .find(([key, value]) => !SYSTEM_KEYS.has(key) && typeof value === 'string' && value.trim() !== '');
  return found ? found[1] : entry.documentId ?? String(entry.id ?? '');
}

/**
 * One line on a structured value: "2 entries", "News", "3 blocks".
 * @param {Attribute} attribute
 * @param {unknown} value
 * @param {Map<string, Component>} components
 * @returns {string}
 */
export function summarize(attribute, value, components) {
  // Left out of the answer: a relation to a type the account may not read.
  if (value === undefined) return t.notShown;
  const list = Array.isArray(value) ? value : null;
  switch (attribute.type) {
    case 'component': {
      const name = components.get(attribute.component)?.schema.displayName ?? attribute.component;
      if (attribute.repeatable) return t.componentEntries(name, list?.length ?? 0);
      return value ? t.componentEntries(name, 1) : t.componentEmpty(name);
    }
    case 'dynamiczone':
      return t.blocks(list?.length ?? 0);
    case 'relation':
      if (list && list.length === 0) return t.none;
      if (list) return t.relationEntries(list.length, list.slice(0, 3).map(nameOf), list.length > 3);
      return value ? nameOf(value) : t.none;
    case 'media':
      if (list) return t.files(list.length);
      return value ? /** @type {{ name?: string }} */ (value).name ?? t.oneFile : t.noFile;
    case 'blocks':
      return t.blocks(list?.length ?? 0);
    default:
      return value === null ? t.empty : t.set;
  }
}

/**
 * A short note on the rules a value must follow: "3 to 80 characters", "at least 0".
 * @param {Attribute} attribute
 */
export function constraintOf(attribute) {
  const { minLength, maxLength, min, max } = attribute;
  if (minLength !== undefined && maxLength !== undefined) return t.lengthBetween(minLength, maxLength);
  if (minLength !== undefined) return t.lengthAtLeast(minLength);
  if (maxLength !== undefined) return t.lengthAtMost(maxLength);
  if (min !== undefined && max !== undefined) return t.between(min, max);
  if (min !== undefined) return t.atLeast(min);
  if (max !== undefined) return t.atMost(max);
  return '';
}
