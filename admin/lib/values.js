/**
 * How an attribute's value goes between the API and a form control, both ways, for every type the
 * page edits (components and zones entry by entry), and where a server's error about one is shown.
 * No DOM, no requests.
 */
import { componentAttributes, isEditable, isStructured, isToMany } from './schema.js';
import { strings } from './strings.js';

/**
 * @typedef {import('./schema.js').Attribute} Attribute
 * @typedef {import('./schema.js').Component} Component
 * @typedef {Map<string, Component> | undefined} Components
 * A control's value as the API takes it, or why it cannot be sent (and where, inside a component).
 * @typedef {{ value?: any, error?: string, path?: string }} Sent
 */

const pad = (number) => String(number).padStart(2, '0');

/** An ISO date-time as a `datetime-local` control shows it, in the browser's time zone. */
function localDateTime(value) {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

// Each component entry in a form carries a key of its own, so that moving one keeps its inputs.
export const ENTRY_KEY = '__key';
let lastKey = 0;

/**
 * A component entry as the form holds it: its controls' values, and what the page does not edit
 * (kept as read, so that the PUT replacing the list gives it back).
 * @param {Record<string, Attribute>} attributes
 * @param {Record<string, any> | null | undefined} stored
 * @param {Components} components
 * @returns {Record<string, any>}
 */
export function entryControls(attributes, stored, components) {
  /** @type {Record<string, any>} */
  const entry = { [ENTRY_KEY]: (lastKey += 1) };
  for (const [name, attribute] of Object.entries(attributes)) {
    entry[name] = isEditable(attribute)
      ? toControl(attribute, stored ? stored[name] : attribute.default, components)
      : stored?.[name];
  }
  return entry;
}

const listOf = (value) => (Array.isArray(value) ? value : []);

/**
 * A stored value as its control holds it: text, or `true`/`false` for a checkbox; for the
 * structured types, the entries of a component or zone, the chosen entries or files as read.
 * @param {Attribute} attribute
 * @param {unknown} value
 * @param {Components} [components]
 * @returns {any}
 */
export function toControl(attribute, value, components) {
  const { type } = attribute;
  if (type === 'component') {
    const attributes = componentAttributes(components, attribute.component);
    if (attribute.repeatable) return listOf(value).map((stored) => entryControls(attributes, stored, components));
    return value ? entryControls(attributes, /** @type {Record<string, any>} */ (value), components) : null;
  }
  if (type === 'dynamiczone') {
    return listOf(value).map((stored) => ({
      ...entryControls(componentAttributes(components, stored.__component), stored, components),
      __component: stored.__component,
    }));
  }
  if (type === 'relation') return isToMany(attribute) ? listOf(value) : value ?? null;
  if (type === 'media') return attribute.multiple ? listOf(value) : value ?? null;
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
 * @param {Attribute} attribute
 * @param {any} input
 * @param {Components} [components]
 * @returns {Sent}
 */
export function fromControl(attribute, input, components) {
  const { type } = attribute;
  if (type === 'component') {
    const attributes = componentAttributes(components, attribute.component);
    if (!attribute.repeatable) return input ? entryValue(attributes, input, components, '') : { value: null };
    return listValue(input, () => attributes, components);
  }
  if (type === 'dynamiczone') {
    return listValue(input, (entry) => componentAttributes(components, entry.__component), components, true);
  }
  // A relation is set whole (`set`), so the order and the removals the form shows are what is stored.
  if (type === 'relation') {
    const chosen = isToMany(attribute) ? input : input ? [input] : [];
    return { value: { set: chosen.map(({ documentId }) => ({ documentId })) } };
  }
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
      return { error: strings.values.notJson(error.message) };
    }
  }
  return { value: input };
}

/**
 * One component entry as the API takes it, without `id` (a PUT replaces the list); a failure
 * names its place below the attribute (`0.data`).
 * @returns {Sent}
 */
function entryValue(attributes, entry, components, prefix) {
  /** @type {Record<string, any>} */
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

/** @returns {Sent} */
function listValue(entries, attributesOf, components, zone = false) {
  const value = [];
  for (const [index, entry] of entries.entries()) {
    const result = entryValue(attributesOf(entry), entry, components, String(index));
    if (result.error) return result;
    value.push(zone ? { __component: entry.__component, ...result.value } : result.value);
  }
  return { value };
}

/**
 * Whether a control holds nothing worth sending when an entry is created.
 * @param {Attribute} attribute
 * @param {unknown} input
 */
export function isBlank(attribute, input) {
  if (isStructured(attribute)) {
    return input === null || input === undefined || (Array.isArray(input) && input.length === 0);
  }
  return attribute.type !== 'boolean' && input === '';
}

/**
 * Where a server's error path (`['sections', '0', 'heading']`) is shown: at that nested field
 * when the form has one, else at the attribute (`sections`). `values` tells a zone's entries apart.
 * @param {Record<string, Attribute>} attributes
 * @param {string[]} path
 * @param {Record<string, any> | undefined} values
 * @param {Components} components
 * @returns {string | null}
 */
export function errorPlace(attributes, path, values, components) {
  const [name = '', ...rest] = path.map(String);
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
