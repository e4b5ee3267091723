/**
 * One entry (or a single type): its form generated from the content type, its status and locale
 * versions, and the actions the signed-in user holds (save, publish, unpublish, discard, delete).
 */
import { html, useContext, useEffect, useRef, useState } from './preact.js';
import { ApiError, currentSession, documentPath, entryOf, listPath, readEntry, request, tagOf } from './api.js';
import { Field } from './fields.js';
import { HistoryPanel } from './history.js';
import { dropKept, keptFor, useUnsavedChanges } from './leaving.js';
import { listHref } from './list.js';
import { constraintOf, editorialStatus, errorPlace, fromControl, hasDrafts, humanize, isBlank, isEditable, isLocalized, isPerLocale, isSingle, isStructured, may, populateOf, slugify, summarize, titleAttribute, toControl } from './schema.js';
import { Ask, Dialog, href, LoadError, navigate, StatusBadge, useTitle, Workspace } from './ui.js';

/**
 * @typedef {import('./schema.js').ContentType} ContentType
 * @typedef {import('./schema.js').Entry} Entry
 * @typedef {import('./schema.js').Component} Component
 * @typedef {import('./leaving.js').Kept} Kept
 */

// ---- Reading ----

/**
 * A read's or write's query: `status` only on types with drafts, `locale` only on localized ones.
 * @param {ContentType} type
 * @param {{ status?: string, locale?: string }} query
 */
function scope(type, { status, locale }) {
  return { status: hasDrafts(type) ? status : undefined, locale: isLocalized(type) ? locale : undefined };
}

/** The locale versions that exist (`Map<code, status>`; the status is `null` where unknown). */
async function localeVersions(type, documentId, draft, locales) {
  if (!isSingle(type)) {
    const versionsIn = (status) =>
      request('GET', listPath(type), {
        query: { ...scope(type, { status }), locale: '*', filters: { documentId: { $eq: documentId } }, fields: ['locale', 'updatedAt'], pagination: { pageSize: 100 } },
      });
    const [drafts, published] = await Promise.all([versionsIn('draft'), hasDrafts(type) ? versionsIn('published') : { data: [] }]);
    const publishedIn = new Map(published.data.map((entry) => [entry.locale, entry]));
    return new Map(drafts.data.map((entry) => [entry.locale, hasDrafts(type) ? editorialStatus(entry, publishedIn.get(entry.locale)) : null]));
  }
  // A single type has no list to ask, but each of its versions names the others (`localizations`).
  let found = draft;
  for (const { code } of locales) {
    if (found) break;
    found = await readEntry(type, null, { ...scope(type, { status: 'draft', locale: code }), fields: ['locale'], populate: { localizations: { fields: ['locale'] } } });
  }
  return new Map((found ? [found, ...(found.localizations ?? [])] : []).map((version) => [version.locale, null]));
}

/** The published version's stamp, or `null`; asked of the list where there is one, which answers no 404. */
async function publishedVersion(type, documentId, locale) {
  const query = { ...scope(type, { status: 'published', locale }), fields: ['updatedAt'] };
  if (isSingle(type)) return readEntry(type, null, query);
  const { data } = await request('GET', listPath(type), { query: { ...query, filters: { documentId: { $eq: documentId } } } });
  return data[0] ?? null;
}

/**
 * What the view shows: `form` (an entry to edit, or a new one), `missing` (the document exists in
 * other locales only) or `absent` (no such document). The draft is read with every attribute the
 * form edits populated (`populate`, from `populateOf`).
 * @returns {Promise<Omit<EntryState, 'key'>>}
 */
async function loadEntry(type, documentId, locale, locales, populate) {
  if (documentId === 'new') return { phase: 'form', mode: 'create', entry: null, status: null, versions: new Map() };
  const draft = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale }), populate });
  const [published, versions] = await Promise.all([
    draft && hasDrafts(type) ? publishedVersion(type, documentId, locale) : null,
    isLocalized(type) ? localeVersions(type, documentId, draft, locales) : new Map(),
  ]);
  if (draft) {
    const status = hasDrafts(type) ? editorialStatus(draft, published) : null;
    if (isLocalized(type)) versions.set(draft.locale ?? locale, status);
    return { phase: 'form', mode: 'edit', entry: draft, status, versions };
  }
  if (versions.size > 0) return { phase: 'missing', versions };
  // A single type is 404 until its first save, which creates it.
  if (isSingle(type)) return { phase: 'form', mode: 'create', entry: null, status: null, versions };
  return { phase: 'absent' };
}

