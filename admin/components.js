/**
 * Components and dynamic zones in the entry form: a component is a fieldset of its own fields
 * (which may hold components again), a repeatable one or a zone a list of such fieldsets, added,
 * removed and moved with real buttons. The value is the whole list: a PUT replaces it.
 */
import { html, useContext, useState } from './preact.js';
import { constraintOf, ENTRY_KEY, entryControls, humanize } from './schema.js';
import { Workspace } from './ui.js';

const displayNameOf = (components, uid) => components.get(uid)?.schema.displayName ?? uid;

/** One entry's fields, each placed at `<path>.<name>` for its id, its hooks and its errors. */
function EntryFields({ Field, attributes, entry, path, errors, disabled, locale, summarize, onChange }) {
  return Object.entries(attributes).map(([name, attribute]) => html`<${Field}
    key=${name} name=${name} path=${`${path}.${name}`} attribute=${attribute}
    value=${entry[name]} stored=${entry[name]} values=${entry}
    error=${errors[`${path}.${name}`]} errors=${errors} hint=${constraintOf(attribute)}
    disabled=${disabled} locale=${locale} summarize=${summarize}
    onChange=${(field, value) => onChange({ ...entry, [field]: value })}
  />`);
}

/** The outer frame of a structured field: its name as the legend, then its hint and error. */
function Group({ path, heading, notes, invalid, describedBy, children }) {
  return html`<fieldset class=${`field group${invalid ? ' invalid' : ''}`} data-test=${`group-${path}`} aria-describedby=${describedBy}>
    <legend>${heading}</legend>
    ${children}
    ${notes}
  </fieldset>`;
}

/**
 * A list of entries with Remove, Move up and Move down on each. `titleOf(entry, index)` names an
 * entry (its legend, and what its buttons say to a screen reader); `attributesOf(entry)` its fields.
 */
