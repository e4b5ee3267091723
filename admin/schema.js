/**
 * What the page reads from a content type: permissions, editorial status, the attribute types it
 * edits and how their values go between the API and a form control. No DOM, no requests.
 */

/**
 * The shapes the views share, as the Content Type Builder API and the Content API answer them.
 * @typedef {{ type: string, [option: string]: any }} Attribute An attribute's schema (`{ type: 'string', required: true }`).
 * @typedef {{ uid: string, schema: { attributes: Record<string, Attribute>, [key: string]: any } }} Component
 * @typedef {{ uid: string, schema: { kind: string, displayName: string, singularName: string, pluralName: string,
 *   draftAndPublish?: boolean, pluginOptions?: any, attributes: Record<string, Attribute> } }} ContentType
 * @typedef {{ documentId: string, locale?: string, updatedAt?: string, [name: string]: any }} Entry A document version as read.
 * @typedef {{ code: string, name: string, isDefault?: boolean }} Locale
 */

/** Whether the signed-in user holds `api::<singular>.<singular>.<action>`. */
export const may = (permissions, type, action) => permissions.has(`${type.uid}.${action}`);

export const isSingle = (type) => type.schema.kind === 'singleType';
export const isLocalized = (type) => type.schema.pluginOptions?.i18n?.localized === true;
export const hasDrafts = (type) => type.schema.draftAndPublish === true;

/**
 * Whether an attribute is set per locale: the localized ones, and uids (a slug made from a localized
 * title). Every other one, media and relations included, is shared by all locale versions: the
 * server gives a new locale version the document's values, and a write in one locale reaches all.
 */
export const isPerLocale = (type, attribute) => attribute.pluginOptions?.i18n?.localized === true || attribute.type === 'uid';

/**
 * "draft" (never published), "published" (the draft is the published version) or "modified" (the
 * draft changed since): publishing copies the draft, so equal `updatedAt`s mean nothing changed.
 */
export function editorialStatus(draft, published) {
  if (!published) return 'draft';
  if (!draft) return 'published';
  return Date.parse(draft.updatedAt) > Date.parse(published.updatedAt) ? 'modified' : 'published';
}

export const STATUS_LABELS = { draft: 'Draft', published: 'Published', modified: 'Modified' };

/** The attribute that names an entry in lists and titles: the first string one, if any. */
export function titleAttribute(type) {
  const found = Object.entries(type.schema.attributes).find(([, attribute]) => attribute.type === 'string' && !attribute.private);
  return found?.[0] ?? null;
}

/** `publishedDate` → `Published date`. */
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

export const plural = (count, one, many) => `${count} ${count === 1 ? one : many}`;

// ---- Values between the API and form controls ----

const TEXT_TYPES = new Set(['string', 'text', 'richtext', 'email', 'password', 'uid', 'enumeration', 'date']);
const NUMBER_TYPES = new Set(['integer', 'biginteger', 'float', 'decimal']);
const EDITABLE_TYPES = new Set([...TEXT_TYPES, ...NUMBER_TYPES, 'boolean', 'time', 'datetime', 'json', 'blocks']);

// Blocks too are edited as the API holds them (an array, by `blocks.js`).
const STRUCTURED_TYPES = new Set(['component', 'dynamiczone', 'relation', 'media', 'blocks']);

/** Whether the attribute's value is a list or an object edited by its own control (components.js, relations.js, media.js). */
export const isStructured = (attribute) => STRUCTURED_TYPES.has(attribute.type);

/**
 * Whether a relation is written from this side: the `mappedBy` side is computed from the owning
 * one, and accounts (`plugin::users-permissions.user`) are not picked on this page.
 */
export const isWritableRelation = (attribute) => !attribute.mappedBy && String(attribute.target ?? '').startsWith('api::');

export const isToMany = (attribute) => attribute.relation === 'oneToMany' || attribute.relation === 'manyToMany';

/** Whether the page edits the attribute: all types but a relation written from its other side. */
export const isEditable = (attribute) =>
  EDITABLE_TYPES.has(attribute.type) || (isStructured(attribute) && (attribute.type !== 'relation' || isWritableRelation(attribute)));

const pad = (number) => String(number).padStart(2, '0');

/** An ISO date-time as a `datetime-local` control shows it, in the browser's time zone. */
function localDateTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// Each component entry in a form carries a key of its own, so that moving one keeps its inputs.
export const ENTRY_KEY = '__key';
let lastKey = 0;

const componentAttributes = (components, uid) => components?.get(uid)?.schema.attributes ?? {};

/**
 * A component entry as the form holds it: its controls' values, and what the page does not edit
 * (kept as read, so that the PUT replacing the list gives it back).
 */
