/**
 * The entry form's state: the entry as read (`view`), the controls' values and errors, and what the
 * form is busy with. Reading again after a save keeps what the editor typed meanwhile.
 */
import { useContext, useEffect, useRef, useState } from '../../lib/preact.js';
import { tagOf } from '../../lib/api.js';
import { isLocalized, isPerLocale, populateOf, slugify } from '../../lib/schema.js';
import { Workspace } from '../../lib/workspace.js';
import { loadEntry } from './entry-data.js';
import { initialValues, pick, typedSinceSave } from './entry-values.js';

/**
 * @typedef {import('../../lib/schema.js').ContentType} ContentType
 * @typedef {import('../../lib/leaving.js').Kept} Kept
 * @typedef {import('./entry-data.js').EntryState} EntryState
 * @typedef {import('./entry-values.js').Values} Values
 * @typedef {import('../../lib/preact.js').StateSetter<EntryState>} SetView
 * @typedef {(key: string, loaded: Omit<EntryState, 'key'>, restored: Kept | null) => void} OnShown
 */

/**
 * The form of one entry (`documentId`, `new`, or `null` for a single type) in one locale.
 * `onShown` hears of each read shown, with the kept changes restored over it, if any.
 * @param {ContentType} type
 * @param {string | null} documentId
 * @param {string} locale
 * @param {OnShown} onShown
 */
export function useEntryForm(type, documentId, locale, onShown) {
  const { locales, components, types } = useContext(Workspace);
  const key = `${type.uid}/${documentId}/${locale}`;
  const [view, setView] = useState(/** @type {EntryState} */ ({ phase: 'loading', key }));
  const [values, setValues] = useState(/** @type {Values} */ ({}));
  const [errors, setErrors] = useState(/** @type {Record<string, string | undefined>} */ ({}));
  // What the form is doing: reading the entry again (`reload`), or an action (`save`, `publish`, …).
  const [busy, setBusy] = useState('');
  const [reloads, setReloads] = useState(0);
  // The uids the editor edited: those no longer follow their target field.
  const slugEdited = useRef(new Set());
  // The other locale versions too: a single type's switcher learns from them which exist.
  const localizations = isLocalized(type) ? { localizations: { fields: ['locale'] } } : {};
  const populate = { ...populateOf(type.schema.attributes, components, types), ...localizations };

  /**
   * Shows what was loaded; `restored` (changes kept at a session end) goes over it, on its version,
   * and so does `typed` (what the editor typed while a saved entry was read again).
   * @param {Omit<EntryState, 'key'>} loaded
   * @param {Kept | null} [restored]
   * @param {Values} [typed]
   */
  function show(loaded, restored = null, typed = {}) {
    const original = loaded.phase === 'form' ? initialValues(type, loaded, components) : {};
    // The version read, sent back as `If-Match` with every write and action on it.
    const etag = loaded.entry ? tagOf(loaded.entry) : undefined;
    setView({ ...loaded, key, original, etag: restored?.etag ?? etag });
    const over = restored ? restored.values : typed;
    setValues({ ...original, ...pick(over, Object.keys(original)) });
    onShown(key, loaded, restored);
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
    slugEdited.current = new Set();
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

  const reload = () => {
    // The actions wait from this render on, not only once the read starts: a click in between would
    // act on the version being replaced.
    setBusy('reload');
    setReloads((count) => count + 1);
  };

  /** Reads again once the save is done, keeping what is typed meanwhile (`afterSave`). */
  const reloadAfterSave = () => {
    afterSave.current = true;
    reload();
  };

  const { mode } = view;
  const changed = view.key === key && view.phase === 'form'
    ? Object.keys(values).filter((name) => values[name] !== view.original?.[name])
    : [];

  /**
   * A change clears the field's error, and those inside it (`sections.0.heading` with `sections`).
   * @param {string} name
   * @param {unknown} value
   */
  const change = (name, value) => {
    // A new entry's slug (a uid with a target field) follows its target until the editor edits it.
    const follows = (uid, attribute) =>
      attribute.type === 'uid' && attribute.targetField === name && !slugEdited.current.has(uid);
    const slugs = mode === 'edit' ? [] : Object.entries(type.schema.attributes)
      .filter(([uid, attribute]) => follows(uid, attribute))
      .map(([uid]) => [uid, slugify(value)]);
    if (type.schema.attributes[name]?.type === 'uid') slugEdited.current.add(name);
    setValues((previous) => ({ ...previous, [name]: value, ...Object.fromEntries(slugs) }));
    setErrors((previous) => {
      const inside = (place) => place === name || place.startsWith(`${name}.`);
      const cleared = Object.keys(previous).filter((place) => previous[place] && inside(place));
      if (cleared.length === 0) return previous;
      return { ...previous, ...Object.fromEntries(cleared.map((place) => [place, undefined])) };
    });
  };

  /** What the API holds of an attribute, for a field that summarizes it. */
  const stored = (name, attribute) => {
    if (mode === 'edit') return view.entry?.[name];
    if (mode === 'localize' && !isPerLocale(type, attribute)) return view.source?.[name];
    return null;
  };

  return {
    key, view, setView, values, setValues, errors, setErrors, busy, setBusy, reloads, populate,
    show, reload, reloadAfterSave, changed, dirty: changed.length > 0, change, stored,
    /** The route names another entry or locale than the one read: the view is being replaced. */
    replacing: view.key !== key,
  };
}

/** @typedef {ReturnType<typeof useEntryForm>} EntryForm */
