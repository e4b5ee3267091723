/**
 * Attribute types, the keys each type accepts, and the checks on their values. References to
 * other files (components, relation targets, inverse sides) are checked later, in
 * `references.ts`, once every file is read.
 */
import { ATTRIBUTE_NAME_PATTERN, COMPONENT_UID_PATTERN } from './names.js';
import { describe, fail, isMapping, join } from './problem.js';
import { closest, didYouMean } from './hint.js';
import type {
  Attribute,
  AttributeType,
  BaseAttribute,
  BigIntegerAttribute,
  ComponentAttribute,
  DateAttribute,
  DynamicZoneAttribute,
  EnumerationAttribute,
  MediaKind,
  NumberAttribute,
  PluginOptions,
  RelationAttribute,
  RelationKind,
  StringAttribute,
  UidAttribute,
} from './types.js';
import { FILE_UID } from './types.js';
import {
  checkKnownKeys,
  checkRange,
  compact,
  given,
  optionalBigInteger,
  optionalBoolean,
  optionalMapping,
  optionalNonNegativeInteger,
  optionalNumber,
  optionalRegex,
  optionalString,
  requiredString,
} from './values.js';

const TYPE_LIST = [
  'string',
  'text',
  'richtext',
  'blocks',
  'email',
  'password',
  'uid',
  'enumeration',
  'integer',
  'biginteger',
  'decimal',
  'float',
  'boolean',
  'date',
  'time',
  'datetime',
  'json',
  'component',
  'dynamiczone',
  'relation',
  'media',
] as const satisfies readonly AttributeType[];

// Fails to compile when a member of the AttributeType union is missing from the list above.
const everyTypeListed: [Exclude<AttributeType, (typeof TYPE_LIST)[number]>] extends [never] ? true : never = true;
void everyTypeListed;

/** Every attribute type, in the order of the Strapi docs. */
export const ATTRIBUTE_TYPES: readonly AttributeType[] = TYPE_LIST;

export const RELATION_KINDS: readonly RelationKind[] = ['oneToOne', 'oneToMany', 'manyToOne', 'manyToMany'];

/** Relation targets besides `api::` content types: the users-permissions plugin's own types. */
export const USERS_PERMISSIONS_TARGETS: readonly string[] = ['plugin::users-permissions.user', 'plugin::users-permissions.role'];

/** Names people reach for that are not Strapi's, mapped to the type they mean. */
const TYPE_ALIASES: Readonly<Record<string, AttributeType>> = {
  enum: 'enumeration',
  int: 'integer',
  bool: 'boolean',
  bigint: 'biginteger',
  timestamp: 'datetime',
  dynamicZone: 'dynamiczone',
};

export function isAttributeType(value: string): value is AttributeType {
  return (ATTRIBUTE_TYPES as readonly string[]).includes(value);
}

/** The problem text for an unknown `type` value, with a suggestion when one is close. */
export function unknownTypeProblem(value: string): string {
  const alias = TYPE_ALIASES[value];
  const hint = alias ? `; did you mean "${alias}"?` : didYouMean(value, ATTRIBUTE_TYPES);
  return `${describe(value)} is not a known type${hint}`;
}

// --- allowed keys per type ----------------------------------------------------------------

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

const ANY_TYPE_KEYS = new Set(ATTRIBUTE_TYPES.flatMap((type) => allowedKeys(type)));

function checkAttributeKeys(raw: Record<string, unknown>, key: string, type: AttributeType): void {
  const allowed = allowedKeys(type);
  for (const name of Object.keys(raw)) {
    if (allowed.includes(name)) continue;
    const problem = ANY_TYPE_KEYS.has(name) ? `is not allowed for type "${type}"` : 'is not a known attribute key';
    fail(join(key, name), problem + didYouMean(name, allowed));
  }
}

// --- parsing ------------------------------------------------------------------------------

/** Where an attribute lives: some rules differ for components and the built-in User. */
export type AttributeOwner = 'contentType' | 'component' | 'user';

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

