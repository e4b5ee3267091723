/**
 * One entry (or a single type): its form generated from the content type, its status and locale
 * versions, and the actions the signed-in user holds (save, publish, unpublish, discard, delete,
 * fill in from another locale: locale-fill.js).
 * The view puts together what each part does: the form's state (entry-form.js), its actions
 * (entry-actions.js, entry-action-bar.js), the History panel (entry-history.js) and what is kept
 * when leaving with unsaved changes (entry-leaving.js).
 */
import { html, useContext } from '../../lib/preact.js';
import { tagOf } from '../../lib/api.js';
import { hasDrafts, isLocalized, isPerLocale, isSingle, may, summarize, titleAttribute } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { useTitle } from '../../lib/title.js';
import { Workspace } from '../../lib/workspace.js';
import { Field } from '../../fields/field.js';
import { LoadError } from '../../ui/load-error.js';
import { StatusBadge } from '../../ui/status-badge.js';
import { Conflict } from './conflict.js';
import { EntryActionBar } from './entry-action-bar.js';
import { useEntryActions } from './entry-actions.js';
import { useEntryForm } from './entry-form.js';
import { EntryHistory, useHistoryPanel } from './entry-history.js';
import { KeptChanges, restoreKept, useKeptChanges, useUnsavedEntry } from './entry-leaving.js';
import { hintOf } from './entry-values.js';
import { listHref } from './list-data.js';
import { holdsLocalized, LocaleFill } from './locale-fill.js';
import { LocaleSwitcher } from './locale-switcher.js';

/** @typedef {import('../../lib/schema.js').ContentType} ContentType */

// Inputs where Enter would submit the form; Enter there does nothing (Save is the button's job).
const ONE_LINE = new Set(['text', 'email', 'password', 'number', 'date', 'time', 'datetime-local', 'search', 'url',
  'tel']);
function keepEnter(event) {
  const target = event.target;
  if (event.key === 'Enter' && target.tagName === 'INPUT' && ONE_LINE.has(target.type)) event.preventDefault();
}

/**
 * The tab's title names the entry, once read: `Hello · Article · foliocms`.
 * @param {ContentType} type
 * @param {import('./entry-form.js').EntryForm} form
 */
function entryName(type, { view, replacing }) {
  if (isSingle(type) || replacing) return '';
  if (view.phase === 'absent') return strings.page.notFound;
  if (view.phase !== 'form') return '';
  if (view.mode === 'edit') return view.entry?.[titleAttribute(type) ?? 'documentId'] || strings.entry.untitled;
  return view.mode === 'create' ? strings.entry.newEntry(type.schema.displayName.toLowerCase()) : '';
}

/**
 * @typedef {object} EntryViewProps
 * @property {ContentType} type
 * @property {string | null} documentId `new` for a new entry, `null` for a single type.
 * @property {string} locale
 */

