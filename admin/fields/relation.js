/**
 * A relation in the entry form: the chosen entries, each with Remove, and a search of the target
 * type's entries (its drafts, in the form's locale) to choose from. The value is the chosen
 * entries as read (`{ documentId, <naming field> }`); the write sends them whole with `set`.
 */
import { html, useContext, useEffect, useRef, useState } from '../lib/preact.js';
import { listPath, request } from '../lib/api.js';
import { isLocalized, isToMany, may, nameOf, titleAttribute } from '../lib/schema.js';
import { strings } from '../lib/strings.js';
import { Workspace } from '../lib/workspace.js';

const t = strings.relation;

const PAGE_SIZE = 10;
// Waits this long after the last keystroke before asking the server.
const TYPING_MS = 250;

/**
 * Up to ten of the target's entries matching `text`, with their naming field only.
 * @param {import('../lib/schema.js').ContentType} target
 * @param {string} text
 * @param {string | undefined} locale
 * @returns {Promise<import('../lib/schema.js').Entry[]>}
 */
async function search(target, text, locale) {
  const label = titleAttribute(target);
  const { data } = await request('GET', listPath(target), {
    query: {
      _q: text.trim(),
      pagination: { pageSize: PAGE_SIZE },
      status: 'draft',
      locale: isLocalized(target) ? locale : undefined,
      fields: label ? [label] : undefined,
    },
  });
  return data;
}

/** @param {import('./field.js').StructuredProps} props */
export function RelationField(props) {
  const { path, attribute, value, stored, disabled, locale, summarize, onChange, name } = props;
  const { heading, notes, invalid, describedBy } = props;
  const { types, permissions } = useContext(Workspace);
  const target = types.find((type) => type.uid === attribute.target);
  const many = isToMany(attribute);
  const chosen = many ? value ?? [] : value ? [value] : [];
  const [text, setText] = useState('');
  const [found, setFound] = useState(/** @type {import('../lib/schema.js').Entry[] | null} */ (null));
  const [problem, setProblem] = useState('');
  const asked = useRef(0);
  const id = `field-${path}`;
  const listId = `options-${path}`;

  useEffect(() => () => clearTimeout(asked.current), []);

  // A target the account may not read: what the entry holds, and no way to change it.
  if (!target || !may(permissions, target, 'find')) {
    return html`<div class="field">
      <label for=${id}>${heading}</label>
      <output id=${id} data-test=${id} class="readonly" aria-describedby=${describedBy}>
        ${summarize(attribute, stored)} · ${t.mayNotRead(attribute.target.split('.').pop())}
      </output>
      ${notes}
    </div>`;
  }

  const ask = (next) => {
    clearTimeout(asked.current);
    asked.current = setTimeout(() => {
      search(target, next, locale).then(
        (data) => {
          setProblem('');
          setFound(data);
        },
        (error) => setProblem(error.message),
      );
    }, TYPING_MS);
  };
  const choose = (entry) => {
    onChange(name, many ? [...chosen, entry] : entry);
    setText('');
    setFound(null);
    document.getElementById(id)?.focus();
  };
  const remove = (index) => onChange(name, many ? chosen.filter((_, at) => at !== index) : null);
  const taken = new Set(chosen.map((entry) => entry.documentId));
  const offered = (found ?? []).filter((entry) => !taken.has(entry.documentId));
  const targetName = target.schema.displayName.toLowerCase();

  return html`<div class=${`field relation${invalid ? ' invalid' : ''}`} data-test=${`group-${path}`}>
    <label for=${id}>${heading}</label>
    ${chosen.length > 0
      ? html`<ul class="chosen">
          ${chosen.map((entry, index) => html`<li key=${entry.documentId} data-test=${`chosen-${path}-${index}`}>
            <span>${nameOf(entry)}</span>
            <button type="button" class="danger-outline" data-test=${`remove-${path}-${index}`}
              aria-label=${strings.actions.removeNamed(nameOf(entry))} disabled=${disabled}
              onClick=${() => remove(index)}>${strings.actions.remove}</button>
          </li>`)}
        </ul>`
      : html`<p class="muted empty-list">${t.noneChosen(targetName)}</p>`}
    <input type="search" id=${id} data-test=${`relation-search-${path}`} autocomplete="off" disabled=${disabled}
      placeholder=${many || chosen.length === 0 ? t.searchToAdd(targetName) : t.searchAnother(targetName)}
      aria-controls=${listId} aria-describedby=${describedBy} aria-invalid=${invalid ? 'true' : undefined}
      value=${text}
      onInput=${(event) => {
        setText(event.currentTarget.value);
        ask(event.currentTarget.value);
      }}
      onFocus=${() => found === null && ask(text)}
      onKeyDown=${(event) => {
        if (event.key === 'Escape') setFound(null);
        // Enter in a search would submit the form: it chooses the first match instead.
        if (event.key === 'Enter') {
          event.preventDefault();
          if (offered[0]) choose(offered[0]);
        }
      }} />
    <p class="visually-hidden" aria-live="polite">${found === null ? '' : t.matches(offered.length)}</p>
    ${problem && html`<p class="field-error">${problem}</p>`}
    ${found !== null &&
    html`<ul class="options" id=${listId} aria-label=${t.matching(targetName)}>
      ${offered.length === 0
        ? html`<li class="muted">${t.noMatch(targetName, text.trim())}</li>`
        : offered.map((entry) => html`<li key=${entry.documentId}>
            <button type="button" class="option" data-test=${`relation-option-${entry.documentId}`} disabled=${disabled}
              onClick=${() => choose(entry)}>${nameOf(entry)}</button>
          </li>`)}
    </ul>`}
    ${notes}
  </div>`;
}
