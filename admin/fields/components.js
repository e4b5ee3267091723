/**
 * Components and dynamic zones in the entry form: a component is a fieldset of its own fields
 * (which may hold components again), a repeatable one or a zone a list of such fieldsets, added,
 * removed and moved with real buttons. The value is the whole list: a PUT replaces it.
 */
import { html, useContext, useState } from '../lib/preact.js';
import { constraintOf, humanize } from '../lib/schema.js';
import { strings } from '../lib/strings.js';
import { ENTRY_KEY, entryControls } from '../lib/values.js';
import { Workspace } from '../lib/workspace.js';

/**
 * @typedef {import('./field.js').StructuredProps} StructuredProps
 * @typedef {import('../lib/schema.js').Attribute} Attribute
 * @typedef {Record<string, any>} Entry A component entry as the form holds it (values.js `entryControls`).
 */

const t = strings.components;
const actions = strings.actions;
const displayNameOf = (components, uid) => components.get(uid)?.schema.displayName ?? uid;

/**
 * What the fields inside an entry share with the field around them.
 * @typedef {Pick<StructuredProps, 'Field' | 'errors' | 'disabled' | 'locale' | 'summarize'>} Inner
 * @typedef {Inner & { attributes: Record<string, Attribute>, entry: Entry, path: string,
 *   onChange: (entry: Entry) => void }} EntryFieldsProps
 */

/**
 * One entry's fields, each placed at `<path>.<name>` for its id, its hooks and its errors.
 * @param {EntryFieldsProps} props
 */
function EntryFields({ Field, attributes, entry, path, errors, disabled, locale, summarize, onChange }) {
  return Object.entries(attributes).map(([name, attribute]) => html`<${Field}
    key=${name} name=${name} path=${`${path}.${name}`} attribute=${attribute}
    value=${entry[name]} stored=${entry[name]} values=${entry}
    error=${errors[`${path}.${name}`]} errors=${errors} hint=${constraintOf(attribute)}
    disabled=${disabled} locale=${locale} summarize=${summarize}
    onChange=${(field, value) => onChange({ ...entry, [field]: value })}
  />`);
}

/**
 * @typedef {Pick<StructuredProps, 'path' | 'heading' | 'notes' | 'invalid' | 'describedBy'>
 *   & { children?: import('../lib/preact.js').Children }} GroupProps
 */

/**
 * The outer frame of a structured field: its name as the legend, then its hint and error.
 * @param {GroupProps} props
 */
function Group({ path, heading, notes, invalid, describedBy, children }) {
  return html`<fieldset class=${`field group${invalid ? ' invalid' : ''}`} data-test=${`group-${path}`}
    aria-describedby=${describedBy}>
    <legend>${heading}</legend>
    ${children}
    ${notes}
  </fieldset>`;
}

/**
 * @typedef {Inner & { path: string, entries: Entry[], attributesOf: (entry: Entry) => Record<string, Attribute>,
 *   titleOf: (entry: Entry, index: number) => string, min?: number,
 *   onChange: (entries: Entry[]) => void }} EntryListProps
 */

/**
 * A list of entries with Remove, Move up and Move down on each. `titleOf(entry, index)` names an
 * entry (its legend, and what its buttons say to a screen reader); `attributesOf(entry)` its fields.
 * @param {EntryListProps} props
 */
