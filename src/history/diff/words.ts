/**
 * The words of `folio diff`: one line per document version changed, as a reviewer reads it
 * (`article "Hello" (fr, draft): title "Bonjour" → "Salut"; sections[2] added`), and one per
 * content-type or component file. Values are shortened; a secret one is never written.
 */
import type { Json } from '../../storage/index.js';
import { linkDelta, type AttributeChange } from './changes.js';
import type { SchemaFileChange, VersionChange } from './types.js';

/** Longer values are cut to this many characters, the last one an ellipsis. */
const MAX_VALUE = 60;
/** A relation list names at most this many ids, then how many more. */
const MAX_LINKS = 10;
const MINUS = '\u2212';

/**
 * `text` cut to `max` characters, ending in … when it was longer.
 * @example shorten('abcdef', 4) // 'abc…'
 */
export function shorten(text: string, max = MAX_VALUE): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('')}…`;
}

/** A value as a reviewer reads it: a string quoted, anything else as JSON, both shortened. */
export function valueWords(value: Json | undefined): string {
  if (typeof value === 'string') return JSON.stringify(shorten(value));
  return shorten(JSON.stringify(value ?? null));
}

/** `+abc, −def`: the ids a to-many relation gains, then those it loses. */
function linkWords(change: AttributeChange): string {
  const { added, removed } = linkDelta(change);
  const all = [...added.map((id) => `+${id}`), ...removed.map((id) => `${MINUS}${id}`)];
  if (all.length === 0) return `${change.path} reordered`;
  const more = all.length > MAX_LINKS ? `, … (${all.length - MAX_LINKS} more)` : '';
  return `${change.path}: ${all.slice(0, MAX_LINKS).join(', ')}${more}`;
}

/** `blocks[1] shared.quote → shared.section` for an entry of a dynamic zone replaced by one of another component. */
function entryWords(change: AttributeChange): string {
  const componentOf = (entry: Json | undefined) => (typeof entry === 'object' && entry !== null && !Array.isArray(entry) && typeof entry.__component === 'string' ? entry.__component : undefined);
  const [was, is] = [componentOf(change.before), componentOf(change.after)];
  if (change.change === 'changed' && was !== undefined && is !== undefined) return `${change.path} ${was} → ${is}`;
  return `${change.path} ${change.change}`;
}

/**
 * One attribute's change in words.
 * @example attributeWords({ path: 'title', change: 'changed', form: 'value', before: 'A', after: 'B' }) // 'title "A" → "B"'
 */
export function attributeWords(change: AttributeChange): string {
  switch (change.form) {
    case 'hidden':
      // Whatever happened to a secret value, saying more than that it changed would tell something of it.
      return `${change.path} changed`;
    case 'long':
    case 'link':
      return `${change.path} ${change.change}`;
    case 'entry':
      return entryWords(change);
    case 'links':
      return linkWords(change);
    case 'value':
      if (change.change === 'added') return `${change.path} added: ${valueWords(change.after)}`;
      if (change.change === 'removed') return `${change.path} removed (was ${valueWords(change.before)})`;
      return `${change.path} ${valueWords(change.before)} → ${valueWords(change.after)}`;
    default:
      return change.form satisfies never;
  }
}

/**
 * One document version's line.
 * @example versionLine(version) // 'article "Hello" (fr, draft): title "Bonjour" → "Salut"; sections[2] added'
 */
export function versionLine(version: VersionChange): string {
  const name = version.named ? JSON.stringify(shorten(version.title)) : version.documentId;
  const where = version.locale === null ? version.status : `${version.locale}, ${version.status}`;
  const what = version.problem ?? (version.change === 'changed' ? version.attributes.map(attributeWords).join('; ') : version.change);
  return `${version.singularName} ${name} (${where}): ${what}`;
}

/** `content type article: changed`, `component shared.seo: added`. */
export function schemaFileLine(file: SchemaFileChange): string {
  return `${file.kind} ${file.name}: ${file.change}`;
}
