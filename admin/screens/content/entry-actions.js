/**
 * What the entry form's buttons do: save, publish, unpublish, discard the draft's changes, delete,
 * create a locale version, fill one in from another locale; each waits while another runs, and a
 * failure is said at its fields or in the notice, or opens the conflict dialog (412).
 */
import { useContext, useEffect, useState } from '../../lib/preact.js';
import { ApiError, documentPath, entryOf, listPath, readEntry, request, tagOf } from '../../lib/api.js';
import { dropKept } from '../../lib/leaving.js';
import { navigate } from '../../lib/router.js';
import { contentHref } from '../../lib/routes.js';
import { hasDrafts, isLocalized, isSingle } from '../../lib/schema.js';
import { strings } from '../../lib/strings.js';
import { errorPlace } from '../../lib/values.js';
import { Workspace } from '../../lib/workspace.js';
import { scope } from './entry-data.js';
import { payloadOf, requiredProblems } from './entry-values.js';
import { listHref } from './list-data.js';
import { localizedValues } from './locale-fill.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/schema.js').Entry} Entry
 * @typedef {import('../../lib/leaving.js').Kept} Kept
 * @typedef {import('./entry-form.js').EntryForm} EntryForm
 * @typedef {import('./entry-leaving.js').KeptChangesState} KeptChangesState
 */

/**
 * The actions on the entry the form shows, and the state of their questions: `confirming` (the
 * delete), `asking` (`unpublish`, `discardDraft`) and `conflict` (a 412 on a write).
 * @param {ContentType} type
 * @param {string | null} documentId
 * @param {string} locale
 * @param {EntryForm} form
 * @param {KeptChangesState} kept
 */
