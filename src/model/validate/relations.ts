/**
 * Relation values in every form Strapi 5 accepts, normalized to `{ set?, connect?, disconnect? }`.
 * Shorthands (an id, a documentId, `{ documentId }`, an array of them) mean `set`. Numeric ids
 * stay accepted because users and roles are still referenced by id, as in Strapi 5.
 */
import type { RelationAttribute } from '../../schema/index.js';
import { where, type At, type Context } from './context.js';
import { isPlainObject } from '../../objects.js';
import { formatPath, invalidKey, isPrototypeKey } from './issues.js';
import { validationMessages as m } from './messages.js';
import { RelationInput, type RelationOperations, type RelationRef } from './types.js';

const OPERATIONS = ['connect', 'disconnect', 'set'] as const;

/** To-one relations point at a single document, so a payload naming two is a mistake, not a choice. */
const TO_ONE = new Set(['oneToOne', 'manyToOne']);

export function validateRelation(value: unknown, attribute: RelationAttribute, at: At, ctx: Context): RelationInput | undefined {
  const before = ctx.issues.count;
  const operations = parse(value, at, ctx);
  if (operations === undefined || ctx.issues.count > before) return undefined;

  if (operations.set && (operations.connect || operations.disconnect)) {
    // Strapi would quietly prefer one of them; which one the caller meant is unknowable.
    ctx.issues.add(at.path, m.relationSetWithConnect(where(at)), value);
    return undefined;
  }
  if (TO_ONE.has(attribute.relation) && ((operations.set?.length ?? 0) > 1 || (operations.connect?.length ?? 0) > 1)) {
    ctx.issues.add(at.path, m.relationToOne(where(at), attribute.relation), value);
    return undefined;
  }
  return new RelationInput({ target: attribute.target, relation: attribute.relation, path: [...at.path], ...operations });
}

function parse(value: unknown, at: At, ctx: Context): RelationOperations | undefined {
  // null clears: no target at all.
  if (value === null) return { set: [] };
  if (Array.isArray(value)) return { set: refs(value, at.path, ctx, false) };
  if (isPlainObject(value) && OPERATIONS.some((op) => Object.hasOwn(value, op))) return longhand(value, at, ctx);
  const ref = toRef(value, at.path, false);
  if (ref === undefined) {
    ctx.issues.add(at.path, m.relationValue(where(at)), value);
    return undefined;
  }
  return { set: [ref] };
}

function longhand(value: Record<string, unknown>, at: At, ctx: Context): RelationOperations {
  const operations: RelationOperations = {};
  for (const key of Object.keys(value)) {
    if (!(OPERATIONS as readonly string[]).includes(key)) throw invalidKey([...at.path, key]);
  }
  for (const op of OPERATIONS) {
    const given = value[op];
    // `connect: null` reads as "nothing to connect", as in Strapi.
    if (given === undefined || given === null) continue;
    const path = [...at.path, op];
    // A single target without the array is accepted, like a lone id in the shorthand.
    operations[op] = Array.isArray(given) ? refs(given, path, ctx, op === 'connect') : refs([given], path, ctx, op === 'connect', false);
  }
  return operations;
}

function refs(values: unknown[], path: string[], ctx: Context, positioned: boolean, indexed = true): RelationRef[] {
  const out: RelationRef[] = [];
  values.forEach((item, index) => {
    const itemPath = indexed ? [...path, String(index)] : path;
    const ref = toRef(item, itemPath, positioned);
    if (ref) out.push(ref);
    else ctx.issues.add(itemPath, m.relationRef(formatPath(itemPath)), item);
  });
  return out;
}

/**
 * One target: `5`, `"abc123"`, `{ id: 5 }` or `{ documentId: "abc123" }`. `connect` entries may
 * also carry Strapi's `position` (ordering among the targets); we keep no order, so it is dropped.
 */
function toRef(value: unknown, path: string[], positioned: boolean): RelationRef | undefined {
  if (isId(value)) return { id: value };
  if (isDocumentId(value)) return { documentId: value };
  if (!isPlainObject(value)) return undefined;
  const keys = Object.keys(value);
  for (const key of keys) {
    if (isPrototypeKey(key)) throw invalidKey([...path, key]);
  }
  const known = keys.filter((key) => key === 'id' || key === 'documentId');
  const others = keys.filter((key) => key !== 'id' && key !== 'documentId' && !(positioned && key === 'position'));
  if (known.length !== 1 || others.length > 0) return undefined;
  if (known[0] === 'id') return isId(value.id) ? { id: value.id } : undefined;
  return isDocumentId(value.documentId) ? { documentId: value.documentId } : undefined;
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

function isDocumentId(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}
