/**
 * The rows a list query selects, in its order, without scanning and sorting them all where an index
 * serves it. A field's index is the rows sorted by that field (ties in the rows' own order, nulls
 * first), made the third time one list of rows is asked about that field and kept as long as the
 * list lives: the store makes a new list at every change, so an index never outlives the rows it
 * was made from.
 *
 * - A range on a field of the row itself (`$gt`, `$gte`, `$lt`, `$lte`, `$eq`, `$between`, at the top
 *   of the filter or in its top `$and`) is two binary searches in that field's index; only the
 *   rows between them are tested against the rest of the filter.
 * - A sort by one field of the row itself is that field's index read forwards or backwards: no
 *   sort at all.
 * - A case-insensitive text condition (`$containsi`, `$eqi`, …) on a field of the row itself reads
 *   the field's lower-cased column, made once per list, rather than lower-casing every row's text
 *   at every request; a row whose text lacks a pair of adjacent characters of the needle is passed
 *   over without a string search.
 *
 * The answer is the one a scan and a stable sort give: the same rows in the same order.
 */
import { compareBy, compareValues } from './compare.js';
import { compileFilter } from './compile-filter.js';
import { attributeOf, valueKindOf } from './model.js';
import type { EvalContext, FieldFilter, Filter, SortKey, ValueKind } from './types.js';
import type { Model } from '../types.js';
import { normalizer, textOf, type Comparable } from './values.js';

type Row = Record<string, unknown>;

interface FieldIndex {
  /** The rows by the field's value, ascending; equal values in the rows' own order. */
  rows: Row[];
  values: Array<Comparable | null>;
  /** Where each of `rows` stands in the list the index was made from. */
  positions: Int32Array;
  /** For each place, the first place holding the same value (descending order reads groups of equal values forwards). */
  groupStarts: Int32Array;
  /** The first row whose value is not null (nulls sort first). */
  firstValue: number;
}

/** What one list has had made: field indexes (`index:<field>:<kind>`) and lower-cased text columns (`lowered:<field>`). */
interface ListIndexes {
  /** How often each was asked for before it was made. */
  asked: Map<string, number>;
  made: Map<string, unknown>;
}

const listIndexes = new WeakMap<readonly Row[], ListIndexes>();

/**
 * Making an index costs about three scans of the list (10,000 rows: 3 ms against 1 ms), and a
 * list lives only until the next write to its type and locale: so one is made the third time the
 * same list is asked for it. Under a stream of writes, a list asked once or twice is scanned.
 */
const MADE_AT_ASK = 3;

/** What `rows` keeps under `key`, made by `make` once it has been asked for MADE_AT_ASK times. */
function kept<T>(rows: readonly Row[], key: string, make: () => T): T | undefined {
  let indexes = listIndexes.get(rows);
  if (!indexes) listIndexes.set(rows, (indexes = { asked: new Map(), made: new Map() }));
  const made = indexes.made.get(key);
  if (made !== undefined) return made as T;
  const asked = (indexes.asked.get(key) ?? 0) + 1;
  if (asked < MADE_AT_ASK) {
    indexes.asked.set(key, asked);
    return undefined;
  }
  indexes.asked.delete(key);
  const value = make();
  indexes.made.set(key, value);
  return value;
}

function indexOf(rows: readonly Row[], field: string, kind: ValueKind): FieldIndex | undefined {
  return kept(rows, `index:${field}:${kind}`, () => makeIndex(rows, field, kind));
}

/**
 * A field's text, lower-cased, by position in the list (null where it has none), with each text's
 * pairs: two words of bits per position, one bit for each pair of adjacent characters it holds (the
 * pair hashed into 64). A text lacking a bit of a needle's pairs cannot hold the needle, so most
 * rows fail a text condition on two integer tests, without a string search.
 */
interface LoweredColumn {
  texts: Array<string | null>;
  pairs: Int32Array;
}