// ---- Form values ----

/**
 * The controls' first values. A new locale version starts from the defaults for what is set per
 * locale, and shows what it shares with the other versions (read-only) from `source`.
 * @param {ContentType} type
 * @param {Omit<EntryState, 'key'>} loaded
 * @param {Map<string, Component>} components
 */
function initialValues(type, { mode, entry, source }, components) {
  /** @type {Record<string, any>} */
  const values = {};
  for (const [name, attribute] of Object.entries(type.schema.attributes)) {
    if (!isEditable(attribute)) continue;
    const stored = mode === 'edit' ? entry?.[name] : mode === 'localize' && !isPerLocale(type, attribute) ? source?.[name] : attribute.default;
    values[name] = toControl(attribute, stored, components);
  }
  return values;
}

/**
 * The `data` of a write: on an edit the changed attributes only (so a save never overwrites what
 * someone else changed meanwhile in another field), on a creation every filled one. A problem
 * inside a component is keyed by its place (`sections.0.data`).
 */
function payloadOf(type, mode, values, original, components) {
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

function hintOf(type, attribute, mode, localized) {
  const notes = [constraintOf(attribute)];
  if (attribute.type === 'password' || attribute.private) notes.push(mode === 'edit' ? 'Never shown: leave empty to keep it' : 'Never shown once saved');
  if (attribute.type === 'datetime') notes.push('In your time zone');
  if (localized && isEditable(attribute) && !isPerLocale(type, attribute)) notes.push('Shared by all locales');
  return notes.filter(Boolean).join(' · ');
}

// ---- View ----

const pick = (values, names) => Object.fromEntries(names.filter((name) => name in values).map((name) => [name, values[name]]));

/**
 * The fields the form changed since it was saved: `original` holds what the save sent. Compared by
 * content: a field that hands the form a new value equal to the saved one changed nothing.
 */
const typedSinceSave = ({ values, original = {} }) =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== original[name] && JSON.stringify(value) !== JSON.stringify(original[name])));

/** Changes kept when the session ended, offered back: restored over the entry as it is now, or dropped. */
function KeptChanges({ kept, onRestore, onDiscard }) {
  return html`<div class="panel recover" role="region" aria-labelledby="kept-title" data-test="kept-changes">
    <h2 id="kept-title">Unsaved changes from before you signed in again</h2>
    <p>Your session ended before these changes were saved. They were kept in this browser tab.
      ${kept.withheld ? ' Password and private fields are never kept: type them again.' : ''}</p>
    <div class="inline">
      <button type="button" class="primary" data-test="restore-kept" onClick=${onRestore}>Restore my changes</button>
      <button type="button" data-test="discard-kept" onClick=${onDiscard}>Discard them</button>
    </div>
  </div>`;
}

// Inputs where Enter would submit the form; Enter there does nothing (Save is the button's job).
const ONE_LINE = new Set(['text', 'email', 'password', 'number', 'date', 'time', 'datetime-local', 'search', 'url', 'tel']);
function keepEnter(event) {
  const target = event.target;
  if (event.key === 'Enter' && target.tagName === 'INPUT' && ONE_LINE.has(target.type)) event.preventDefault();
}

function LocaleSwitcher({ type, documentId, locale, versions, locales, creating }) {
  return html`<nav class="locales" aria-label="Locale versions">
    <span class="locales-label">Locale</span>
    <ul>
      ${locales.map(({ code, name }) => {
        const exists = creating || versions.has(code);
        return html`<li>
          <a href=${href(type.schema.singularName, isSingle(type) ? '' : documentId, { locale: code })} class=${exists ? '' : 'missing'}
            aria-current=${code === locale ? 'page' : undefined} data-test=${`locale-${code}`}>${name}${!exists && html`<span class="visually-hidden"> (not created yet)</span>`}</a>
        </li>`;
      })}
    </ul>
  </nav>`;
}

/**
 * Asks before deleting. With `onConfirmAll` (an entry that exists in several locales), it offers
 * to delete this locale version or the whole entry, every locale with it.
 */
