/**
 * Attributes that name other schemas: components, dynamic zones, relations and media (a relation to
 * the media library's files). Whether what they name exists is checked later, in `references.ts`.
 */
import { ATTRIBUTE_NAME_PATTERN, COMPONENT_UID_PATTERN } from '../names.js';
import { describe, fail, join } from '../problem.js';
import { didYouMean } from '../hint.js';
import type {
  BaseAttribute,
  ComponentAttribute,
  DynamicZoneAttribute,
  MediaKind,
  RelationAttribute,
  RelationKind,
} from '../types.js';
import { FILE_UID } from '../types.js';
import { checkRange, given, optionalBoolean, optionalNonNegativeInteger, optionalString, requiredString } from '../values.js';
import { RELATION_KINDS, type AttributeOwner } from './kinds.js';

const MEDIA_KINDS: readonly MediaKind[] = ['images', 'videos', 'audios', 'files'];

/**
 * `{ type: media, multiple, allowedTypes }`, loaded as the relation it is served as: to the media
 * library's files, one (`manyToOne`: many documents may show one file) or several (`manyToMany`).
 */
export function parseMedia(raw: Record<string, unknown>, key: string, base: BaseAttribute): RelationAttribute {
  const multiple = optionalBoolean(raw.multiple, join(key, 'multiple')) ?? false;
  const relation = { type: 'relation', ...base, relation: multiple ? 'manyToMany' : 'manyToOne', target: FILE_UID } as const;
  if (!given(raw.allowedTypes)) return { ...relation, media: {} };
  const listKey = join(key, 'allowedTypes');
  if (!Array.isArray(raw.allowedTypes) || raw.allowedTypes.length === 0) {
    fail(listKey, `must be a list of ${MEDIA_KINDS.join(', ')}, got ${describe(raw.allowedTypes)}`);
  }
  const kinds = raw.allowedTypes.map((kind, index) => {
    if (typeof kind !== 'string' || !(MEDIA_KINDS as readonly string[]).includes(kind)) {
      const hint = typeof kind === 'string' ? didYouMean(kind, MEDIA_KINDS) : '';
      fail(`${listKey}.${index}`, `must be one of ${MEDIA_KINDS.join(', ')}, got ${describe(kind)}${hint}`);
    }
    return kind as MediaKind;
  });
  return { ...relation, media: { allowedTypes: [...new Set(kinds)] } };
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

export function parseComponentAttribute(raw: Record<string, unknown>, key: string, base: BaseAttribute): ComponentAttribute {
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

export function parseDynamicZone(raw: Record<string, unknown>, key: string, base: BaseAttribute): DynamicZoneAttribute {
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

export function parseRelation(raw: Record<string, unknown>, key: string, base: BaseAttribute, owner: AttributeOwner): RelationAttribute {
  const relationKey = join(key, 'relation');
  const relation = requiredString(raw.relation, relationKey);
  if (!(RELATION_KINDS as readonly string[]).includes(relation)) {
    const supported = 'use oneToOne, oneToMany, manyToOne or manyToMany';
    const hint = relation.startsWith('morph')
      ? `; polymorphic relations are not supported, ${supported}`
      : didYouMean(relation, RELATION_KINDS) || `; ${supported}`;
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
    fail(
      join(key, 'mappedBy'),
      'cannot be used together with inversedBy: one side owns the relation (inversedBy), the other maps it (mappedBy)',
    );
  }
  optionalBoolean(raw.useJoinTable, join(key, 'useJoinTable'));
  return { type: 'relation', ...base, relation: relation as RelationKind, target, ...inverse };
}