export function useEntryActions(type, documentId, locale, form, kept) {
  const t = strings.entry;
  const { notify, components, locales, defaultLocale } = useContext(Workspace);
  const [confirming, setConfirming] = useState(false);
  // A 412 on a write: the dialog offering to reload or to see the other version.
  const [conflict, setConflict] = useState(false);
  // A question before an action that cannot be taken back (`unpublish`, `discardDraft`).
  const [asking, setAsking] = useState('');
  const { view, values, setBusy, reload } = form;

  // Each read closes the questions; a conflict met by a publish right after its save outlives the
  // reload that follows, but not a move to another entry or locale.
  useEffect(() => {
    setConfirming(false);
    setAsking('');
    if (form.replacing) setConflict(false);
  }, [form.key, form.reloads]);

  const single = isSingle(type);
  const drafts = hasDrafts(type);
  const localized = isLocalized(type) && locales.length > 0;
  const { mode } = view;
  const localeName = (code) => locales.find((candidate) => candidate.code === code)?.name ?? code;

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
    form.setErrors(placed);
    const fieldCount = Object.keys(placed).length;
    notify('error', (fieldCount > 0 ? [t.checkFields, ...unplaced] : [error.message, ...unplaced]).join(' '));
  }

  /**
   * @param {string} action
   * @param {() => Promise<void>} work
   */
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
   * Writes the form: the entry written, the entry unchanged (nothing to write), or `null` when a
   * field is refused before anything is sent.
   * @returns {Promise<Entry | null | undefined>}
   */
  async function save() {
    const { data, problems: refused } = payloadOf(type, mode ?? 'create', values, view.original ?? {}, components);
    const problems = requiredProblems(type, mode ?? 'create', values, refused);
    if (Object.keys(problems).length > 0) {
      form.setErrors(problems);
      notify('error', t.checkFields);
      return null;
    }
    form.setErrors({});
    if (mode === 'edit' && Object.keys(data).length === 0) return view.entry;
    const query = scope(type, { status: 'draft', locale });
    const creates = mode === 'create' && !single;
    const [method, path] = creates ? ['POST', listPath(type)] : ['PUT', documentPath(type, documentId)];
    // A new locale version is created without a condition: there is no version of it to match.
    const ifMatch = mode === 'edit' ? view.etag : undefined;
    return entryOf(await request(method, path, { query, body: { data }, ifMatch }));
  }

  /** Where a write leaves the editor: a new entry at its own address, anything else here. */
  const placeAfter = (saved) => (mode === 'create' && !single
    ? contentHref(type.schema.singularName, saved.documentId, { locale: localized ? locale : '' })
    : location.hash);

  /** A new entry gets its own address; anything else reloads, for its new status and versions. */
  function settle(saved) {
    // Saved: changes kept from before a session end are no longer offered, and what the form
    // sent is no longer unsaved (leaving while it is read again asks nothing).
    if (kept.kept) kept.discard();
    form.setView((shown) => ({ ...shown, original: values }));
    if (mode === 'create' && !single) navigate(placeAfter(saved));
    else form.reloadAfterSave();
  }

  const onSave = () => run('save', async () => {
    const saved = await save();
    if (!saved) return;
    notify('success', drafts ? t.draftSaved : t.saved, placeAfter(saved));
    settle(saved);
  });

  const onPublish = () => run('publish', async () => {
    // Publishing publishes what the form shows, so unsaved changes are saved first.
    const saved = form.dirty || mode !== 'edit' ? await save() : view.entry;
    if (!saved) return;
    const ifMatch = saved === view.entry ? view.etag : tagOf(saved);
    try {
      const path = `${documentPath(type, saved.documentId)}/actions/publish`;
      await request('POST', path, { query: scope(type, { locale }), ifMatch });
      notify('success', t.published, placeAfter(saved));
    } catch (error) {
      // What was saved just now is reloaded (its new status); a refused publish alone changes nothing.
      if (saved !== view.entry) settle(saved);
      throw error;
    }
    settle(saved);
  });

  /**
   * @param {'unpublish' | 'discardDraft'} action
   * @param {string} done The notice once done.
   */
  const onStatusAction = (action, done) => run(action, async () => {
    const path = `${documentPath(type, documentId)}/actions/${action}`;
    await request('POST', path, { query: scope(type, { locale }), ifMatch: view.etag });
    notify('success', done);
    reload();
  });

  /** Deletes this locale version, or with `everyLocale` the whole entry. */
  const onDelete = (everyLocale = false) => run(everyLocale ? 'delete-all' : 'delete', async () => {
    // The tag names this locale's version: a delete of every locale (`locale=*`) has none to match.
    const query = scope(type, { locale: everyLocale ? '*' : locale });
    await request('DELETE', documentPath(type, documentId), { query, ifMatch: view.etag });
    notify('success', t.deleted, single ? location.hash : listHref(type));
    if (single) reload();
    else navigate(listHref(type));
  });

  /** The draft of this entry's version in `code`, populated as the form reads one. */
  const readVersion = (code) =>
    readEntry(type, documentId, { ...scope(type, { status: 'draft', locale: code }), populate: form.populate });

  /**
   * Starts this locale's version from the default locale's (or another's) shared values, with the
   * changes kept at a session end over it when `restored`; with `fillFrom`, from that locale's
   * version, its fields set per locale filled in too (unsaved).
   * @param {Kept | null} [restored]
   * @param {string} [fillFrom]
   */
  const onLocalize = (restored = null, fillFrom = '') => run('localize', async () => {
    const versions = view.versions ?? new Map();
    const codes = [...versions.keys()];
    const from = fillFrom || (codes.includes(defaultLocale) ? defaultLocale : codes[0]);
    const source = await readVersion(from);
    if (restored) dropKept();
    const filled = fillFrom && source ? localizedValues(type, source, components) : {};
    form.show({ phase: 'form', mode: 'localize', entry: null, source, status: null, versions }, restored, filled);
    if (fillFrom) notify('info', strings.localeFill.filled(localeName(fillFrom)));
  });

  /**
   * "Fill in from another locale" on the form shown: the fields set per locale take the values of
   * the version in `code`, in the form only.
   * @param {string} code
   */
  const onFill = (code) => run('fill', async () => {
    const source = await readVersion(code);
    if (!source) throw new Error(strings.entry.absent);
    form.setValues((shown) => ({ ...shown, ...localizedValues(type, source, components) }));
    notify('info', strings.localeFill.filled(localeName(code)));
  });

  return {
    confirming, setConfirming, asking, setAsking, conflict, setConflict,
    onSave, onPublish, onStatusAction, onDelete, onLocalize, onFill,
  };
}

/** @typedef {ReturnType<typeof useEntryActions>} EntryActions */