function ConfirmDelete({ what, busy, onConfirm, onConfirmAll, onCancel }) {
  const cancel = useRef(/** @type {HTMLButtonElement | null} */ (null));
  useEffect(() => cancel.current?.focus(), []);
  return html`<div class="confirm" role="group" aria-labelledby="confirm-text" onKeyDown=${(event) => event.key === 'Escape' && onCancel()}>
    <p id="confirm-text" data-test="confirm-delete-text">${what} This cannot be undone.</p>
    <div class="inline">
      <button type="button" class="danger" data-test="confirm-delete" disabled=${!!busy} onClick=${onConfirm}>${busy === 'delete' ? 'Deleting…' : onConfirmAll ? 'Delete this version' : 'Delete'}</button>
      ${onConfirmAll && html`<button type="button" class="danger" data-test="confirm-delete-all" disabled=${!!busy} onClick=${onConfirmAll}>${busy === 'delete-all' ? 'Deleting…' : 'Delete every locale'}</button>`}
      <button type="button" ref=${cancel} data-test="cancel-delete" onClick=${onCancel}>Cancel</button>
    </div>
  </div>`;
}

/** A value as one line of text in the conflict dialog's comparison. */
function shown(attribute, control, summarize) {
  if (isStructured(attribute) || attribute.type === 'json') return summarize(attribute, attribute.type === 'json' ? control : fromControl(attribute, control).value ?? control);
  if (attribute.type === 'boolean') return control ? 'Yes' : 'No';
  if (attribute.type === 'password' || attribute.private) return '(never shown)';
  return control === '' ? '(empty)' : control;
}

/**
 * Someone else changed the entry since this form read it (a 412): the editor's changes stay in
 * the form. They may reload (losing them, after confirming), or see the other version and keep
 * editing theirs, to save it over that version (`onKeepMine(fresh)`, which takes its tag).
 */
function Conflict({ type, documentId, locale, populate, values, original, dirty, components, onReload, onKeepMine, onClose }) {
  const [step, setStep] = useState('ask');
  const [fresh, setFresh] = useState(null);
  const [error, setError] = useState('');

  async function compare() {
    setStep('loading');
    setError('');
    try {
      const entry = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale }), populate });
      if (!entry) throw new Error('The entry was deleted meanwhile.');
      setFresh(entry);
      setStep('compare');
    } catch (failure) {
      setError(failure.message);
      setStep('ask');
    }
  }

  if (step === 'reload' && dirty) {
    return html`<${Ask} test="conflict-reload-ask" title="Reload and lose your changes?"
      text="Reloading shows the entry as it is stored now. What you typed since you opened it will be lost."
      actions=${[['Reload and lose my changes', onReload, { test: 'conflict-reload-confirm', kind: 'danger' }], ['Go back', () => setStep('ask'), { test: 'conflict-reload-cancel' }]]} />`;
  }

  if (step === 'compare' && fresh) {
    const rows = Object.entries(type.schema.attributes)
      .filter(([, attribute]) => isEditable(attribute))
      .map(([name, attribute]) => {
        const theirs = toControl(attribute, fresh[name], components);
        const summarizeOne = (field, value) => summarize(field, value, components);
        const changedHere = values[name] !== original[name];
        const theirsText = shown(attribute, theirs, summarizeOne);
        const mineText = shown(attribute, values[name], summarizeOne);
        return { name, theirsText, mineText, changedHere, differs: theirsText !== mineText };
      })
      .filter((row) => row.differs || row.changedHere);
    return html`<${Dialog} labelId="conflict-title" test="conflict" wide onCancel=${onClose}>
      <h2 id="conflict-title">The other version</h2>
      <p>What is stored now, beside what your form holds. Saving writes the fields you changed (marked) over the other version; the others keep what is stored.</p>
      <div class="compare-wrap">
        <table class="compare" data-test="conflict-compare-table">
          <thead><tr><th scope="col">Field</th><th scope="col">Stored now</th><th scope="col">Your form</th></tr></thead>
          <tbody>
            ${rows.map((row) => html`<tr data-test=${`conflict-row-${row.name}`}>
              <th scope="row">${humanize(row.name)}${row.changedHere && html`<span class="badge badge-modified">changed by you</span>`}</th>
              <td data-test=${`conflict-theirs-${row.name}`}>${row.theirsText}</td>
              <td data-test=${`conflict-mine-${row.name}`}>${row.mineText}</td>
            </tr>`)}
            ${rows.length === 0 && html`<tr><td colspan="3">No field differs.</td></tr>`}
          </tbody>
        </table>
      </div>
      <div class="inline dialog-actions">
        <button type="button" class="primary" data-test="conflict-keep-mine" data-autofocus="" onClick=${() => onKeepMine(fresh)}>Keep editing my version</button>
        <button type="button" data-test="conflict-reload" onClick=${() => (dirty ? setStep('reload') : onReload())}>Use the stored version</button>
      </div>
    </${Dialog}>`;
  }

  return html`<${Dialog} labelId="conflict-title" describedBy="conflict-text" test="conflict" onCancel=${onClose}>
    <h2 id="conflict-title">Someone else changed this entry</h2>
    <p id="conflict-text">It was changed and saved elsewhere since you opened it, so your changes were not saved. They are still in the form.</p>
    ${error && html`<p class="field-error" role="alert">${error}</p>`}
    <div class="inline dialog-actions">
      <button type="button" class="primary" data-test="conflict-compare" data-autofocus="" disabled=${step === 'loading'} onClick=${compare}>${step === 'loading' ? 'Loading…' : 'See the other version'}</button>
      <button type="button" data-test="conflict-reload" onClick=${() => (dirty ? setStep('reload') : onReload())}>Reload the entry</button>
      <button type="button" data-test="conflict-close" onClick=${onClose}>Keep editing</button>
    </div>
  </${Dialog}>`;
}