function EntryList({ Field, path, entries, attributesOf, titleOf, errors, disabled, locale, summarize, min, onChange }) {
  const replace = (index, entry) => onChange(entries.map((old, at) => (at === index ? entry : old)));
  const move = (index, by) => {
    const next = [...entries];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  if (entries.length === 0) return html`<p class="muted empty-list">No entries yet.</p>`;
  return html`<ol class="entries">
    ${entries.map((entry, index) => {
      const title = titleOf(entry, index);
      return html`<li key=${entry[ENTRY_KEY]}>
        <fieldset class="entry" data-test=${`entry-${path}-${index}`}>
          <legend>${title}</legend>
          <div class="entry-tools">
            <button type="button" data-test=${`up-${path}-${index}`} aria-label=${`Move up, ${title}`} disabled=${disabled || index === 0} onClick=${() => move(index, -1)}>Move up</button>
            <button type="button" data-test=${`down-${path}-${index}`} aria-label=${`Move down, ${title}`} disabled=${disabled || index === entries.length - 1} onClick=${() => move(index, 1)}>Move down</button>
            <button type="button" class="danger-outline" data-test=${`remove-${path}-${index}`} aria-label=${`Remove ${title}`}
              disabled=${disabled || (min !== undefined && entries.length <= min)} onClick=${() => onChange(entries.filter((_, at) => at !== index))}>Remove</button>
          </div>
          <${EntryFields} Field=${Field} attributes=${attributesOf(entry)} entry=${entry} path=${`${path}.${index}`} errors=${errors}
            disabled=${disabled} locale=${locale} summarize=${summarize} onChange=${(next) => replace(index, next)} />
        </fieldset>
      </li>`;
    })}
  </ol>`;
}

/** A `component` attribute: one fieldset (or none, when empty), or a repeatable list of them. */
export function ComponentField({ Field, path, attribute, value, errors, disabled, locale, summarize, onChange, name, label, heading, notes, invalid, describedBy }) {
  const { components } = useContext(Workspace);
  const component = components.get(attribute.component);
  const displayName = component?.schema.displayName ?? attribute.component;
  const attributes = component?.schema.attributes ?? {};
  const frame = (children) => html`<${Group} path=${path} heading=${heading} notes=${notes} invalid=${invalid} describedBy=${describedBy}>${children}</${Group}>`;
  const fresh = () => entryControls(attributes, null, components);

  if (!attribute.repeatable) {
    if (!value) {
      return frame(html`<p class="muted empty-list">No ${displayName.toLowerCase()} yet.</p>
        <button type="button" data-test=${`add-${path}`} disabled=${disabled} onClick=${() => onChange(name, fresh())}>Add ${displayName.toLowerCase()}</button>`);
    }
    return frame(html`<div class="entry single">
      <div class="entry-tools">
        <button type="button" class="danger-outline" data-test=${`remove-${path}`} aria-label=${`Remove ${label.toLowerCase()}`} disabled=${disabled || attribute.required} onClick=${() => onChange(name, null)}>Remove</button>
      </div>
      <${EntryFields} Field=${Field} attributes=${attributes} entry=${value} path=${path} errors=${errors} disabled=${disabled} locale=${locale} summarize=${summarize} onChange=${(next) => onChange(name, next)} />
    </div>`);
  }

  const entries = value ?? [];
  const full = attribute.max !== undefined && entries.length >= attribute.max;
  return frame(html`
    <${EntryList} Field=${Field} path=${path} entries=${entries} attributesOf=${() => attributes} titleOf=${(_, index) => `${displayName} ${index + 1}`}
      errors=${errors} disabled=${disabled} locale=${locale} summarize=${summarize} min=${attribute.min} onChange=${(next) => onChange(name, next)} />
    <button type="button" data-test=${`add-${path}`} disabled=${disabled || full} onClick=${() => onChange(name, [...entries, fresh()])}>Add an entry</button>
    ${full && html`<span class="hint"> At most ${attribute.max}.</span>`}
  `);
}

/** A `dynamiczone` attribute: entries of the components it allows, each naming its own (`__component`). */
export function DynamicZoneField({ Field, path, attribute, value, errors, disabled, locale, summarize, onChange, name, label, heading, notes, invalid, describedBy }) {
  const { components } = useContext(Workspace);
  const allowed = attribute.components ?? [];
  const [choice, setChoice] = useState(allowed[0] ?? '');
  const entries = value ?? [];
  const attributesOf = (entry) => components.get(entry.__component)?.schema.attributes ?? {};
  const full = attribute.max !== undefined && entries.length >= attribute.max;
  const add = () => {
    if (!choice) return;
    const entry = { ...entryControls(components.get(choice)?.schema.attributes ?? {}, null, components), __component: choice };
    onChange(name, [...entries, entry]);
  };
  const pickerId = `add-${path}-component`;
  return html`<${Group} path=${path} heading=${heading} notes=${notes} invalid=${invalid} describedBy=${describedBy}>
    <${EntryList} Field=${Field} path=${path} entries=${entries} attributesOf=${attributesOf}
      titleOf=${(entry, index) => `${index + 1}. ${displayNameOf(components, entry.__component)}`}
      errors=${errors} disabled=${disabled} locale=${locale} summarize=${summarize} min=${attribute.min} onChange=${(next) => onChange(name, next)} />
    <div class="inline add-zone">
      <label class="visually-hidden" for=${pickerId}>Component to add to ${humanize(name).toLowerCase()}</label>
      <select id=${pickerId} data-test=${pickerId} value=${choice} disabled=${disabled || full} onChange=${(event) => setChoice(event.currentTarget.value)}>
        ${allowed.map((uid) => html`<option value=${uid}>Add a ${displayNameOf(components, uid).toLowerCase()}</option>`)}
      </select>
      <button type="button" data-test=${`add-${path}`} disabled=${disabled || full || !choice} onClick=${add}>Add</button>
    </div>
  </${Group}>`;
}
