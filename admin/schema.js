/**
 * What the page reads from a content type: permissions, editorial status, the attribute types it
 * edits and how their values go between the API and a form control. No DOM, no requests.
 */

/** Whether the signed-in user holds `api::<singular>.<singular>.<action>`. */
export const may = (permissions, type, action) => permissions.has(`${type.uid}.${action}`);

export const isSingle = (type) => type.schema.kind === 'singleType';
export const isLocalized = (type) => type.schema.pluginOptions?.i18n?.localized === true;
export const hasDrafts = (type) => type.schema.draftAndPublish === true;

/**
 * Whether an attribute is set per locale: the localized ones, and also uids and relations, which
 * the server never copies into a new locale version (so they are written with it).
 */
export const isPerLocale = (type, attribute) =>
  attribute.pluginOptions?.i18n?.localized === true || attribute.type === 'uid' || attribute.type === 'relation';

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
const EDITABLE_TYPES = new Set([...TEXT_TYPES, ...NUMBER_TYPES, 'boolean', 'time', 'datetime', 'json']);

/** Whether this slice of the page edits the attribute (components, relations, media, blocks: not yet). */
export const isEditable = (attribute) => EDITABLE_TYPES.has(attribute.type);

const pad = (number) => String(number).padStart(2, '0');

/** An ISO date-time as a `datetime-local` control shows it, in the browser's time zone. */
function localDateTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/** A stored value as its control holds it: text, or `true`/`false` for a checkbox. */
export function toControl(attribute, value) {
  const { type } = attribute;
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
export function fromControl(attribute, input) {
  const { type } = attribute;
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

/** Whether a control holds nothing worth sending when an entry is created. */
export const isBlank = (attribute, input) => attribute.type !== 'boolean' && input === '';

const SYSTEM_KEYS = new Set(['id', 'documentId', 'locale', 'createdAt', 'updatedAt', 'publishedAt']);

/** A populated entry's name: its first text value, else its documentId. */
function nameOf(entry) {
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