/**
 * What the entry view shows (`phase`), for the route (`key`: type, document and locale) it was read
 * for. A form edits the version read (`mode: 'edit'`, its `entry`), creates one (`create`), or a new
 * locale version (`localize`) from `source`; `original` holds its controls' first values, `etag` the
 * version its writes are made on. `missing`: not in this locale, in those of `versions` only.
 * @typedef {object} EntryState
 * @property {'loading' | 'form' | 'missing' | 'absent' | 'error'} phase
 * @property {string} key
 * @property {'edit' | 'create' | 'localize'} [mode]
 * @property {Entry | null} [entry]
 * @property {Entry | null} [source]
 * @property {string | null} [status]
 * @property {Map<string, string | null>} [versions] Each locale version's status (`null` where unknown).
 * @property {Record<string, any>} [original]
 * @property {string} [etag]
 * @property {Error} [error]
 */

export function EntryView({ type, documentId, locale }) {
  const workspace = useContext(Workspace);
  const { permissions, notify, locales, components } = workspace;
  const key = `${type.uid}/${documentId}/${locale}`;
  const [view, setView] = useState(/** @type {EntryState} */ ({ phase: 'loading', key }));
  const [values, setValues] = useState(/** @type {Record<string, any>} */ ({}));
  const [errors, setErrors] = useState(/** @type {Record<string, string | undefined>} */ ({}));
  const [busy, setBusy] = useState('');
  const [confirming, setConfirming] = useState(false);
  // A 412 on a write: the dialog offering to reload or to see the other version.
  const [conflict, setConflict] = useState(false);
  const [reloads, setReloads] = useState(0);
  // A question before an action that cannot be taken back (`unpublish`, `discardDraft`).
  const [asking, setAsking] = useState('');
  // The History panel (history.js), open over the form.
  const [showHistory, setShowHistory] = useState(false);
  // The uids the editor edited: those no longer follow their target field.
  const slugEdited = useRef(new Set());
  // Changes this form held when the session ended, offered back (see leaving.js).
  const [kept, setKept] = useState(/** @type {Kept | null} */ (null));
  // The tab's title names the entry, once read: `Hello · Article · foliocms`.
  const entryName = isSingle(type) || view.key !== key ? ''
    : view.phase === 'form' ? (view.mode === 'edit' ? view.entry?.[titleAttribute(type) ?? 'documentId'] || 'Untitled' : view.mode === 'create' ? `New ${type.schema.displayName.toLowerCase()}` : '')
    : view.phase === 'absent' ? 'Not found' : '';
  useTitle(entryName, type.schema.displayName);
  // The other locale versions too: a single type's switcher learns from them which exist.
  const populate = { ...populateOf(type.schema.attributes, components, workspace.types), ...(isLocalized(type) ? { localizations: { fields: ['locale'] } } : {}) };

  /**
   * Shows what was loaded; `restored` (changes kept at a session end) goes over it, on its version.
   * @param {Omit<EntryState, 'key'>} loaded
   * @param {Kept | null} [restored]
   */
  function show(loaded, restored = null, typed = {}) {
    const original = loaded.phase === 'form' ? initialValues(type, loaded, components) : {};
    // The version read, sent back as `If-Match` with every write and action on it.
    const etag = loaded.entry ? tagOf(loaded.entry) : undefined;
    setView({ ...loaded, key, original, etag: restored?.etag ?? etag });
    const over = restored ? restored.values : typed;
    setValues({ ...original, ...pick(over, Object.keys(original)) });
    const waiting = restored ? null : keptFor(key, currentSession()?.user);
    setKept(waiting && (waiting.mode === loaded.mode || (waiting.mode === 'localize' && loaded.phase === 'missing')) ? waiting : null);
  }

  // The form as last shown, and whether the next read follows a save: what the editor types while
  // the saved entry is read again stays in the form over what is read.
  const onScreen = useRef({ values, original: view.original });
  onScreen.current = { values, original: view.original };
  const afterSave = useRef(false);

  useEffect(() => {
    let current = true;
    const keepTyped = afterSave.current;
    afterSave.current = false;
    // A reload after a save keeps the form on screen; another entry or locale starts afresh.
    if (view.key !== key) setView({ phase: 'loading', key });
    setErrors({});
    setConfirming(false);
    setAsking('');
    slugEdited.current = new Set();
    // A conflict met by a publish right after its save outlives the reload that follows.
    if (view.key !== key) setConflict(false);
    if (view.key !== key) setShowHistory(false);
    // Until the entry is read again, its actions wait: they would act on the version just replaced.
    if (view.key === key) setBusy('reload');
    const settled = () => setBusy((shown) => (shown === 'reload' ? '' : shown));
    loadEntry(type, documentId, locale, locales, populate).then(
      (loaded) => current && (show(loaded, null, keepTyped ? typedSinceSave(onScreen.current) : {}), settled()),
      (error) => current && (setView({ phase: 'error', error, key }), settled()),
    );
    return () => {
      current = false;
    };
  }, [key, reloads]);

  // Leaving a form with unsaved changes asks first; a session end keeps them (never a password or private field).
  const changed = view.key === key && view.phase === 'form' ? Object.keys(values).filter((name) => values[name] !== view.original?.[name]) : [];
  useUnsavedChanges(changed.length > 0, () => {
    const secret = (name) => type.schema.attributes[name]?.type === 'password' || type.schema.attributes[name]?.private;
    return {
      place: key,
      mode: view.mode,
      etag: view.etag,
      values: Object.fromEntries(changed.filter((name) => !secret(name)).map((name) => [name, values[name]])),
      withheld: changed.some(secret),
    };
  });

  if (view.key !== key || view.phase === 'loading') return html`<p class="muted" aria-live="polite">Loading…</p>`;

  const { displayName, singularName } = type.schema;
  const single = isSingle(type);
  const drafts = hasDrafts(type);
  const localized = isLocalized(type) && locales.length > 0;
  const can = (action) => may(permissions, type, action);
  const localeName = (code) => locales.find((candidate) => candidate.code === code)?.name ?? code;
  const reload = () => {
    // The actions wait from this render on, not only once the read starts: a click in between would
    // act on the version being replaced.
    setBusy('reload');
    setReloads((count) => count + 1);
  };
  const back = !single && html`<p class="crumbs"><a href=${listHref(type)}>← ${displayName}</a></p>`;

  if (view.phase === 'error') return html`${back}<${LoadError} error=${view.error} onRetry=${reload} />`;
  if (view.phase === 'absent') {
    return html`${back}<h1>Not found</h1><p>This entry does not exist, or no longer does.</p>`;
  }

  const { mode, status, versions = new Map() } = view;
  const switcher = localized && html`<${LocaleSwitcher} type=${type} documentId=${documentId} locale=${locale} versions=${versions} locales=${locales} creating=${mode === 'create' && !single} />`;

  async function run(action, work) {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      // A reload the action started keeps the actions waiting until the entry is read again.
      setBusy((shown) => (shown === action ? '' : shown));
    }
  }

  /**
   * A ValidationError's messages go next to their fields, nested ones too (keyed by their joined
   * path, `sections.0.heading`, or by the attribute when the form has no such field); anything
   * else to the notice.
   */
  function fail(error) {
    if (error instanceof ApiError && error.status === 412) {
      setConfirming(false);
      setConflict(true);
      return;
    }
    /** @type {Record<string, string>} */
    const placed = {};
    const unplaced = [];
    for (const [path, message] of error instanceof ApiError ? error.fieldErrors : []) {
      const place = errorPlace(type.schema.attributes, path, values, components);
      if (place) placed[place] = placed[place] ? `${placed[place]} ${message}` : message;
      else unplaced.push(message);
    }
    setErrors(placed);
    const fieldCount = Object.keys(placed).length;
    notify('error', fieldCount > 0 ? ['Check the marked fields.', ...unplaced].join(' ') : [error.message, ...unplaced].join(' '));
  }

  function discardKept() {
    dropKept();
    setKept(null);
  }

  if (view.phase === 'missing') {
    /** @param {Kept | null} [restored] */
    const startLocalization = (restored = null) =>
      run('localize', async () => {
        const codes = [...versions.keys()];
        const from = codes.includes(workspace.defaultLocale) ? workspace.defaultLocale : codes[0];
        const source = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale: from }), populate });
        if (restored) dropKept();
        show({ phase: 'form', mode: 'localize', entry: null, source, status: null, versions }, restored);
      });
    return html`${back}
      <header class="view-head"><h1 id="view-title">${single ? displayName : `Not yet in ${localeName(locale)}`}</h1></header>
      ${switcher}
      ${kept && html`<${KeptChanges} kept=${kept} onRestore=${() => startLocalization(kept)} onDiscard=${discardKept} />`}
      <div class="panel" data-test="missing-locale">
        <p>This ${single ? 'content' : 'entry'} has no ${localeName(locale)} version yet.</p>
        ${can('createLocalization')
          ? html`<button type="button" class="primary" data-test="create-locale" disabled=${!!busy} onClick=${() => startLocalization()}>Create ${localeName(locale)} version</button>`
          : html`<p class="muted">Your account may not create locale versions.</p>`}
      </div>`;
  }

  const mayWrite = mode === 'edit' ? can('update') : mode === 'localize' ? can('createLocalization') : can(single ? 'update' : 'create');
  const dirty = changed.length > 0;
  const titleField = titleAttribute(type);
  const heading = single ? displayName
    : mode === 'create' ? `New ${displayName.toLowerCase()}`
    : mode === 'localize' ? `New ${localeName(locale)} version`
    : view.entry?.[titleField ?? 'documentId'] || 'Untitled';

  async function save() {
    const { data, problems } = payloadOf(type, mode, values, view.original, components);
    // Required fields are checked here first, and said in the editor's words beside the field.
    for (const [name, attribute] of Object.entries(type.schema.attributes)) {
      if (!attribute.required || !isEditable(attribute) || attribute.type === 'boolean' || problems[name]) continue;
      if (mode === 'localize' && !isPerLocale(type, attribute)) continue;
      if (mode === 'edit' && (attribute.type === 'password' || attribute.private)) continue;
      if (isBlank(attribute, values[name])) problems[name] = `${humanize(name)} is required.`;
    }
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      notify('error', 'Check the marked fields.');
      return null;
    }
    setErrors({});
    if (mode === 'edit' && Object.keys(data).length === 0) return view.entry;
    const query = scope(type, { status: 'draft', locale });
    const [method, path] = mode === 'create' && !single ? ['POST', listPath(type)] : ['PUT', documentPath(type, documentId)];
    // A new locale version is created without a condition: there is no version of it to match.
    const ifMatch = mode === 'edit' ? view.etag : undefined;
    return entryOf(await request(method, path, { query, body: { data }, ifMatch }));
  }

  /** Where a write leaves the editor: a new entry at its own address, anything else here. */
  const placeAfter = (saved) => (mode === 'create' && !single ? href(singularName, saved.documentId, { locale: localized ? locale : '' }) : location.hash);

  /** A new entry gets its own address; anything else reloads, for its new status and versions. */
  function settle(saved) {
    // Saved: changes kept from before a session end are no longer offered, and what the form
    // sent is no longer unsaved (leaving while it is read again asks nothing).
    if (kept) discardKept();
    setView((shown) => ({ ...shown, original: values }));
    if (mode === 'create' && !single) navigate(placeAfter(saved));
    else {
      afterSave.current = true;
      reload();
    }
  }

  const onSave = () =>
    run('save', async () => {
      const saved = await save();
      if (!saved) return;
      notify('success', drafts ? 'Draft saved.' : 'Saved.', placeAfter(saved));
      settle(saved);
    });

  const onPublish = () =>
    run('publish', async () => {
      // Publishing publishes what the form shows, so unsaved changes are saved first.
      const saved = dirty || mode !== 'edit' ? await save() : view.entry;
      if (!saved) return;
      const ifMatch = saved === view.entry ? view.etag : tagOf(saved);
      try {
        await request('POST', `${documentPath(type, saved.documentId)}/actions/publish`, { query: scope(type, { locale }), ifMatch });
        notify('success', 'Published.', placeAfter(saved));
      } catch (error) {
        // What was saved just now is reloaded (its new status); a refused publish alone changes nothing.
        if (saved !== view.entry) settle(saved);
        throw error;
      }
      settle(saved);
    });

  const onStatusAction = (action, done) =>
    run(action, async () => {
      await request('POST', `${documentPath(type, documentId)}/actions/${action}`, { query: scope(type, { locale }), ifMatch: view.etag });
      notify('success', done);
      reload();
    });

  /** Deletes this locale version, or with `everyLocale` the whole entry. */
  const onDelete = (everyLocale = false) =>
    run(everyLocale ? 'delete-all' : 'delete', async () => {
      // The tag names this locale's version: a delete of every locale (`locale=*`) has none to match.
      await request('DELETE', documentPath(type, documentId), { query: scope(type, { locale: everyLocale ? '*' : locale }), ifMatch: view.etag });
      notify('success', 'Deleted.', single ? location.hash : listHref(type));
      if (single) reload();
      else navigate(listHref(type));
    });

  // A change clears the field's error, and those inside it (`sections.0.heading` with `sections`).
  const change = (name, value) => {
    // A new entry's slug (a uid with a target field) follows its target until the editor edits it.
    const follows = mode === 'edit' ? [] : Object.entries(type.schema.attributes)
      .filter(([uid, attribute]) => attribute.type === 'uid' && attribute.targetField === name && !slugEdited.current.has(uid))
      .map(([uid]) => [uid, slugify(value)]);
    if (type.schema.attributes[name]?.type === 'uid') slugEdited.current.add(name);
    setValues((previous) => ({ ...previous, [name]: value, ...Object.fromEntries(follows) }));
    setErrors((previous) => {
      const cleared = Object.keys(previous).filter((place) => previous[place] && (place === name || place.startsWith(`${name}.`)));
      return cleared.length > 0 ? { ...previous, ...Object.fromEntries(cleared.map((place) => [place, undefined])) } : previous;
    });
  };

  const stored = (name, attribute) => {
    if (mode === 'edit') return view.entry?.[name];
    if (mode === 'localize' && !isPerLocale(type, attribute)) return view.source?.[name];
    return null;
  };

  // The only locale version: deleting it deletes the whole entry, and the question says so.
  const onlyVersion = localized && [...versions.keys()].filter((code) => code !== locale).length === 0;
  const what = single ? 'content' : 'entry';
  const deleting = !localized ? `Delete this ${what}?`
    : onlyVersion ? `Delete this ${what}? Its ${localeName(locale)} version is its only one, so the whole ${what} is deleted.`
    : `Delete the ${localeName(locale)} version of this ${what}, or the whole ${what} in every locale?`;
  const button = (test, action, label, onClick, disabled = false) =>
    html`<button type="button" data-test=${test} disabled=${!!busy || disabled} onClick=${onClick}>${busy === action ? 'Working…' : label}</button>`;
  const changesStatus = drafts && mode === 'edit';

  return html`${back}
    <header class="view-head">
      <h1 id="view-title">${heading}</h1>
      <${StatusBadge} status=${status} />
    </header>
    ${switcher}
    ${kept && html`<${KeptChanges} kept=${kept} onDiscard=${discardKept} onRestore=${() => {
      discardKept();
      setValues((shown) => ({ ...shown, ...pick(kept.values, Object.keys(view.original ?? {})) }));
      // Saved over the version they were made on: a change since then meets the conflict dialog.
      if (mode === 'edit') setView((shown) => ({ ...shown, etag: kept.etag }));
    }} />`}
    <form class="entry-form" novalidate aria-labelledby="view-title" onKeyDown=${keepEnter} onSubmit=${(event) => {
      event.preventDefault();
      if (mayWrite && !busy) onSave();
    }}>
      <div class="actions">
        ${mayWrite && html`<button type="submit" class="primary" data-test="save" disabled=${!!busy}>${busy === 'save' ? 'Saving…' : drafts ? 'Save draft' : 'Save'}</button>`}
        ${drafts && can('publish') && (mode === 'edit' || mayWrite) && button('publish', 'publish', 'Publish', onPublish, status === 'published' && !dirty)}
        ${changesStatus && can('unpublish') && status !== 'draft' && button('unpublish', 'unpublish', 'Unpublish', () => setAsking('unpublish'))}
        ${changesStatus && can('discardDraft') && status === 'modified' && button('discard', 'discardDraft', 'Discard changes', () => setAsking('discardDraft'))}
        ${dirty && html`<span class="unsaved" data-test="unsaved">Unsaved changes</span>`}
        ${mode === 'edit' && can('history') && html`<button type="button" class="push" data-test="history" aria-haspopup="dialog" disabled=${busy === 'reload'} onClick=${() => setShowHistory(true)}>History</button>`}
        ${mode === 'edit' && can('delete') && html`<button type="button" class="danger-outline push" data-test="delete" disabled=${!!busy || confirming} onClick=${() => setConfirming(true)}>Delete</button>`}
      </div>
      ${confirming && html`<${ConfirmDelete} what=${deleting} busy=${busy} onConfirm=${() => onDelete()}
        onConfirmAll=${localized && versions.size > 1 ? () => onDelete(true) : undefined} onCancel=${() => setConfirming(false)} />`}
      ${asking === 'unpublish' && html`<${Ask} test="ask-unpublish" title="Unpublish this ${single ? 'content' : 'entry'}?"
        text=${`Readers will no longer see ${localized ? `its ${localeName(locale)} version` : 'it'}. The draft stays, and can be published again.`}
        actions=${[['Unpublish', () => {
          setAsking('');
          onStatusAction('unpublish', 'Unpublished.');
        }, { test: 'confirm-unpublish', kind: 'danger' }], ['Cancel', () => setAsking(''), { test: 'cancel-ask' }]]} />`}
      ${asking === 'discardDraft' && html`<${Ask} test="ask-discard" title="Discard the draft's changes?"
        text="The draft goes back to the published version. The changes saved since it was published are lost."
        actions=${[['Discard changes', () => {
          setAsking('');
          onStatusAction('discardDraft', 'Changes discarded.');
        }, { test: 'confirm-discard', kind: 'danger' }], ['Cancel', () => setAsking(''), { test: 'cancel-ask' }]]} />`}
      ${conflict && html`<${Conflict} type=${type} documentId=${documentId} locale=${locale} populate=${populate} values=${values} original=${view.original}
        dirty=${dirty} components=${components} onClose=${() => setConflict(false)}
        onReload=${() => {
          setConflict(false);
          reload();
        }}
        onKeepMine=${(fresh) => {
          // The stored version becomes the one this form is based on: the next save writes over it.
          setConflict(false);
          setView((shown) => ({ ...shown, entry: fresh, etag: tagOf(fresh) }));
          notify('info', 'Your changes are kept. Saving now writes them over the other version.');
        }} />`}
      ${showHistory && mode === 'edit' && html`<${HistoryPanel} type=${type} documentId=${documentId} query=${scope(type, { locale })} populate=${populateOf(type.schema.attributes, components, workspace.types)} current=${view.entry}
        etag=${view.etag} dirty=${dirty} mayRestore=${can('restore')} components=${components} localeName=${localized ? localeName(locale) : ''}
        onClose=${() => setShowHistory(false)}
        onRestored=${(text) => {
          // Read again like after a save, but from what is stored now: the restored version replaces the form.
          setShowHistory(false);
          if (kept) discardKept();
          notify('success', text);
          reload();
        }}
        onConflict=${() => {
          setShowHistory(false);
          setConflict(true);
        }} />`}
      ${!mayWrite && html`<p class="muted">Your account may read this ${single ? 'content' : 'entry'} but not change it.</p>`}
      ${mode === 'localize' && html`<p class="hint">Fill in what differs in ${localeName(locale)}; the other fields are shared by all locale versions.</p>`}
      ${Object.entries(type.schema.attributes).map(([name, attribute]) => html`<${Field}
        key=${name} name=${name} attribute=${attribute} value=${values[name]} values=${values} error=${errors[name]} errors=${errors} locale=${locale}
        stored=${stored(name, attribute)} summarize=${(field, value) => summarize(field, value, components)}
        hint=${hintOf(type, attribute, mode, localized)}
        disabled=${!mayWrite || (mode === 'localize' && !isPerLocale(type, attribute))}
        onChange=${change}
      />`)}
    </form>`;
}