function loweredColumn(rows: readonly Row[], field: string): LoweredColumn | undefined {
  return kept(rows, `lowered:${field}`, () => {
    const texts = rows.map((row) => {
      const text = textOf(row[field]);
      return text === null ? null : text.toLowerCase();
    });
    const pairs = new Int32Array(texts.length * 2);
    texts.forEach((text, position) => {
      if (text !== null) pairBits(text, pairs, position * 2);
    });
    return { texts, pairs };
  });
}

/** Sets, at `into[at]` and `into[at + 1]`, the bits of the pairs of adjacent characters of `text`. */
function pairBits(text: string, into: Int32Array, at: number): void {
  let low = 0;
  let high = 0;
  for (let i = 1; i < text.length; i++) {
    const bit = Math.imul(text.charCodeAt(i - 1) * 31 + text.charCodeAt(i), 0x9e3779b1) >>> 26;
    if (bit < 32) low |= 1 << bit;
    else high |= 1 << (bit - 32);
  }
  into[at] = low;
  into[at + 1] = high;
}

function makeIndex(rows: readonly Row[], field: string, kind: ValueKind): FieldIndex {
  const read = normalizer(kind);
  const keys = rows.map((row) => read(row[field]));
  const order = Array.from(rows.keys()).sort((a, b) => compareValues(keys[a]!, keys[b]!) || a - b);
  const values = order.map((position) => keys[position]!);
  let firstValue = 0;
  while (firstValue < values.length && values[firstValue] === null) firstValue++;
  const groupStarts = new Int32Array(values.length);
  for (let i = 1; i < values.length; i++) groupStarts[i] = compareValues(values[i - 1]!, values[i]!) === 0 ? groupStarts[i - 1]! : i;
  return { rows: order.map((position) => rows[position]!), values, positions: Int32Array.from(order), groupStarts, firstValue };
}

