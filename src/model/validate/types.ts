/**
 * Shapes of a validated write payload, shared by the validators and the service that stores it.
 */
import type { RelationKind } from '../../schema/index.js';
import type { Json, ModelLookup } from '../types.js';

export interface ValidateOptions {
  lookup: ModelLookup;
  /**
   * `create`: required attributes must be present (or have a default) and defaults fill the gaps.
   * `update`: only the given keys are checked, though a given `null` still fails a required one.
   */
  mode: 'create' | 'update';
  /**
   * Creating a new locale version of an existing document: only localized attributes may be
   * given, because the others are shared with the existing locales (this API answers
   * 400 naming such a field: docs/api/differences-from-strapi.md).
   */
  localizedOnly?: boolean;
  /**
   * Writing only the draft (`?status=draft`): like Strapi's `isDraft`, required, `minLength` and
   * the minimum number of repeatable entries are not checked; they are when the draft is published.
   */
  draft?: boolean;
  /**
   * Answers uniqueness for `unique: true` and `uid` attributes (the service knows the stored
   * documents; per locale, per status). Called only for non-null values that passed every other
   * check, with the attribute name, the normalized value and its path in the payload.
   */
  isUnique?: (attribute: string, value: unknown, path: string[]) => boolean;
}

/** A relation target as the payload names it: a numeric id (users, roles) or a documentId. */
export type RelationRef = { id: number } | { documentId: string };

/** The three longhand operations, after shorthand forms have been turned into `set`. */
export interface RelationOperations {
  set?: RelationRef[];
  connect?: RelationRef[];
  disconnect?: RelationRef[];
}

/**
 * A relation value of a validated payload. A class, so the service can tell it from a JSON
 * attribute value with `instanceof` (or `kind`). Whether the targets exist is the service's job;
 * `path` names the value in the payload for its error.
 */
export class RelationInput implements RelationOperations {
  readonly kind = 'relation' as const;
  readonly target: string;
  readonly relation: RelationKind;
  readonly path: string[];
  // `declare`: with ES2022 class fields a plain declaration would create the key set to undefined.
  declare set?: RelationRef[];
  declare connect?: RelationRef[];
  declare disconnect?: RelationRef[];

  constructor(init: { target: string; relation: RelationKind; path: string[] } & RelationOperations) {
    this.target = init.target;
    this.relation = init.relation;
    this.path = init.path;
    // Only the operations given, so a payload with `connect` alone leaves `set` undefined, not [].
    if (init.set) this.set = init.set;
    if (init.connect) this.connect = init.connect;
    if (init.disconnect) this.disconnect = init.disconnect;
  }
}

/**
 * Whether a validated value is a relation input (as opposed to, say, a `json` value that happens
 * to have a `set` key).
 *
 * @example
 * if (isRelationInput(input.category)) applyRelation(input.category.set ?? []);
 */
export function isRelationInput(value: unknown): value is RelationInput {
  return value instanceof RelationInput;
}

/** A normalized attribute value. Components nest their own attribute values. */
export type ValidatedValue = Json | RelationInput | ValidatedComponentEntry | ValidatedComponentEntry[];

/**
 * One component or dynamic-zone entry. `id` is kept when the payload gave one (the service checks
 * that it belongs to the version being written: ids are local to a status);
 * `__component` is set on dynamic-zone entries.
 */
export interface ValidatedComponentEntry {
  id?: number;
  __component?: string;
  [attribute: string]: ValidatedValue | undefined;
}

/** Attribute name → normalized value: only the attributes given, plus defaults on create. */
export type ValidatedInput = Record<string, ValidatedValue>;

/** One entry of `ValidationError.details.errors`, in Strapi's (yup's) shape. */
export interface ValidationIssue {
  path: string[];
  message: string;
  name: 'ValidationError';
  value?: unknown;
}
