/**
 * Attribute types, the keys each type accepts, and the checks on their values. References to
 * other files (components, relation targets, inverse sides) are checked later, in
 * `references.ts`, once every file is read. This file parses one attribute and answers for its
 * parts in attributes/: the types (`kinds.ts`), the keys per type (`keys.ts`), the attributes that
 * hold a value (`scalars.ts`) and those that name other schemas (`links.ts`).
 */
import { describe, fail, isMapping, join } from './problem.js';
import { closest, didYouMean } from './hint.js';
import type { Attribute, AttributeType, BaseAttribute, PluginOptions } from './types.js';
import { checkKnownKeys, compact, given, optionalBoolean, optionalMapping, optionalString } from './values.js';
import { ANY_TYPE_KEYS, checkAttributeKeys } from './attributes/keys.js';
import { isAttributeType, unknownTypeProblem, type AttributeOwner } from './attributes/kinds.js';
import { parseComponentAttribute, parseDynamicZone, parseMedia, parseRelation } from './attributes/links.js';
import { parseBigInteger, parseDate, parseEnumeration, parseNumber, parseStringLike, parseUid } from './attributes/scalars.js';

export { allowedKeys } from './attributes/keys.js';
export {
  ATTRIBUTE_TYPES,
  isAttributeType,
  RELATION_KINDS,
  unknownTypeProblem,
  USERS_PERMISSIONS_TARGETS,
  type AttributeOwner,
} from './attributes/kinds.js';

/**
 * Checks one raw attribute (`key` is its path, e.g. `attributes.title`) and returns the typed
 * attribute. Order of checks: type first (everything else depends on it), then unknown keys
 * (a typo explains a later "missing" error), then values.
 */
export function parseAttribute(raw: unknown, key: string, owner: AttributeOwner): Attribute {
  if (!isMapping(raw)) fail(key, `must be a mapping like { type: string }, got ${describe(raw)}`);
  const type = parseType(raw, key);
  if (type === 'dynamiczone' && owner === 'component') {
    fail(join(key, 'type'), '"dynamiczone" is not allowed in a component (dynamic zones belong to content types)');
  }
  checkAttributeKeys(raw, key, type);
  const base = parseBase(raw, key);
  switch (type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'email':
    case 'password':
      return compact(parseStringLike(raw, key, base, type));
    case 'uid':
      return compact(parseUid(raw, key, base));
    case 'enumeration':
      return compact(parseEnumeration(raw, key, base));
    case 'integer':
    case 'decimal':
    case 'float':
      return compact(parseNumber(raw, key, base, type));
    case 'biginteger':
      return compact(parseBigInteger(raw, key, base));
    case 'boolean':
      return compact({ type, ...base, default: optionalBoolean(raw.default, join(key, 'default')) });
    case 'date':
    case 'time':
    case 'datetime':
      return compact(parseDate(raw, key, base, type));
    case 'json':
      return compact({ type, ...base, default: given(raw.default) ? raw.default : undefined });
    case 'blocks': {
      if (given(raw.default) && !Array.isArray(raw.default)) {
        fail(join(key, 'default'), `must be a list of blocks, got ${describe(raw.default)}`);
      }
      return compact({ type, ...base, default: given(raw.default) ? (raw.default as unknown[]) : undefined });
    }
    case 'component':
      return compact(parseComponentAttribute(raw, key, base));
    case 'dynamiczone':
      return compact(parseDynamicZone(raw, key, base));
    case 'relation':
      return compact(parseRelation(raw, key, base, owner));
    case 'media':
      return compact(parseMedia(raw, key, base));
    default:
      throw new Error(`unhandled attribute type ${type satisfies never}`);
  }
}

function parseType(raw: Record<string, unknown>, key: string): AttributeType {
  const typeKey = join(key, 'type');
  const value = raw.type;
  if (!given(value)) {
    const typo = Object.keys(raw).find((name) => !ANY_TYPE_KEYS.has(name) && closest(name, ['type']));
    fail(typeKey, typo ? `is required (is "${typo}" a typo?)` : 'is required');
  }
  if (typeof value !== 'string') fail(typeKey, `must be a string, got ${describe(value)}`);
  if (!isAttributeType(value)) fail(typeKey, unknownTypeProblem(value));
  return value;
}

function parseBase(raw: Record<string, unknown>, key: string): BaseAttribute {
  const base: BaseAttribute = {};
  for (const flag of ['required', 'private', 'configurable', 'writable', 'visible', 'searchable'] as const) {
    const value = optionalBoolean(raw[flag], join(key, flag));
    if (value !== undefined) base[flag] = value;
  }
  const pluginOptions = parsePluginOptions(raw.pluginOptions, join(key, 'pluginOptions'));
  if (pluginOptions) base.pluginOptions = pluginOptions;
  const customField = optionalString(raw.customField, join(key, 'customField'));
  if (customField !== undefined) base.customField = customField;
  optionalMapping(raw.column, join(key, 'column'));
  optionalMapping(raw.conditions, join(key, 'conditions'));
  return base;
}

/**
 * `pluginOptions` of an attribute or a type. Other plugins' options are kept untouched; only
 * `i18n` is ours, so only its keys are checked (this catches `localised`).
 */
export function parsePluginOptions(value: unknown, key: string): PluginOptions | undefined {
  const options = optionalMapping(value, key);
  if (!options) return undefined;
  const i18n = optionalMapping(options.i18n, join(key, 'i18n'));
  if (!i18n) return { ...options };
  checkKnownKeys(i18n, join(key, 'i18n'), ['localized']);
  const localized = optionalBoolean(i18n.localized, join(key, 'i18n', 'localized'));
  return { ...options, i18n: localized === undefined ? {} : { localized } };
}

/**
 * Checks every uid's `targetField` once the sibling attributes are known. `extraStrings` are
 * string fields that exist without being listed (the built-in User's `username` and `email`).
 */
export function checkTargetFields(attributes: Record<string, Attribute>, prefix: string, extraStrings: readonly string[] = []): void {
  const candidates = [
    ...Object.entries(attributes)
      .filter(([, attribute]) => attribute.type === 'string' || attribute.type === 'text')
      .map(([name]) => name),
    ...extraStrings,
  ];
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type !== 'uid' || attribute.targetField === undefined) continue;
    if (!candidates.includes(attribute.targetField)) {
      fail(
        join(prefix, name, 'targetField'),
        `${describe(attribute.targetField)} is not a string or text attribute of this type${didYouMean(attribute.targetField, candidates)}`,
      );
    }
  }
}