/** The first position in `values` (from `from`) whose value is not below `target` (`after`: not at or below it). */
function bound(values: ReadonlyArray<Comparable | null>, from: number, target: Comparable, after: boolean): number {
  let low = from;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const order = compareValues(values[middle]!, target);
    if (order < 0 || (after && order === 0)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A condition an index can answer: a comparison with a value on one of the row's own scalar fields. */
type RangeCondition = FieldFilter & { operator: '$eq' | '$lt' | '$lte' | '$gt' | '$gte' | '$between' };

function isRange(part: Filter, model: Model): part is RangeCondition {
  if (part.kind !== 'field' || part.type === 'json') return false;
  const valued = part.operator === '$between' ? part.value.every((bound) => bound !== null) : part.value !== null;
  return valued && ['$eq', '$lt', '$lte', '$gt', '$gte', '$between'].includes(part.operator) && attributeOf(model, part.field) !== undefined;
}

/** The slice of `index` the conditions on its field leave: every row outside it fails one of them. */
function sliceOf(index: FieldIndex, conditions: readonly RangeCondition[], kind: ValueKind): [number, number] {
  const read = normalizer(kind);
  let start = index.firstValue; // a comparison with null is unknown: never selected
  let end = index.values.length;
  const at = (value: unknown, after: boolean) => {
    const target = read(value);
    return target === null ? undefined : bound(index.values, index.firstValue, target, after);
  };
  for (const condition of conditions) {
    const [low, lowAfter, high, highAfter]: [unknown, boolean, unknown, boolean] =
      condition.operator === '$between'
        ? [condition.value[0], false, condition.value[1], true]
        : condition.operator === '$eq'
          ? [condition.value, false, condition.value, true]
          : condition.operator === '$gt' || condition.operator === '$gte'
            ? [condition.value, condition.operator === '$gt', undefined, false]
            : [undefined, false, condition.value, condition.operator === '$lte'];
    if (low !== undefined) {
      const from = at(low, lowAfter);
      if (from === undefined) return [0, 0];
      start = Math.max(start, from);
    }
    if (high !== undefined) {
      const to = at(high, highAfter);
      if (to === undefined) return [0, 0];
      end = Math.min(end, to);
    }
  }
  return [start, Math.max(start, end)];
}

/**
 * The rows of a slice of an index that `keep` keeps, in the order the field sorts them (`desc`:
 * equal values still in the list's own order, as a stable sort leaves them).
 */
function inFieldOrder(index: FieldIndex, start: number, end: number, order: 'asc' | 'desc', keep: (position: number) => boolean): Row[] {
  const { rows, positions, groupStarts } = index;
  const out: Row[] = [];
  if (order === 'asc') {
    for (let i = start; i < end; i++) if (keep(positions[i]!)) out.push(rows[i]!);
    return out;
  }
  for (let groupEnd = end; groupEnd > start; ) {
    const groupStart = Math.max(start, groupStarts[groupEnd - 1]!);
    for (let i = groupStart; i < groupEnd; i++) if (keep(positions[i]!)) out.push(rows[i]!);
    groupEnd = groupStart;
  }
  return out;
}

/** A case-insensitive text condition on one of the row's own fields, with a value. */
type LoweredCondition = FieldFilter & { operator: '$eqi' | '$nei' | '$startsWithi' | '$endsWithi' | '$containsi' | '$notContainsi'; value: string };
const LOWERED_OPERATORS = new Set(['$eqi', '$nei', '$startsWithi', '$endsWithi', '$containsi', '$notContainsi']);

function isLowered(part: Filter, model: Model): part is LoweredCondition {
  return part.kind === 'field' && LOWERED_OPERATORS.has(part.operator) && typeof part.value === 'string' && attributeOf(model, part.field) !== undefined;
}

/** The test of a lowered condition on one position, as compileFilter's is true (null, unknown, is not). */
function loweredTest(condition: LoweredCondition, { texts, pairs }: LoweredColumn): (position: number) => boolean {
  const needle = condition.value.toLowerCase();
  const bits = new Int32Array(2);
  pairBits(needle, bits, 0);
  const low = bits[0]!;
  const high = bits[1]!;
  /** False when the text at `position` lacks one of the needle's pairs: the needle is then not in it. */
  const mayHold = (position: number) => (pairs[position * 2]! & low) === low && (pairs[position * 2 + 1]! & high) === high;
  // One closure per operator, each calling the string method itself: this runs once per candidate row.
  switch (condition.operator) {
    case '$eqi':
      return (position) => texts[position] === needle;
    case '$nei':
      return (position) => {
        const text = texts[position];
        return text !== null && text !== undefined && text !== needle;
      };
    case '$startsWithi':
      return (position) => mayHold(position) && texts[position]?.startsWith(needle) === true;
    case '$endsWithi':
      return (position) => mayHold(position) && texts[position]?.endsWith(needle) === true;
    case '$containsi':
      return (position) => mayHold(position) && texts[position]?.includes(needle) === true;
    case '$notContainsi':
      return (position) => {
        const text = texts[position];
        return text !== null && text !== undefined && (!mayHold(position) || !text.includes(needle));
      };
    default:
      return condition.operator satisfies never;
  }
}

/**
 * `rows` filtered by `filter` and sorted by `sort`, as `rows.filter(compileFilter(…)).sort(compareBy(…))`
 * answers them, using the indexes and columns of `rows` where they serve.
 * @example const selected = selectRows(store.rows(type, status, locale), query.filters, query.sort, model, ctx);
 */
export function selectRows<R extends Row>(rows: readonly R[], filter: Filter | undefined, sort: readonly SortKey[], model: Model, ctx: EvalContext): readonly R[] {
  const parts = filter === undefined ? [] : filter.kind === 'and' ? filter.filters : [filter];
  const ranges = parts.filter((part): part is RangeCondition => isRange(part, model));
  const sortField = sort.length === 1 && sort[0]!.path.length === 1 ? sort[0]!.path[0]! : undefined;
  const sortAttribute = sortField === undefined ? undefined : attributeOf(model, sortField);
  const sortKind = sortAttribute === undefined ? undefined : valueKindOf(sortAttribute);

  // The narrowest slice any ranged field's index gives; the sort's own field wins a tie. Without a
  // range, a sort by one field reads that field's index whole.
  let best: { field: string; index: FieldIndex; start: number; end: number } | undefined;
  for (const field of new Set(ranges.map((range) => range.field))) {
    const conditions = ranges.filter((range) => range.field === field);
    const kind = conditions[0]!.type;
    if (conditions.some((condition) => condition.type !== kind)) continue;
    const index = indexOf(rows, field, kind);
    if (!index) continue;
    const [start, end] = sliceOf(index, conditions, kind);
    if (!best || end - start < best.end - best.start || (end - start === best.end - best.start && field === sortField)) best = { field, index, start, end };
  }
  // A range on another field than the sort's leaves its slice to be sorted; when the slice is not
  // small, reading the sort's index whole and testing the range on each row costs less.
  const sortsSlice = best !== undefined && sortsMore(best.end - best.start, rows.length);
  if ((!best || sortsSlice) && sortField !== undefined && sortKind !== undefined && !ranges.some((range) => range.field === sortField)) {
    const index = indexOf(rows, sortField, sortKind);
    if (index) best = { field: sortField, index, start: 0, end: index.rows.length };
  }

  // The conditions left to test: those the slice answered go; lowered text ones read their column.
  const rest = parts.filter((part) => !(best && isRange(part, model) && part.field === best.field));
  const byPosition: Array<(position: number) => boolean> = [];
  const others: Filter[] = [];
  for (const part of rest) {
    const column = isLowered(part, model) ? loweredColumn(rows, part.field) : undefined;
    if (column) byPosition.push(loweredTest(part as LoweredCondition, column));
    else others.push(part);
  }
  if (!best && byPosition.length === 0) {
    const matching = filter ? rows.filter(compileFilter(filter, model, ctx)) : rows;
    return sort.length > 0 ? [...matching].sort(compareBy(sort, model, ctx)) : matching;
  }
  const keepRow = others.length === 0 ? undefined : compileFilter(others.length === 1 ? others[0]! : { kind: 'and', filters: others }, model, ctx);
  const keep =
    byPosition.length === 1 && !keepRow
      ? byPosition[0]!
      : (position: number) => {
          for (const test of byPosition) if (!test(position)) return false;
          return !keepRow || keepRow(rows[position]!);
        };

  if (best && best.field === sortField && sortKind !== undefined && indexKind(ranges, best.field, sortKind) === sortKind) {
    return inFieldOrder(best.index, best.start, best.end, sort[0]!.order, keep) as R[];
  }
  // Sorted otherwise, or not at all: the candidates in the list's own order first, as a scan keeps them.
  const positions = best ? best.index.positions.slice(best.start, best.end).sort() : Array.from(rows.keys());
  const matching: R[] = [];
  for (const position of positions) if (keep(position)) matching.push(rows[position]!);
  return sort.length > 0 ? matching.sort(compareBy(sort, model, ctx)) : matching;
}

/**
 * How many row tests one comparison of the sort costs, about: a comparison reads two values
 * through the model's getters and compares them as the sort's kind.
 */
const COMPARISON_COST = 4;

/**
 * Whether sorting `sliced` rows (about n·log2 n comparisons) costs more than testing each of the
 * list's `listed` rows in an index's order.
 */
function sortsMore(sliced: number, listed: number): boolean {
  return sliced * Math.log2(sliced + 1) * COMPARISON_COST > listed;
}

/** The kind a field's index was made with: its conditions' type, or the sort's when only the sort asked. */
function indexKind(ranges: readonly RangeCondition[], field: string, sortKind: ValueKind): ValueKind {
  return ranges.find((range) => range.field === field)?.type ?? sortKind;
}
