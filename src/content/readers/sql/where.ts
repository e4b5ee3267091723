/**
 * A filter (the Filter AST) as a SQL condition that holds exactly for the rows the memory reader
 * selects (compile-filter.ts). The memory reader's logic has three values and selects only true;
 * each node is compiled here for one question, "is it true?" or "is it false?", as a two-valued
 * condition: `$not` asks its part the other question, `$and` and `$or` ask theirs the same one.
 *
 * A relation or component condition is true when some related row or entry makes its condition
 * true, false when every one makes it false, and with none at all it is its condition on one
 * all-null entry: which of the three that is does not depend on the row, so it is worked out once,
 * by the memory reader's own compiler, and the statement only asks about the rows that exist.
 */
import { compileFilter, type FieldFilter, type Filter, type Model } from '../../../model/index.js';
import { fieldCondition } from './conditions.js';
import { anyOf, componentEntries, componentModelOf, relationEntries, type Entries, type RowScope, type SqlContext } from './scope.js';

/** The question a node is compiled for. */
type Question = 'true' | 'false';

const other = (question: Question): Question => (question === 'true' ? 'false' : 'true');

/**
 * A SQL condition true exactly for the rows of `scope` that `filter` selects (for which it is true).
 * @example whereOf(context, filter, versionScope(context, article, 'r')) // "(folio_number(r.data -> 'views') > folio_number($5::json)) IS TRUE"
 */
export function whereOf(context: SqlContext, filter: Filter, scope: RowScope): string {
  return ask(context, filter, scope, 'true');
}

function ask(context: SqlContext, filter: Filter, scope: RowScope, question: Question): string {
  switch (filter.kind) {
    case 'and':
    case 'or': {
      // "All are true" and "one is false" join with AND and OR; "one is true" and "all are false" the other way.
      const joiner = (filter.kind === 'and') === (question === 'true') ? ' AND ' : ' OR ';
      // With no part, `$and` is true and `$or` false.
      if (filter.filters.length === 0) return (filter.kind === 'and') === (question === 'true') ? 'TRUE' : 'FALSE';
      return `(${filter.filters.map((part) => ask(context, part, scope, question)).join(joiner)})`;
    }
    case 'not':
      return ask(context, filter.filter, scope, other(question));
    case 'field':
      return field(context, filter, scope, question);
    case 'relation': {
      const target = context.lookup.model(filter.target);
      if (!target) throw new Error(`sql reader: no model ${filter.target} for ${scope.model.uid}.${filter.field}`);
      return anyEntry(context, relationEntries(context, scope, filter.field), filter.filter, target, question);
    }
    case 'component': {
      const component = componentModelOf(context.lookup, filter.component);
      if (!component) throw new Error(`sql reader: no component ${filter.component} for ${scope.model.uid}.${filter.field}`);
      return anyEntry(context, componentEntries(context, scope, filter.field, component), filter.filter, component, question);
    }
    default:
      return filter satisfies never;
  }
}

/** A field condition asked `question`, its unknown answering neither. */
function field(context: SqlContext, filter: FieldFilter, scope: RowScope, question: Question): string {
  const condition = fieldCondition(filter, scope.field(filter.field), context.params);
  if (condition === 'TRUE' || condition === 'FALSE' || condition === 'NULL') {
    return condition === (question === 'true' ? 'TRUE' : 'FALSE') ? 'TRUE' : 'FALSE';
  }
  return `(${condition}) IS ${question === 'true' ? 'TRUE' : 'FALSE'}`;
}

/** What a condition is on the all-null entry a row without entries is read against. */
function onNoEntry(context: SqlContext, filter: Filter, model: Model): boolean | null {
  // The memory reader's compiler, on a row with no fields and no related rows.
  const evaluate = { lookup: context.lookup, related: () => [] };
  if (compileFilter(filter, model, evaluate)({})) return true;
  return compileFilter({ kind: 'not', filter }, model, evaluate)({}) ? false : null;
}

/**
 * A relation or component condition asked `question`: true when an entry makes `filter` true;
 * false when every entry makes it false; with no entry, `filter` on the all-null entry.
 */
function anyEntry(context: SqlContext, entries: Entries | undefined, filter: Filter, model: Model, question: Question): string {
  const empty = onNoEntry(context, filter, model);
  const answerWithout = question === 'true' ? empty === true : empty === false;
  if (!entries) return answerWithout ? 'TRUE' : 'FALSE';
  const inner = ask(context, filter, entries.scope, question);
  const none = `NOT ${anyOf(entries)}`;
  if (question === 'true') {
    const some = anyOf(entries, [inner]);
    return answerWithout ? `(${some} OR ${none})` : some;
  }
  // Every entry false: none that is not, and (unless no entry answers false too) one at least.
  const allFalse = `NOT ${anyOf(entries, [`NOT ${inner}`])}`;
  return answerWithout ? allFalse : `(${allFalse} AND ${anyOf(entries)})`;
}
