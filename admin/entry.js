/**
 * One entry (or a single type): its form generated from the content type, its status and locale
 * versions, and the actions the signed-in user holds (save, publish, unpublish, discard, delete).
 */
import { html, useContext, useEffect, useRef, useState } from './vendor/preact-htm.js';
import { ApiError, documentPath, entryOf, listPath, readEntry, request } from './api.js';
import { Field } from './fields.js';
import { listHref } from './list.js';
import { constraintOf, editorialStatus, errorPlace, fromControl, hasDrafts, isBlank, isEditable, isLocalized, isPerLocale, isSingle, may, populateOf, summarize, titleAttribute, toControl } from './schema.js';
import { href, LoadError, navigate, StatusBadge, Workspace } from './ui.js';

// ---- Reading ----

/** A read's or write's query: `status` only on types with drafts, `locale` only on localized ones. */
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
 */
function initialValues(type, { mode, entry, source }, components) {
  const values = {};
  for (const [name, attribute] of Object.entries(type.schema.attributes)) {
    if (!isEditable(attribute)) continue;
    const stored = mode === 'edit' ? entry[name] : mode === 'localize' && !isPerLocale(type, attribute) ? source?.[name] : attribute.default;
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
  const cancel = useRef(null);
  useEffect(() => cancel.current?.focus(), []);
  return html`<div class="confirm" role="group" aria-labelledby="confirm-text" onKeyDown=${(event) => event.key === 'Escape' && onCancel()}>
    <p id="confirm-text">Delete ${what}${onConfirmAll ? ', or the whole entry in every locale' : ''}? This cannot be undone.</p>
    <div class="inline">
      <button type="button" class="danger" data-test="confirm-delete" disabled=${!!busy} onClick=${onConfirm}>${busy === 'delete' ? 'Deleting…' : onConfirmAll ? 'Delete this version' : 'Delete'}</button>
      ${onConfirmAll && html`<button type="button" class="danger" data-test="confirm-delete-all" disabled=${!!busy} onClick=${onConfirmAll}>${busy === 'delete-all' ? 'Deleting…' : 'Delete every locale'}</button>`}
      <button type="button" ref=${cancel} data-test="cancel-delete" onClick=${onCancel}>Cancel</button>
    </div>
  </div>`;
}

export function EntryView({ type, documentId, locale }) {
  const workspace = useContext(Workspace);
  const { permissions, notify, locales, components } = workspace;
  const key = `${type.uid}/${documentId}/${locale}`;
  const [view, setView] = useState({ phase: 'loading', key });
  const [values, setValues] = useState({});
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [reloads, setReloads] = useState(0);
  // The other locale versions too: a single type's switcher learns from them which exist.
  const populate = { ...populateOf(type.schema.attributes, components, workspace.types), ...(isLocalized(type) ? { localizations: { fields: ['locale'] } } : {}) };

  function show(loaded) {
    const original = loaded.phase === 'form' ? initialValues(type, loaded, components) : {};
    setView({ ...loaded, key, original });
    setValues(original);
  }

  useEffect(() => {
    let current = true;
    // A reload after a save keeps the form on screen; another entry or locale starts afresh.
    if (view.key !== key) setView({ phase: 'loading', key });
    setErrors({});
    setConfirming(false);
    loadEntry(type, documentId, locale, locales, populate).then(
      (loaded) => current && show(loaded),
      (error) => current && setView({ phase: 'error', error, key }),
    );
    return () => {
      current = false;
    };
  }, [key, reloads]);

  if (view.key !== key || view.phase === 'loading') return html`<p class="muted" aria-live="polite">Loading…</p>`;

  const { displayName, singularName } = type.schema;
  const single = isSingle(type);
  const drafts = hasDrafts(type);
  const localized = isLocalized(type) && locales.length > 0;
  const can = (action) => may(permissions, type, action);
  const localeName = (code) => locales.find((candidate) => candidate.code === code)?.name ?? code;
  const reload = () => setReloads((count) => count + 1);
  const back = !single && html`<p class="crumbs"><a href=${listHref(type)}>← ${displayName}</a></p>`;

  if (view.phase === 'error') return html`${back}<${LoadError} error=${view.error} onRetry=${reload} />`;
  if (view.phase === 'absent') {
    return html`${back}<h1>Not found</h1><p>This entry does not exist, or no longer does.</p>`;
  }

  const { mode, status, versions } = view;
  const switcher = localized && html`<${LocaleSwitcher} type=${type} documentId=${documentId} locale=${locale} versions=${versions} locales=${locales} creating=${mode === 'create' && !single} />`;

  async function run(action, work) {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy('');
    }
  }

  /**
   * A ValidationError's messages go next to their fields, nested ones too (keyed by their joined
   * path, `sections.0.heading`, or by the attribute when the form has no such field); anything
   * else to the notice.
   */
  function fail(error) {
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

  if (view.phase === 'missing') {
    const startLocalization = () =>
      run('localize', async () => {
        const codes = [...versions.keys()];
        const from = codes.includes(workspace.defaultLocale) ? workspace.defaultLocale : codes[0];
        const source = await readEntry(type, documentId, { ...scope(type, { status: 'draft', locale: from }), populate });
        show({ phase: 'form', mode: 'localize', entry: null, source, status: null, versions });
      });
    return html`${back}
      <header class="view-head"><h1 id="view-title">${single ? displayName : `Not yet in ${localeName(locale)}`}</h1></header>
      ${switcher}
      <div class="panel" data-test="missing-locale">
        <p>This ${single ? 'content' : 'entry'} has no ${localeName(locale)} version yet.</p>
        ${can('createLocalization')
          ? html`<button type="button" class="primary" data-test="create-locale" disabled=${!!busy} onClick=${startLocalization}>Create ${localeName(locale)} version</button>`
          : html`<p class="muted">Your account may not create locale versions.</p>`}
      </div>`;
  }

  const mayWrite = mode === 'edit' ? can('update') : mode === 'localize' ? can('createLocalization') : can(single ? 'update' : 'create');
  const dirty = Object.keys(values).some((name) => values[name] !== view.original[name]);
  const titleField = titleAttribute(type);
  const heading = single ? displayName
    : mode === 'create' ? `New ${displayName.toLowerCase()}`
    : mode === 'localize' ? `New ${localeName(locale)} version`
    : view.entry[titleField ?? 'documentId'] || 'Untitled';

  async function save() {
    const { data, problems } = payloadOf(type, mode, values, view.original, components);
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      notify('error', 'Check the marked fields.');
      return null;
    }
    setErrors({});
    if (mode === 'edit' && Object.keys(data).length === 0) return view.entry;
    const query = scope(type, { status: 'draft', locale });
    const [method, path] = mode === 'create' && !single ? ['POST', listPath(type)] : ['PUT', documentPath(type, documentId)];
    return entryOf(await request(method, path, { query, body: { data } }));
  }

  /** A new entry gets its own address; anything else reloads, for its new status and versions. */
  function settle(saved) {
    if (mode === 'create' && !single) navigate(href(singularName, saved.documentId, { locale: localized ? locale : '' }));
    else reload();
  }

  const onSave = () =>
    run('save', async () => {
      const saved = await save();
      if (!saved) return;
      notify('success', drafts ? 'Draft saved.' : 'Saved.');
      settle(saved);
    });

  const onPublish = () =>
    run('publish', async () => {
      // Publishing publishes what the form shows, so unsaved changes are saved first.
      const saved = dirty || mode !== 'edit' ? await save() : view.entry;
      if (!saved) return;
      try {
        await request('POST', `${documentPath(type, saved.documentId)}/actions/publish`, { query: scope(type, { locale }) });
        notify('success', 'Published.');
      } finally {
        settle(saved);
      }
    });

  const onStatusAction = (action, done) =>
    run(action, async () => {
      await request('POST', `${documentPath(type, documentId)}/actions/${action}`, { query: scope(type, { locale }) });
      notify('success', done);
      reload();
    });

  /** Deletes this locale version, or with `everyLocale` the whole entry. */
  const onDelete = (everyLocale = false) =>
    run(everyLocale ? 'delete-all' : 'delete', async () => {
      await request('DELETE', documentPath(type, documentId), { query: scope(type, { locale: everyLocale ? '*' : locale }) });
      notify('success', 'Deleted.');
      if (single) reload();
      else navigate(listHref(type));
    });

  // A change clears the field's error, and those inside it (`sections.0.heading` with `sections`).
  const change = (name, value) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setErrors((previous) => {
      const cleared = Object.keys(previous).filter((place) => previous[place] && (place === name || place.startsWith(`${name}.`)));
      return cleared.length > 0 ? { ...previous, ...Object.fromEntries(cleared.map((place) => [place, undefined])) } : previous;
    });
  };

  const stored = (name, attribute) => {
    if (mode === 'edit') return view.entry[name];
    if (mode === 'localize' && !isPerLocale(type, attribute)) return view.source?.[name];
    return null;
  };

  const deleting = localized ? `the ${localeName(locale)} version of this ${single ? 'content' : 'entry'}` : single ? 'this content' : 'this entry';
  const button = (test, action, label, onClick, disabled = false) =>
    html`<button type="button" data-test=${test} disabled=${!!busy || disabled} onClick=${onClick}>${busy === action ? 'Working…' : label}</button>`;
  const changesStatus = drafts && mode === 'edit';

  return html`${back}
    <header class="view-head">
      <h1 id="view-title">${heading}</h1>
      <${StatusBadge} status=${status} />
    </header>
    ${switcher}
    <form class="entry-form" novalidate aria-labelledby="view-title" onSubmit=${(event) => {
      event.preventDefault();
      if (mayWrite && !busy) onSave();
    }}>
      <div class="actions">
        ${mayWrite && html`<button type="submit" class="primary" data-test="save" disabled=${!!busy}>${busy === 'save' ? 'Saving…' : drafts ? 'Save draft' : 'Save'}</button>`}
        ${drafts && can('publish') && (mode === 'edit' || mayWrite) && button('publish', 'publish', 'Publish', onPublish, status === 'published' && !dirty)}
        ${changesStatus && can('unpublish') && status !== 'draft' && button('unpublish', 'unpublish', 'Unpublish', () => onStatusAction('unpublish', 'Unpublished.'))}
        ${changesStatus && can('discardDraft') && status === 'modified' && button('discard', 'discardDraft', 'Discard changes', () => onStatusAction('discardDraft', 'Changes discarded.'))}
        ${dirty && html`<span class="unsaved" data-test="unsaved">Unsaved changes</span>`}
        ${mode === 'edit' && can('delete') && html`<button type="button" class="danger-outline push" data-test="delete" disabled=${!!busy || confirming} onClick=${() => setConfirming(true)}>Delete</button>`}
      </div>
      ${confirming && html`<${ConfirmDelete} what=${deleting} busy=${busy} onConfirm=${() => onDelete()}
        onConfirmAll=${localized && versions.size > 1 ? () => onDelete(true) : undefined} onCancel=${() => setConfirming(false)} />`}
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