function EntryList({ path, entries, attributesOf, titleOf, min, onChange, ...inner }) {
  const { disabled } = inner;
  const replace = (index, entry) => onChange(entries.map((old, at) => (at === index ? entry : old)));
  const move = (index, by) => {
    const next = [...entries];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  const remove = (index) => onChange(entries.filter((_, at) => at !== index));
  if (entries.length === 0) return html`<p class="muted empty-list">${t.noEntries}</p>`;
  const atMin = min !== undefined && entries.length <= min;
  const last = entries.length - 1;
  return html`<ol class="entries">
    ${entries.map((entry, index) => {
      const title = titleOf(entry, index);
      const hook = (name) => `${name}-${path}-${index}`;
      return html`<li key=${entry[ENTRY_KEY]}>
        <fieldset class="entry" data-test=${`entry-${path}-${index}`}>
          <legend>${title}</legend>
          <div class="entry-tools">
            <button type="button" data-test=${hook('up')} aria-label=${actions.moveUpNamed(title)}
              disabled=${disabled || index === 0} onClick=${() => move(index, -1)}>${actions.moveUp}</button>
            <button type="button" data-test=${hook('down')} aria-label=${actions.moveDownNamed(title)}
              disabled=${disabled || index === last} onClick=${() => move(index, 1)}>${actions.moveDown}</button>
            <button type="button" class="danger-outline" data-test=${hook('remove')}
              aria-label=${actions.removeNamed(title)} disabled=${disabled || atMin}
              onClick=${() => remove(index)}>${actions.remove}</button>
          </div>
          <${EntryFields} ...${inner} attributes=${attributesOf(entry)} entry=${entry} path=${`${path}.${index}`}
            onChange=${(next) => replace(index, next)} />
        </fieldset>
      </li>`;
    })}
  </ol>`;
}

/**
 * A `component` attribute: one fieldset (or none, when empty), or a repeatable list of them.
 * @param {StructuredProps} props
 */
export function ComponentField(props) {
  const { Field, path, attribute, value, errors, disabled, locale, summarize, onChange, name, label } = props;
  const { components } = useContext(Workspace);
  const component = components.get(attribute.component);
  const displayName = component?.schema.displayName ?? attribute.component;
  const attributes = component?.schema.attributes ?? {};
  const inner = { Field, errors, disabled, locale, summarize };
  const { heading, notes, invalid, describedBy } = props;
  const framed = (children) => html`<${Group} path=${path} heading=${heading} notes=${notes} invalid=${invalid}
    describedBy=${describedBy}>${children}</${Group}>`;
  const fresh = () => entryControls(attributes, null, components);
  const kind = displayName.toLowerCase();

  if (!attribute.repeatable) {
    if (!value) {
      return framed(html`<p class="muted empty-list">${t.noneYet(kind)}</p>
        <button type="button" data-test=${`add-${path}`} disabled=${disabled}
          onClick=${() => onChange(name, fresh())}>${t.add(kind)}</button>`);
    }
    return framed(html`<div class="entry single">
      <div class="entry-tools">
        <button type="button" class="danger-outline" data-test=${`remove-${path}`}
          aria-label=${actions.removeNamed(label.toLowerCase())} disabled=${disabled || attribute.required}
          onClick=${() => onChange(name, null)}>${actions.remove}</button>
      </div>
      <${EntryFields} ...${inner} attributes=${attributes} entry=${value} path=${path}
        onChange=${(next) => onChange(name, next)} />
    </div>`);
  }

  const entries = value ?? [];
  const full = attribute.max !== undefined && entries.length >= attribute.max;
  return framed(html`
    <${EntryList} ...${inner} path=${path} entries=${entries} attributesOf=${() => attributes}
      titleOf=${(_, index) => t.numbered(displayName, index + 1)} min=${attribute.min}
      onChange=${(next) => onChange(name, next)} />
    <button type="button" data-test=${`add-${path}`} disabled=${disabled || full}
      onClick=${() => onChange(name, [...entries, fresh()])}>${t.addEntry}</button>
    ${full && html`<span class="hint"> ${t.atMost(attribute.max)}</span>`}
  `);
}

/**
 * A `dynamiczone` attribute: entries of the components it allows, each naming its own (`__component`).
 * @param {StructuredProps} props
 */
export function DynamicZoneField(props) {
  const { Field, path, attribute, value, errors, disabled, locale, summarize, onChange, name } = props;
  const { heading, notes, invalid, describedBy } = props;
  const { components } = useContext(Workspace);
  const allowed = attribute.components ?? [];
  const [choice, setChoice] = useState(allowed[0] ?? '');
  const entries = value ?? [];
  const attributesOf = (entry) => components.get(entry.__component)?.schema.attributes ?? {};
  const full = attribute.max !== undefined && entries.length >= attribute.max;
  const add = () => {
    if (!choice) return;
    const fresh = entryControls(components.get(choice)?.schema.attributes ?? {}, null, components);
    onChange(name, [...entries, { ...fresh, __component: choice }]);
  };
  const pickerId = `add-${path}-component`;
  return html`<${Group} path=${path} heading=${heading} notes=${notes} invalid=${invalid} describedBy=${describedBy}>
    <${EntryList} Field=${Field} path=${path} entries=${entries} attributesOf=${attributesOf}
      titleOf=${(entry, index) => t.zoneEntry(index + 1, displayNameOf(components, entry.__component))}
      errors=${errors} disabled=${disabled} locale=${locale} summarize=${summarize} min=${attribute.min}
      onChange=${(next) => onChange(name, next)} />
    <div class="inline add-zone">
      <label class="visually-hidden" for=${pickerId}>${t.pickerLabel(humanize(name).toLowerCase())}</label>
      <select id=${pickerId} data-test=${pickerId} value=${choice} disabled=${disabled || full}
        onChange=${(event) => setChoice(event.currentTarget.value)}>
        ${allowed.map((uid) => html`<option value=${uid}>
          ${t.addKind(displayNameOf(components, uid).toLowerCase())}
        </option>`)}
      </select>
      <button type="button" data-test=${`add-${path}`} disabled=${disabled || full || !choice}
        onClick=${add}>${actions.add}</button>
    </div>
  </${Group}>`;
}
