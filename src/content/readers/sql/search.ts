/**
 * `_q` in SQL, as the memory reader's matchesSearch (model/query/search.ts) has it: the needle,
 * trimmed and lower-cased, in the lower-cased text of `id`, `documentId` and the string-like
 * attributes, in the `text` of blocks, and in the numeric attributes' text when the needle is a
 * number; private, password and `searchable: false` attributes are never searched.
 */
import type { Model } from '../../../model/index.js';
import type { SqlParams } from './params.js';
import type { RowScope } from './scope.js';

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** How `_q` searches each attribute type: as text, as a number's text (numeric needles only), in blocks. */
const SEARCHED: Partial<Record<string, 'text' | 'number' | 'blocks'>> = {
  string: 'text',
  text: 'text',
  richtext: 'text',
  email: 'text',
  uid: 'text',
  enumeration: 'text',
  integer: 'number',
  biginteger: 'number',
  decimal: 'number',
  float: 'number',
  blocks: 'blocks',
};

/** The attributes `_q` looks in: by name, how. */
function searchedFields(model: Model, numeric: boolean): Array<[string, 'text' | 'blocks']> {
  const fields: Array<[string, 'text' | 'blocks']> = [['id', 'text']];
  if (!model.isComponent) fields.push(['documentId', 'text']);
  for (const [name, attribute] of Object.entries(model.attributes)) {
    // Private and password attributes are hidden (model/query/model.ts isHidden; the User's secrets are no content type's).
    if (attribute.private === true || attribute.type === 'password' || attribute.searchable === false) continue;
    const how = SEARCHED[attribute.type];
    if (how === 'text' || how === 'blocks') fields.push([name, how]);
    else if (how === 'number' && numeric) fields.push([name, 'text']);
  }
  return fields;
}

/**
 * A SQL condition true for the rows of `scope` that `_q` finds; undefined when it finds every row.
 * @example searchOf('ada', scope, params) // "(folio_search_hit(r.data -> 'id', $6::text) OR …)"
 */
export function searchOf(q: string, scope: RowScope, params: SqlParams): string | undefined {
  const needle = q.trim().toLowerCase();
  if (needle === '') return undefined;
  // No text the database holds has U+0000.
  if (needle.includes('\u0000')) return 'FALSE';
  const placeholder = params.add(needle, 'text');
  const tests = searchedFields(scope.model, NUMERIC.test(needle)).map(([name, how]) =>
    how === 'blocks' ? `folio_blocks_contain(${scope.field(name)}, ${placeholder})` : `folio_search_hit(${scope.field(name)}, ${placeholder})`,
  );
  return `(${tests.join(' OR ')})`;
}
