/**
 * The keys each attribute type accepts, and the check that reports a key a type does not take
 * (one another type takes, or one no type knows), with a suggestion when one is close.
 */
import { fail, join } from '../problem.js';
import { didYouMean } from '../hint.js';
import type { AttributeType } from '../types.js';
import { ATTRIBUTE_TYPES } from './kinds.js';

/**
 * Keys every type accepts. Besides Strapi's validation keys these are Strapi's harmless extras,
 * accepted so a `schema.json` loads as is: `configurable`, `visible`, `searchable` (admin UI),
 * `writable` (honoured: the REST API rejects the key in `data`), `customField` (the value is
 * handled as its base `type`), and `column` (database options) and `conditions` (admin UI
 * conditional fields), which are checked to be mappings and then dropped.
 */
const BASE_KEYS = [
  'type',
  'required',
  'private',
  'configurable',
  'writable',
  'visible',
  'searchable',
  'pluginOptions',
  'customField',
  'column',
  'conditions',
] as const;

const LENGTH_KEYS = ['minLength', 'maxLength', 'regex'] as const;

/**
 * `unique` and `default` are left out where Strapi gives them no meaning (components, dynamic
 * zones, relations; `unique` on booleans, JSON, blocks and passwords) so that a misplaced key is
 * reported instead of silently doing nothing.
 */
export function allowedKeys(type: AttributeType): readonly string[] {
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
      return [...BASE_KEYS, 'unique', 'default', ...LENGTH_KEYS];
    case 'password':
      return [...BASE_KEYS, ...LENGTH_KEYS];
    case 'uid':
      return [...BASE_KEYS, 'unique', 'default', 'targetField', 'options', ...LENGTH_KEYS];
    case 'enumeration':
      return [...BASE_KEYS, 'unique', 'default', 'enum', 'enumName'];
    case 'integer':
    case 'biginteger':
    case 'decimal':
    case 'float':
      return [...BASE_KEYS, 'unique', 'default', 'min', 'max'];
    case 'date':
    case 'time':
    case 'datetime':
      return [...BASE_KEYS, 'unique', 'default'];
    case 'boolean':
    case 'json':
    case 'blocks':
      return [...BASE_KEYS, 'default'];
    case 'component':
      return [...BASE_KEYS, 'component', 'repeatable', 'min', 'max'];
    case 'dynamiczone':
      return [...BASE_KEYS, 'components', 'min', 'max'];
    case 'relation':
      // useJoinTable only tunes Strapi's SQL layout: accepted, checked, dropped.
      return [...BASE_KEYS, 'relation', 'target', 'inversedBy', 'mappedBy', 'useJoinTable'];
    case 'media':
      return [...BASE_KEYS, 'multiple', 'allowedTypes'];
    default:
      throw new Error(`unhandled attribute type ${type satisfies never}`);
  }
}

export const ANY_TYPE_KEYS = new Set(ATTRIBUTE_TYPES.flatMap((type) => allowedKeys(type)));

export function checkAttributeKeys(raw: Record<string, unknown>, key: string, type: AttributeType): void {
  const allowed = allowedKeys(type);
  for (const name of Object.keys(raw)) {
    if (allowed.includes(name)) continue;
    const problem = ANY_TYPE_KEYS.has(name) ? `is not allowed for type "${type}"` : 'is not a known attribute key';
    fail(join(key, name), problem + didYouMean(name, allowed));
  }
}
