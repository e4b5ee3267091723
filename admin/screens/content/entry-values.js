/**
 * The entry form's values: their first state, what changed, what a write sends, and the notes
 * beside each field. Pure functions of the content type and the form's values.
 */
import { constraintOf, humanize, isEditable, isPerLocale } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { fromControl, isBlank, toControl } from '../../lib/values.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Attribute} Attribute
 * @typedef {import('../../lib/schema.js').Component} Component
 * @typedef {import('./entry-data.js').EntryState} EntryState
 * @typedef {'edit' | 'create' | 'localize'} Mode
 * @typedef {Record<string, any>} Values The form's controls' values, by attribute.
 */

const t = strings.entry;

/**
 * The controls' first values. A new locale version starts from the defaults for what is set per
 * locale, and shows what it shares with the other versions (read-only) from `source`.
 * @param {ContentType} type
 * @param {Omit<EntryState, 'key'>} loaded
 * @param {Map<string, Component>} components
 * @returns {Values}
 */
export function initialValues(type, { mode, entry, source }, components) {
  /** @type {Values} */
  const values = {};
  for (const [name, attribute] of Object.entries(type.schema.attributes)) {
    if (!isEditable(attribute)) continue;
    const shared = mode === 'localize' && !isPerLocale(type, attribute);
    const stored = mode === 'edit' ? entry?.[name] : shared ? source?.[name] : attribute.default;
    values[name] = toControl(attribute, stored, components);
  }
  return values;
}

/**
 * The values of `names` that `values` holds.
 * @param {Values} values
 * @param {string[]} names
 */
export const pick = (values, names) =>
  Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));

/**
 * The fields the form changed since it was saved: `original` holds what the save sent. Compared by
 * content: a field that hands the form a new value equal to the saved one changed nothing.
 * @param {{ values: Values, original?: Values }} form
 */
export const typedSinceSave = ({ values, original = {} }) => Object.fromEntries(Object.entries(values)
  .filter(([name, value]) => value !== original[name] && JSON.stringify(value) !== JSON.stringify(original[name])));

/**
 * The `data` of a write: on an edit the changed attributes only (so a save never overwrites what
 * someone else changed meanwhile in another field), on a creation every filled one. A problem
 * inside a component is keyed by its place (`sections.0.data`).
 * @param {ContentType} type
 * @param {Mode} mode
 * @param {Values} values
 * @param {Values} original
 * @param {Map<string, Component>} components
 */
export function payloadOf(type, mode, values, original, components) {
  /** @type {Record<string, unknown>} */
  const data = {};
  /** @type {Record<string, string>} */
  const problems = {};
  for (const [name, attribute] of Object.entries(type.schema.attributes)) {
    if (!isEditable(attribute) || (mode === 'localize' && !isPerLocale(type, attribute))) continue;
    const value = values[name];
    if (mode === 'edit' ? value === original[name] : isBlank(attribute, value)) continue;
    const result = fromControl(attribute, value, components);
    if (result.error) problems[result.path ? `${name}.${result.path}` : name] = result.error;
    else data[name] = result.value;
  }
  return { data, problems };
}

/**
 * Required fields left empty, said in the editor's words beside each (`Title is required.`), over
 * `problems`: checked before anything is sent.
 * @param {ContentType} type
 * @param {Mode} mode
 * @param {Values} values
 * @param {Record<string, string>} problems
 */
export function requiredProblems(type, mode, values, problems) {
  const found = { ...problems };
  for (const [name, attribute] of Object.entries(type.schema.attributes)) {
    if (!attribute.required || !isEditable(attribute) || attribute.type === 'boolean' || found[name]) continue;
    if (mode === 'localize' && !isPerLocale(type, attribute)) continue;
    if (mode === 'edit' && (attribute.type === 'password' || attribute.private)) continue;
    if (isBlank(attribute, values[name])) found[name] = t.required(humanize(name));
  }
  return found;
}

/**
 * The note under a field: its rules, and what the form does with it.
 * @param {ContentType} type
 * @param {Attribute} attribute
 * @param {Mode | undefined} mode
 * @param {boolean} localized
 */
export function hintOf(type, attribute, mode, localized) {
  const notes = [constraintOf(attribute)];
  if (attribute.type === 'password' || attribute.private) {
    notes.push(mode === 'edit' ? t.secretKept : t.secretNeverShown);
  }
  if (attribute.type === 'datetime') notes.push(t.inYourTimeZone);
  if (localized && isEditable(attribute) && !isPerLocale(type, attribute)) notes.push(t.sharedByAllLocales);
  return notes.filter(Boolean).join(' · ');
}
