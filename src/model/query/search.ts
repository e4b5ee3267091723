/**
 * `_q`: Strapi's full-text search (`database/src/query/helpers/search.ts`) over in-memory rows.
 */
import type { Model } from '../types.js';
import { isHidden } from './model.js';

type Row = Record<string, unknown>;

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Whether some `text` leaf of a blocks value contains `needle` (already lower-cased). */
function blocksContain(value: unknown, needle: string, depth = 0): boolean {
  if (depth > 64 || typeof value !== 'object' || value === null) return false;
  if (Array.isArray(value)) return value.some((node) => blocksContain(node, needle, depth + 1));
  for (const [key, child] of Object.entries(value)) {
    if (key === 'text' && typeof child === 'string' && child.toLowerCase().includes(needle)) return true;
    if (typeof child === 'object' && blocksContain(child, needle, depth + 1)) return true;
  }
  return false;
}

/**
 * A predicate for `_q`: a case-insensitive substring match over `id`, `documentId` and the
 * string-like attributes (string, text, richtext, email, uid, enumeration) plus the text of blocks;
 * numeric attributes too when `q` is a number, as Strapi does. Password and `searchable: false`
 * attributes are skipped, and so are private ones: unlike Strapi, which searches them, we do not
 * let `_q` become an oracle for values that are never returned (reset tokens, for one).
 *
 * @example
 * const hits = rows.filter(matchesSearch('hello', article));
 */
export function matchesSearch(q: string, model: Model): (row: Row) => boolean {
  const needle = q.trim().toLowerCase();
  if (needle === '') return () => true;
  const numeric = NUMERIC.test(needle);
  const textFields: string[] = ['id'];
  if (!model.isComponent) textFields.push('documentId');
  const blocksFields: string[] = [];
  for (const [name, attribute] of Object.entries(model.attributes)) {
    if (isHidden(model, name, attribute) || attribute.searchable === false) continue;
    switch (attribute.type) {
      case 'string':
      case 'text':
      case 'richtext':
      case 'email':
      case 'uid':
      case 'enumeration':
        textFields.push(name);
        break;
      case 'integer':
      case 'biginteger':
      case 'decimal':
      case 'float':
        if (numeric) textFields.push(name);
        break;
      case 'blocks':
        blocksFields.push(name);
        break;
      // The rest is not searched.
      case 'password':
      case 'boolean':
      case 'date':
      case 'datetime':
      case 'time':
      case 'json':
      case 'relation':
      case 'component':
      case 'dynamiczone':
        break;
      default:
        attribute satisfies never;
    }
  }
  return (row) => {
    for (const field of textFields) {
      const value = row[field];
      if (typeof value === 'string' ? value.toLowerCase().includes(needle) : typeof value === 'number' && String(value).includes(needle)) {
        return true;
      }
    }
    for (const field of blocksFields) {
      if (blocksContain(row[field], needle)) return true;
    }
    return false;
  };
}
