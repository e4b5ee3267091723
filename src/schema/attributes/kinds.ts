/**
 * The vocabulary attributes are written in: every attribute type (and the names people reach for
 * that mean one), the relation kinds, the relation targets besides content types, and where an
 * attribute may live.
 */
import { describe } from '../problem.js';
import { didYouMean } from '../hint.js';
import type { AttributeType, RelationKind } from '../types.js';

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

/** Where an attribute lives: some rules differ for components and the built-in User. */
export type AttributeOwner = 'contentType' | 'component' | 'user';