export function entryControls(attributes, stored, components) {
  const entry = { [ENTRY_KEY]: (lastKey += 1) };
  for (const [name, attribute] of Object.entries(attributes)) {
    entry[name] = isEditable(attribute) ? toControl(attribute, stored ? stored[name] : attribute.default, components) : stored?.[name];
  }
  return entry;
}

/**
 * A stored value as its control holds it: text, or `true`/`false` for a checkbox; for the
 * structured types, the entries of a component or zone, the chosen entries or files as read.
 */
export function toControl(attribute, value, components) {
  const { type } = attribute;
  if (type === 'component') {
    const attributes = componentAttributes(components, attribute.component);
    if (attribute.repeatable) return (Array.isArray(value) ? value : []).map((stored) => entryControls(attributes, stored, components));
    return value ? entryControls(attributes, value, components) : null;
  }
  if (type === 'dynamiczone') {
    return (Array.isArray(value) ? value : []).map((stored) => ({ ...entryControls(componentAttributes(components, stored.__component), stored, components), __component: stored.__component }));
  }
  if (type === 'relation') return isToMany(attribute) ? (Array.isArray(value) ? value : []) : value ?? null;
  if (type === 'media') return attribute.multiple ? (Array.isArray(value) ? value : []) : value ?? null;
  if (type === 'blocks') return Array.isArray(value) ? value : null;
  if (type === 'boolean') return value === true;
  // Write-only: the API never returns these, so the control starts empty and an empty one keeps them.
  if (type === 'password' || attribute.private) return '';
  if (value === null || value === undefined) return '';
  if (type === 'time') return String(value).slice(0, 8);
  if (type === 'datetime') return localDateTime(value);
  if (type === 'json') return JSON.stringify(value, null, 2);
  return String(value);
}

/**
 * A control's value as the API takes it: `{ value }`, or `{ error }` when it cannot be sent.
 * Text that is not a number goes as typed: the server's message names the field and the value.
 */
export function fromControl(attribute, input, components) {
  const { type } = attribute;
  if (type === 'component') {
    const attributes = componentAttributes(components, attribute.component);
    if (!attribute.repeatable) return input ? entryValue(attributes, input, components, '') : { value: null };
    return listValue(input, () => attributes, components);
  }
  if (type === 'dynamiczone') return listValue(input, (entry) => componentAttributes(components, entry.__component), components, true);
  // A relation is set whole (`set`), so the order and the removals the form shows are what is stored.
  if (type === 'relation') return { value: { set: (isToMany(attribute) ? input : input ? [input] : []).map(({ documentId }) => ({ documentId })) } };
  if (type === 'media') return { value: attribute.multiple ? input.map((file) => file.id) : input?.id ?? null };
  if (type === 'blocks') return { value: input ?? null };
  if (type === 'boolean') return { value: input === true };
  if (input === '') return { value: null };
  if (type === 'integer' || type === 'float' || type === 'decimal') {
    const number = Number(input);
    return { value: Number.isFinite(number) ? number : input };
  }
  if (type === 'time') return { value: input.length === 5 ? `${input}:00` : input };
  if (type === 'datetime') {
    const date = new Date(input);
    return Number.isNaN(date.getTime()) ? { value: input } : { value: date.toISOString() };
  }
  if (type === 'json') {
    try {
      return { value: JSON.parse(input) };
    } catch (error) {
      return { error: `This is not valid JSON: ${error.message}` };
    }
  }
  return { value: input };
}

/**
 * One component entry as the API takes it, without `id` (a PUT replaces the list); a failure
 * names its place below the attribute (`0.data`).
 */
function entryValue(attributes, entry, components, prefix) {
  const value = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (!isEditable(attribute)) {
      if (entry[name] !== undefined) value[name] = entry[name];
      continue;
    }
    // A required field left empty is left out, so that the server's message says it "must be defined".
    if (attribute.required && isBlank(attribute, entry[name])) continue;
    const result = fromControl(attribute, entry[name], components);
    if (result.error) return { error: result.error, path: [prefix, name, result.path].filter(Boolean).join('.') };
    value[name] = result.value;
  }
  return { value };
}

function listValue(entries, attributesOf, components, zone = false) {
  const value = [];
  for (const [index, entry] of entries.entries()) {
    const result = entryValue(attributesOf(entry), entry, components, String(index));
    if (result.error) return result;
    value.push(zone ? { __component: entry.__component, ...result.value } : result.value);
  }
  return { value };
}