/** @param {EntryViewProps} props */
export function EntryView({ type, documentId, locale }) {
  const t = strings.entry;
  const workspace = useContext(Workspace);
  const { permissions, notify, locales, components } = workspace;
  const kept = useKeptChanges();
  const form = useEntryForm(type, documentId, locale, kept.offer);
  const actions = useEntryActions(type, documentId, locale, form, kept);
  const history = useHistoryPanel(form);
  useUnsavedEntry(type, form);
  useTitle(entryName(type, form), type.schema.displayName);
  const { view, values, errors, busy } = form;

  if (form.replacing || view.phase === 'loading') {
    return html`<p class="muted" aria-live="polite">${strings.page.loading}</p>`;
  }

  const { displayName } = type.schema;
  const single = isSingle(type);
  const drafts = hasDrafts(type);
  const localized = isLocalized(type) && locales.length > 0;
  const can = (action) => may(permissions, type, action);
  const localeName = (code) => locales.find((candidate) => candidate.code === code)?.name ?? code;
  const back = !single && html`<p class="crumbs"><a href=${listHref(type)}>${t.back(displayName)}</a></p>`;

  if (view.phase === 'error') return html`${back}<${LoadError} error=${view.error} onRetry=${form.reload} />`;
  if (view.phase === 'absent') return html`${back}<h1>${strings.page.notFound}</h1><p>${t.absent}</p>`;

  const { mode, status, versions = new Map() } = view;
  const switcher = localized && html`<${LocaleSwitcher} type=${type} documentId=${documentId} locale=${locale}
    versions=${versions} locales=${locales} creating=${mode === 'create' && !single} />`;
  const shownLocale = localized ? localeName(locale) : '';
  /** The other locales with a version, to fill this one in from. */
  const fillable = (existing) => locales.filter(({ code }) => code !== locale && existing.has(code));

  if (view.phase === 'missing') {
    const restore = kept.kept;
    return html`${back}
      <header class="view-head">
        <h1 id="view-title">${single ? displayName : t.notYetIn(localeName(locale))}</h1>
      </header>
      ${switcher}
      ${restore && html`<${KeptChanges} kept=${restore} onRestore=${() => actions.onLocalize(restore)}
        onDiscard=${kept.discard} />`}
      <div class="panel" data-test="missing-locale">
        <p>${t.noVersionYet(single, localeName(locale))}</p>
        ${can('createLocalization')
          ? html`<button type="button" class="primary" data-test="create-locale" disabled=${!!busy}
              onClick=${() => actions.onLocalize()}>${t.createVersion(localeName(locale))}</button>
            <${LocaleFill} locales=${fillable(versions)} busy=${!!busy} replaces=${false}
              onFill=${(code) => actions.onLocalize(null, code)} />`
          : html`<p class="muted">${t.mayNotLocalize}</p>`}
      </div>`;
  }

  const mayWrite = mode === 'edit' ? can('update')
    : mode === 'localize' ? can('createLocalization')
    : can(single ? 'update' : 'create');
  const { dirty } = form;
  const heading = single ? displayName
    : mode === 'create' ? t.newEntry(displayName.toLowerCase())
    : mode === 'localize' ? t.newVersion(localeName(locale))
    : view.entry?.[titleAttribute(type) ?? 'documentId'] || t.untitled;
  const changesStatus = drafts && mode === 'edit';
  const allowed = {
    write: mayWrite,
    publish: drafts && can('publish') && (mode === 'edit' || mayWrite),
    unpublish: changesStatus && can('unpublish') && status !== 'draft',
    discard: changesStatus && can('discardDraft') && status === 'modified',
    delete: mode === 'edit' && can('delete'),
    deleteAll: localized && versions.size > 1,
  };
  // The only locale version: deleting it deletes the whole entry, and the question says so.
  const onlyVersion = localized && [...versions.keys()].filter((code) => code !== locale).length === 0;
  const deleting = t.deleteQuestion(single, shownLocale, onlyVersion);
  const keepMine = (fresh) => {
    // The stored version becomes the one this form is based on: the next save writes over it.
    actions.setConflict(false);
    form.setView((shown) => ({ ...shown, entry: fresh, etag: tagOf(fresh) }));
    notify('info', t.keptMine);
  };
  const reloadAfterConflict = () => {
    actions.setConflict(false);
    form.reload();
  };
  const summarizeOne = (field, value) => summarize(field, value, components);

  return html`${back}
    <header class="view-head">
      <h1 id="view-title">${heading}</h1>
      <${StatusBadge} status=${status} />
    </header>
    ${switcher}
    ${kept.kept && html`<${KeptChanges} kept=${kept.kept} onDiscard=${kept.discard}
      onRestore=${() => restoreKept(form, kept)} />`}
    ${localized && mayWrite && mode !== 'create' && fillable(versions).length > 0 && html`<${LocaleFill}
      locales=${fillable(versions)} busy=${!!busy} replaces=${holdsLocalized(type, values)}
      onFill=${actions.onFill} />`}
    <form class="entry-form" novalidate aria-labelledby="view-title" onKeyDown=${keepEnter} onSubmit=${(event) => {
      event.preventDefault();
      if (mayWrite && !busy) actions.onSave();
    }}>
      <${EntryActionBar} actions=${actions} busy=${busy} dirty=${dirty} drafts=${drafts} single=${single}
        localeName=${shownLocale} status=${status} may=${allowed} deleting=${deleting}
        onHistory=${mode === 'edit' && can('history') ? history.show : undefined} />
      ${actions.conflict && html`<${Conflict} type=${type} documentId=${documentId} locale=${locale}
        populate=${form.populate} values=${values} original=${view.original} dirty=${dirty} components=${components}
        onClose=${() => actions.setConflict(false)} onReload=${reloadAfterConflict} onKeepMine=${keepMine} />`}
      ${history.open && mode === 'edit' && html`<${EntryHistory} type=${type} documentId=${documentId} locale=${locale}
        localeName=${shownLocale} form=${form} panel=${history} mayRestore=${can('restore')}
        onRestored=${() => kept.kept && kept.discard()} onConflict=${() => actions.setConflict(true)} />`}
      ${!mayWrite && html`<p class="muted">${t.readOnly(single)}</p>`}
      ${mode === 'localize' && html`<p class="hint">${t.localizeHint(localeName(locale))}</p>`}
      ${Object.entries(type.schema.attributes).map(([name, attribute]) => html`<${Field}
        key=${name} name=${name} attribute=${attribute} value=${values[name]} values=${values}
        error=${errors[name]} errors=${errors} locale=${locale} stored=${form.stored(name, attribute)}
        summarize=${summarizeOne}
        hint=${hintOf(type, attribute, mode, localized)}
        disabled=${!mayWrite || (mode === 'localize' && !isPerLocale(type, attribute))}
        onChange=${form.change}
      />`)}
    </form>`;
}