const MEDIA_KINDS: readonly MediaKind[] = ['images', 'videos', 'audios', 'files'];

/**
 * `{ type: media, multiple, allowedTypes }`, loaded as the relation it is served as: to the media
 * library's files, one (`manyToOne`: many documents may show one file) or several (`manyToMany`).
 */
function parseMedia(raw: Record<string, unknown>, key: string, base: BaseAttribute): RelationAttribute {
  const multiple = optionalBoolean(raw.multiple, join(key, 'multiple')) ?? false;
  const relation = { type: 'relation', ...base, relation: multiple ? 'manyToMany' : 'manyToOne', target: FILE_UID } as const;
  if (!given(raw.allowedTypes)) return { ...relation, media: {} };
  const listKey = join(key, 'allowedTypes');
  if (!Array.isArray(raw.allowedTypes) || raw.allowedTypes.length === 0) fail(listKey, `must be a list of ${MEDIA_KINDS.join(', ')}, got ${describe(raw.allowedTypes)}`);
  const kinds = raw.allowedTypes.map((kind, index) => {
    if (typeof kind !== 'string' || !(MEDIA_KINDS as readonly string[]).includes(kind)) fail(`${listKey}.${index}`, `must be one of ${MEDIA_KINDS.join(', ')}, got ${describe(kind)}${typeof kind === 'string' ? didYouMean(kind, MEDIA_KINDS) : ''}`);
    return kind as MediaKind;
  });
  return { ...relation, media: { allowedTypes: [...new Set(kinds)] } };
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

function parseUnique(raw: Record<string, unknown>, key: string): boolean | undefined {
  return optionalBoolean(raw.unique, join(key, 'unique'));
}

interface TextRules {
  minLength?: number;
  maxLength?: number;
  regex?: string;
}

function parseTextRules(raw: Record<string, unknown>, key: string): TextRules {
  const minLength = optionalNonNegativeInteger(raw.minLength, join(key, 'minLength'));
  const maxLength = optionalNonNegativeInteger(raw.maxLength, join(key, 'maxLength'));
  checkRange(minLength, maxLength, key, 'minLength', 'maxLength');
  const regex = optionalRegex(raw.regex, join(key, 'regex'));
  return { minLength, maxLength, regex };
}

/** A string default must itself pass the attribute's rules, or every create without the field would fail. */
function parseTextDefault(raw: Record<string, unknown>, key: string, type: string, rules: TextRules): string | undefined {
  const defaultKey = join(key, 'default');
  if (!given(raw.default)) return undefined;
  const value = raw.default;
  if (typeof value !== 'string') fail(defaultKey, `must be a string for type "${type}", got ${describe(value)}`);
  if (rules.minLength !== undefined && value.length < rules.minLength) {
    fail(defaultKey, `${describe(value)} is shorter than minLength ${rules.minLength}`);
  }
  if (rules.maxLength !== undefined && value.length > rules.maxLength) {
    fail(defaultKey, `${describe(value)} is longer than maxLength ${rules.maxLength}`);
  }
  if (rules.regex !== undefined && !new RegExp(rules.regex).test(value)) {
    fail(defaultKey, `${describe(value)} does not match regex ${describe(rules.regex)}`);
  }
  return value;
}

function parseStringLike(raw: Record<string, unknown>, key: string, base: BaseAttribute, type: StringAttribute['type']): StringAttribute {
  const rules = parseTextRules(raw, key);
  return { type, ...base, unique: parseUnique(raw, key), ...rules, default: parseTextDefault(raw, key, type, rules) };
}

function parseUid(raw: Record<string, unknown>, key: string, base: BaseAttribute): UidAttribute {
  const targetField = optionalString(raw.targetField, join(key, 'targetField'));
  const rules = parseTextRules(raw, key);
  const options = optionalMapping(raw.options, join(key, 'options'));
  return {
    type: 'uid',
    ...base,
    unique: parseUnique(raw, key),
    targetField,
    ...rules,
    options: options ? { ...options } : undefined,
    default: parseTextDefault(raw, key, 'uid', rules),
  };
}

function parseEnumeration(raw: Record<string, unknown>, key: string, base: BaseAttribute): EnumerationAttribute {
  const enumKey = join(key, 'enum');
  const values = raw.enum;
  if (!given(values)) fail(enumKey, 'is required: list the values, e.g. enum: [draft, live]');
  if (!Array.isArray(values)) fail(enumKey, `must be a list of strings, got ${describe(values)}`);
  if (values.length === 0) fail(enumKey, 'must list at least one value');
  const seen = new Set<string>();
  for (const value of values) {
    if (typeof value !== 'string' || value === '') fail(enumKey, `must list non-empty strings, got ${describe(value)}`);
    if (seen.has(value)) fail(enumKey, `lists ${describe(value)} twice`);
    seen.add(value);
  }
  const enumValues = values as string[];
  const defaultValue = optionalString(raw.default, join(key, 'default'));
  if (defaultValue !== undefined && !seen.has(defaultValue)) {
    fail(join(key, 'default'), `${describe(defaultValue)} is not one of the enum values${didYouMean(defaultValue, enumValues)}`);
  }
  return {
    type: 'enumeration',
    ...base,
    unique: parseUnique(raw, key),
    enum: [...enumValues],
    enumName: optionalString(raw.enumName, join(key, 'enumName')),
    default: defaultValue,
  };
}

function checkWithin(value: number | bigint, min: number | bigint | undefined, max: number | bigint | undefined, key: string): void {
  if (min !== undefined && value < min) fail(key, `${value} is below min ${min}`);
  if (max !== undefined && value > max) fail(key, `${value} is above max ${max}`);
}

function parseNumber(raw: Record<string, unknown>, key: string, base: BaseAttribute, type: NumberAttribute['type']): NumberAttribute {
  const integer = type === 'integer';
  const min = optionalNumber(raw.min, join(key, 'min'), integer);
  const max = optionalNumber(raw.max, join(key, 'max'), integer);
  checkRange(min, max, key);
  const defaultValue = optionalNumber(raw.default, join(key, 'default'), integer);
  if (defaultValue !== undefined) checkWithin(defaultValue, min, max, join(key, 'default'));
  return { type, ...base, unique: parseUnique(raw, key), min, max, default: defaultValue };
}

function parseBigInteger(raw: Record<string, unknown>, key: string, base: BaseAttribute): BigIntegerAttribute {
  const min = optionalBigInteger(raw.min, join(key, 'min'));
  const max = optionalBigInteger(raw.max, join(key, 'max'));
  const big = (value: string | undefined) => (value === undefined ? undefined : BigInt(value));
  checkRange(big(min), big(max), key);
  const defaultValue = optionalBigInteger(raw.default, join(key, 'default'));
  if (defaultValue !== undefined) checkWithin(BigInt(defaultValue), big(min), big(max), join(key, 'default'));
  return { type: 'biginteger', ...base, unique: parseUnique(raw, key), min, max, default: defaultValue };
}

const DATE_FORMATS: Record<DateAttribute['type'], { pattern: RegExp; example: string }> = {
  date: { pattern: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, example: '2024-01-31' },
  time: { pattern: /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?$/, example: '09:30:00.000' },
  datetime: { pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/, example: '2024-01-31T09:30:00.000Z' },
};

/** Rejects `2023-02-30`, which `Date.parse` would roll over to March. */
function isRealDate(type: 'date' | 'datetime', value: string): boolean {
  const time = Date.parse(type === 'date' ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(time)) return false;
  return type === 'datetime' || new Date(time).toISOString().slice(0, 10) === value;
}

function parseDate(raw: Record<string, unknown>, key: string, base: BaseAttribute, type: DateAttribute['type']): DateAttribute {
  const defaultKey = join(key, 'default');
  const value = optionalString(raw.default, defaultKey);
  if (value !== undefined) {
    const { pattern, example } = DATE_FORMATS[type];
    const valid = pattern.test(value) && (type === 'time' || isRealDate(type, value));
    if (!valid) fail(defaultKey, `${describe(value)} is not a valid ${type}, e.g. "${example}"`);
  }
  return { type, ...base, unique: parseUnique(raw, key), default: value };
}

function parseCount(raw: Record<string, unknown>, key: string): { min?: number; max?: number } {
  const min = optionalNonNegativeInteger(raw.min, join(key, 'min'));
  const max = optionalNonNegativeInteger(raw.max, join(key, 'max'));
  checkRange(min, max, key);
  return { min, max };
}

function checkComponentUid(value: unknown, key: string): string {
  if (typeof value !== 'string') fail(key, `must be a component uid "<category>.<name>", got ${describe(value)}`);
  if (!COMPONENT_UID_PATTERN.test(value)) {
    fail(key, `${describe(value)} must be a component uid "<category>.<name>" in kebab-case, e.g. "shared.section"`);
  }
  return value;
}

function parseComponentAttribute(raw: Record<string, unknown>, key: string, base: BaseAttribute): ComponentAttribute {
  const componentKey = join(key, 'component');
  if (!given(raw.component)) fail(componentKey, 'is required: name the component, e.g. component: shared.section');
  const component = checkComponentUid(raw.component, componentKey);
  const repeatable = optionalBoolean(raw.repeatable, join(key, 'repeatable')) ?? false;
  const count = parseCount(raw, key);
  if (!repeatable) {
    for (const bound of ['min', 'max'] as const) {
      if (count[bound] !== undefined) fail(join(key, bound), 'only applies when repeatable is true');
    }
  }
  return { type: 'component', ...base, component, repeatable, ...count };
}

function parseDynamicZone(raw: Record<string, unknown>, key: string, base: BaseAttribute): DynamicZoneAttribute {
  const componentsKey = join(key, 'components');
  const list = raw.components;
  if (!given(list)) fail(componentsKey, 'is required: list the components, e.g. components: [shared.section]');
  if (!Array.isArray(list)) fail(componentsKey, `must be a list of component uids, got ${describe(list)}`);
  if (list.length === 0) fail(componentsKey, 'must list at least one component');
  const components: string[] = [];
  for (const item of list) {
    const uid = checkComponentUid(item, componentsKey);
    if (components.includes(uid)) fail(componentsKey, `lists ${describe(uid)} twice`);
    components.push(uid);
  }
  return { type: 'dynamiczone', ...base, components, ...parseCount(raw, key) };
}

function parseRelation(raw: Record<string, unknown>, key: string, base: BaseAttribute, owner: AttributeOwner): RelationAttribute {
  const relationKey = join(key, 'relation');
  const relation = requiredString(raw.relation, relationKey);
  if (!(RELATION_KINDS as readonly string[]).includes(relation)) {
    const supported = 'use oneToOne, oneToMany, manyToOne or manyToMany';
    const hint = relation.startsWith('morph') ? `; polymorphic relations are not supported, ${supported}` : didYouMean(relation, RELATION_KINDS) || `; ${supported}`;
    fail(relationKey, `${describe(relation)} is not a known relation${hint}`);
  }
  const target = requiredString(raw.target, join(key, 'target'));
  const inverse: Partial<Record<'inversedBy' | 'mappedBy', string>> = {};
  for (const side of ['inversedBy', 'mappedBy'] as const) {
    const name = optionalString(raw[side], join(key, side));
    if (name === undefined) continue;
    if (owner === 'component') fail(join(key, side), 'is not allowed in a component: relations from components are one-way');
    if (!ATTRIBUTE_NAME_PATTERN.test(name)) fail(join(key, side), `${describe(name)} is not an attribute name`);
    inverse[side] = name;
  }
  if (inverse.inversedBy !== undefined && inverse.mappedBy !== undefined) {
    fail(join(key, 'mappedBy'), 'cannot be used together with inversedBy: one side owns the relation (inversedBy), the other maps it (mappedBy)');
  }
  optionalBoolean(raw.useJoinTable, join(key, 'useJoinTable'));
  return { type: 'relation', ...base, relation: relation as RelationKind, target, ...inverse };
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
