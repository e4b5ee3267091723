/**
 * A list's filters on its fields: each one a chip that can be removed, and a form that adds one
 * (a field, a condition its type offers, a value). What they mean is list-filter-model.js.
 */
import { html, useState } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';
import { describeFilter, isComplete, kindOf, operatorLabel, operatorsOf, takesValue } from './list-filter-model.js';

/**
 * @typedef {import('./list-fields.js').ListField} ListField
 * @typedef {import('./list-filter-model.js').ListFilter} ListFilter
 * @typedef {import('./list-filter-model.js').FilterKind} FilterKind
 */

/** The control a value of each kind is typed in. */
const INPUT_TYPES = { text: 'text', number: 'number', date: 'date', datetime: 'date', time: 'time' };

/**
 * @typedef {object} ValueInputsProps
 * @property {ListField} field
 * @property {FilterKind} kind
 * @property {string} operator
 * @property {string[]} values What is typed: one value, two for `between`, the chosen ones for `in`.
 * @property {(values: string[]) => void} onChange
 */

/**
 * The value a condition needs: one control, two for a range, a checkbox per choice for "is one of".
 * @param {ValueInputsProps} props
 */
function ValueInputs({ field, kind, operator, values, onChange }) {
  const t = strings.listFilters;
  if (!takesValue(operator)) return null;
  if (operator === 'in') {
    const toggle = (choice, on) => onChange((field.values ?? []).filter((value) =>
      (value === choice ? on : values.includes(value))));
    return html`<fieldset class="filter-choices">
      <legend>${t.choices}</legend>
      ${(field.values ?? []).map((choice) => html`<label key=${choice}>
        <input type="checkbox" data-test=${`filter-choice-${choice}`} checked=${values.includes(choice)}
          onChange=${(event) => toggle(choice, event.currentTarget.checked)} />
        ${choice}
      </label>`)}
    </fieldset>`;
  }
  const type = INPUT_TYPES[kind] ?? 'text';
  const input = (index, id, label, test) => html`<div class="filter-part">
    <label for=${id}>${label}</label>
    <input id=${id} type=${type} step=${type === 'number' ? 'any' : undefined} data-test=${test}
      value=${values[index] ?? ''} onInput=${(event) => {
        const next = [...values];
        next[index] = event.currentTarget.value;
        onChange(next);
      }} />
  </div>`;
  if (operator !== 'between') return input(0, 'filter-value', t.value, 'filter-value');
  const from = input(0, 'filter-value', t.from, 'filter-value');
  return html`${from}${input(1, 'filter-value-to', t.to, 'filter-value-to')}`;
}

/** The value as a filter keeps it (list-filter-model.js). */
function valueOf(operator, values) {
  if (!takesValue(operator)) return '';
  if (operator === 'between') return `${values[0] ?? ''}..${values[1] ?? ''}`;
  if (operator === 'in') return values.join(',');
  return (values[0] ?? '').trim();
}

/**
 * @typedef {object} AddFilterProps
 * @property {ListField[]} fields
 * @property {(filter: ListFilter) => void} onAdd
 */

/**
 * "Add a filter": a disclosure holding the field, the condition and the value; it closes once added.
 * @param {AddFilterProps} props
 */
function AddFilter({ fields, onAdd }) {
  const t = strings.listFilters;
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(fields[0]?.name ?? '');
  const field = fields.find((candidate) => candidate.name === name) ?? fields[0];
  const kind = kindOf(field.type);
  const [operator, setOperator] = useState(operatorsOf(kind)[0]);
  const [values, setValues] = useState(/** @type {string[]} */ ([]));
  const chooseField = (next) => {
    setName(next);
    setOperator(operatorsOf(kindOf(fields.find((candidate) => candidate.name === next)?.type ?? ''))[0]);
    setValues([]);
  };
  const value = valueOf(operator, values);
  const complete = isComplete(kind, operator, value);
  const submit = (event) => {
    event.preventDefault();
    if (!complete) return;
    onAdd({ field: field.name, operator, value });
    setValues([]);
    setOpen(false);
  };
  return html`<details class="tool" open=${open} onToggle=${(event) => setOpen(event.currentTarget.open)}>
    <summary data-test="add-filter">${t.add}</summary>
    <form class="tool-panel add-filter" onSubmit=${submit}>
      <div class="filter-part">
        <label for="filter-field">${t.field}</label>
        <select id="filter-field" data-test="filter-field" value=${field.name}
          onChange=${(event) => chooseField(event.currentTarget.value)}>
          ${fields.map((candidate) => html`<option value=${candidate.name}>${candidate.label}</option>`)}
        </select>
      </div>
      <div class="filter-part">
        <label for="filter-operator">${t.operator}</label>
        <select id="filter-operator" data-test="filter-operator" value=${operator}
          onChange=${(event) => setOperator(event.currentTarget.value)}>
          ${operatorsOf(kind).map((choice) => html`<option value=${choice}>${operatorLabel(kind, choice)}</option>`)}
        </select>
      </div>
      <${ValueInputs} field=${field} kind=${kind} operator=${operator} values=${values} onChange=${setValues} />
      <button type="submit" class="primary" data-test="filter-apply" disabled=${!complete}>${t.apply}</button>
    </form>
  </details>`;
}

/**
 * @typedef {object} FilterBarProps
 * @property {ListField[]} fields The fields to filter by.
 * @property {ListFilter[]} filters The filters set.
 * @property {(filters: ListFilter[]) => void} onChange
 */

/**
 * The filters set, as chips, and "Add a filter". A filter on a field and condition already set
 * takes the place of the one there.
 * @param {FilterBarProps} props
 */
export function FilterBar({ fields, filters, onChange }) {
  const t = strings.listFilters;
  const same = (a, b) => a.field === b.field && a.operator === b.operator;
  const add = (filter) => onChange([...filters.filter((set) => !same(set, filter)), filter]);
  const described = filters.flatMap((filter) => {
    const field = fields.find((candidate) => candidate.name === filter.field);
    return field ? [{ filter, text: describeFilter(field, filter) }] : [];
  });
  return html`<div class="filter-bar">
    <${AddFilter} fields=${fields} onAdd=${add} />
    ${described.length > 0 && html`<ul class="chips" aria-label=${t.filters}>
      ${described.map(({ filter, text }) => html`<li class="chip" key=${`${filter.field}.${filter.operator}`}
        data-test="filter-chip">
        <span>${text}</span>
        <button type="button" class="plain dismiss" data-test="remove-filter" aria-label=${t.remove(text)}
          onClick=${() => onChange(filters.filter((set) => set !== filter))}></button>
      </li>`)}
      ${described.length > 1 && html`<li><button type="button" class="link" data-test="clear-filters"
        onClick=${() => onChange([])}>${t.clear}</button></li>`}
    </ul>`}
  </div>`;
}