/** Whether a control holds nothing worth sending when an entry is created. */
export function isBlank(attribute, input) {
  if (isStructured(attribute)) return input === null || input === undefined || (Array.isArray(input) && input.length === 0);
  return attribute.type !== 'boolean' && input === '';
}

/**
 * Where a server's error path (`['sections', '0', 'heading']`) is shown: at that nested field
 * when the form has one, else at the attribute (`sections`). `values` tells a zone's entries apart.
 */
export function errorPlace(attributes, path, values, components) {
  const [name, ...rest] = path.map(String);
  const attribute = attributes[name];
  if (!attribute) return null;
  if (rest.length === 0) return name;
  const value = values?.[name];
  let inner = null;
  if (attribute.type === 'component' && !attribute.repeatable && value) {
    inner = errorPlace(componentAttributes(components, attribute.component), rest, value, components);
  } else if ((attribute.type === 'component' || attribute.type === 'dynamiczone') && Array.isArray(value)) {
    const [index, ...below] = rest;
    const entry = value[Number(index)];
    const uid = attribute.type === 'component' ? attribute.component : entry?.__component;
    if (entry && below.length > 0) {
      const place = errorPlace(componentAttributes(components, uid), below, entry, components);
      inner = place && `${index}.${place}`;
    }
  }
  return inner ? `${name}.${inner}` : name;
}

/**
 * What a read populates so that the form shows every attribute it edits: components (nested ones
 * too), dynamic zones, relations (with the target's naming field only) and media.
 */
export function populateOf(attributes, components, types, depth = 0) {
  const populate = {};
  // Components may nest, but never without end: five levels is Strapi's own limit.
  if (depth > 5) return populate;
  const ofComponent = (uid) => {
    const inner = populateOf(componentAttributes(components, uid), components, types, depth + 1);
    return Object.keys(inner).length > 0 ? { populate: inner } : true;
  };
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type === 'component') populate[name] = ofComponent(attribute.component);
    else if (attribute.type === 'dynamiczone') populate[name] = { on: Object.fromEntries((attribute.components ?? []).map((uid) => [uid, ofComponent(uid)])) };
    else if (attribute.type === 'media') populate[name] = true;
    else if (attribute.type === 'relation') {
      const target = types.find((type) => type.uid === attribute.target);
      const label = target && titleAttribute(target);
      populate[name] = label ? { fields: [label] } : true;
    }
  }
  return populate;
}

const SYSTEM_KEYS = new Set(['id', 'documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt']);

/** A populated entry's name: its first text value, else its documentId. */
export function nameOf(entry) {
  const found = Object.entries(entry).find(([key, value]) => !SYSTEM_KEYS.has(key) && typeof value === 'string' && value.trim() !== '');
  return found ? found[1] : entry.documentId ?? String(entry.id ?? '');
}

/** One line on an attribute this slice does not edit: "2 entries", "News", "3 blocks". */
export function summarize(attribute, value, components) {
  // Left out of the answer: a relation to a type the account may not read.
  if (value === undefined) return 'Not shown to your account';
  switch (attribute.type) {
    case 'component': {
      const name = components.get(attribute.component)?.schema.displayName ?? attribute.component;
      if (attribute.repeatable) return `${name}: ${plural(value?.length ?? 0, 'entry', 'entries')}`;
      return value ? `${name}: 1 entry` : `${name}: empty`;
    }
    case 'dynamiczone':
      return plural(value?.length ?? 0, 'block', 'blocks');
    case 'relation':
      if (Array.isArray(value)) return value.length ? `${plural(value.length, 'entry', 'entries')}: ${value.slice(0, 3).map(nameOf).join(', ')}${value.length > 3 ? ', …' : ''}` : 'None';
      return value ? nameOf(value) : 'None';
    case 'media':
      if (Array.isArray(value)) return plural(value.length, 'file', 'files');
      return value ? value.name ?? '1 file' : 'No file';
    case 'blocks':
      return plural(Array.isArray(value) ? value.length : 0, 'block', 'blocks');
    default:
      return value === null ? 'Empty' : 'Set';
  }
}

/** A short note on the rules a value must follow: "3 to 80 characters", "at least 0". */
export function constraintOf(attribute) {
  const { minLength, maxLength, min, max } = attribute;
  if (minLength !== undefined && maxLength !== undefined) return `${minLength} to ${maxLength} characters`;
  if (minLength !== undefined) return `At least ${minLength} characters`;
  if (maxLength !== undefined) return `At most ${maxLength} characters`;
  if (min !== undefined && max !== undefined) return `From ${min} to ${max}`;
  if (min !== undefined) return `At least ${min}`;
  if (max !== undefined) return `At most ${max}`;
  return '';
}
