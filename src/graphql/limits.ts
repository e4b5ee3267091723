/**
 * The bounds a query must keep (docs/graphql.md, "Limits"). Before it is parsed: its length
 * (`sizeLimit`) and how deeply it nests (MAX_NESTING). Before it is validated: how many fields it
 * selects with its fragments written out (`fieldLimit`). While it is validated: how deep it nests
 * (`depthLimit`, as the `graphql-depth-limit` rule of Strapi's plugin counts it) and how many aliases
 * it uses (`aliasLimit`). Before it runs: how many entries its lists may add up to (`nodeLimit`: each
 * list's limit, multiplied along its path), so that no query can make an answer of millions of
 * entries. While it runs: how long it takes (`timeLimit`). Every walk over a query measures each
 * fragment once, however often it is spread.
 */
import {
  defaultFieldResolver, getArgumentValues, getNamedType, GraphQLError, isListType, isNonNullType, isObjectType, Kind,
  type ASTVisitor, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField,
  type GraphQLFieldResolver, type GraphQLNamedType, type GraphQLSchema, type OperationDefinitionNode,
  type SelectionSetNode, type ValidationContext,
} from 'graphql';
import type { GraphQLConfig } from '../config/index.js';
import { ServiceUnavailableError } from '../errors.js';
import { windowOf, type PaginationArgs } from './context.js';
import { graphqlMessages } from './messages.js';

/** A document's fragments by name. */
export function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  return Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
}

/**
 * `measure` of a fragment, computed once per arguments: a fragment may be spread many times, and one
 * that spreads the next twice, which spreads the next twice… doubles the query at each step.
 * While it is measured a fragment counts 0, so a cycle ends (NoFragmentCycles reports it).
 */
function oncePerFragment<A extends unknown[]>(measure: (name: string, ...args: A) => number) {
  const known = new Map<string, number>();
  return (name: string, ...args: A): number => {
    const key = [name, ...args].join('\u0000');
    let value = known.get(key);
    if (value === undefined) {
      known.set(key, 0);
      value = measure(name, ...args);
      known.set(key, value);
    }
    return value;
  };
}

// ---------------------------------------------------------------------------------------------
// Before parsing

/**
 * How deeply a query may nest braces, parentheses and brackets. graphql-js's parser recurses for
 * each level and runs out of stack at about 1,800 of them; 200 is twice what the deepest
 * `depthLimit` (100) lets a selection nest, with room for the argument values inside it.
 */
export const MAX_NESTING = 200;

/** Where the comment that opens at `start` ends: the last character of its line. */
function commentEnd(query: string, start: number): number {
  const end = query.slice(start).search(/[\n\r]/);
  return end === -1 ? query.length : start + end - 1;
}

/** Where the string that opens at `start` ends (the index of its closing quote), block strings too. */
function stringEnd(query: string, start: number): number {
  if (query.startsWith('"""', start)) {
    let end = query.indexOf('"""', start + 3);
    while (end !== -1 && query[end - 1] === '\\') end = query.indexOf('"""', end + 1); // \""" is escaped
    return end === -1 ? query.length : end + 2;
  }
  for (let at = start + 1; at < query.length; at++) {
    const char = query[at];
    if (char === '\\') at++;
    else if (char === '"' || char === '\n' || char === '\r') return at;
  }
  return query.length;
}

/**
 * How deeply `query` nests `{`, `(` and `[`, outside strings and comments: read before it is
 * parsed, so that no level is ever recursed into past MAX_NESTING.
 * @example nestingOf('{ articles(filters: { title: { eq: "{" } }) { title } }') // 4
 */
export function nestingOf(query: string): number {
  let depth = 0;
  let deepest = 0;
  for (let at = 0; at < query.length; at++) {
    const char = query[at];
    if (char === '"') at = stringEnd(query, at);
    else if (char === '#') at = commentEnd(query, at);
    else if (char === '{' || char === '(' || char === '[') deepest = Math.max(deepest, ++depth);
    else if (char === '}' || char === ')' || char === ']') depth--;
  }
  return deepest;
}

// ---------------------------------------------------------------------------------------------
// Before validating

/**
 * How many fields `document` selects with every fragment written out where it is spread: what a
 * walk over it would visit, had it not measured each fragment once. Checked before graphql-js
 * validates it, and past any count that matters it stays at Number.MAX_SAFE_INTEGER.
 * @example fieldCountOf(parse('{ a: articles { ...T } b: articles { ...T } } fragment T on Article { title }')) // 4
 */
export function fieldCountOf(document: DocumentNode): number {
  const fragments = fragmentsOf(document);
  const count = (set: SelectionSetNode | undefined): number => {
    let total = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.FIELD) total += 1 + count(selection.selectionSet);
      else if (selection.kind === Kind.INLINE_FRAGMENT) total += count(selection.selectionSet);
      else total += ofFragment(selection.name.value);
    }
    return Math.min(total, Number.MAX_SAFE_INTEGER);
  };
  const ofFragment = oncePerFragment((name) => count(fragments[name]?.selectionSet));
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const total = operations.reduce((sum, operation) => sum + count(operation.selectionSet), 0);
  return Math.min(total, Number.MAX_SAFE_INTEGER);
}

// ---------------------------------------------------------------------------------------------
// While validating

/** Refuses an operation that nests deeper than `limit`, with graphql-depth-limit's message. */
export function depthRule(limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    /** Depth of a selection set, through fragments; introspection fields do not count (tools ask them deep). */
    const depthOf = (set: SelectionSetNode | undefined): number => {
      let deepest = 0;
      for (const selection of set?.selections ?? []) {
        if (selection.kind === Kind.FIELD) {
          if (selection.name.value.startsWith('__')) continue;
          deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet) : 0);
        } else if (selection.kind === Kind.INLINE_FRAGMENT) {
          deepest = Math.max(deepest, depthOf(selection.selectionSet));
        } else {
          deepest = Math.max(deepest, ofFragment(selection.name.value));
        }
      }
      return deepest;
    };
    const ofFragment = oncePerFragment((name) => depthOf(fragments[name]?.selectionSet));
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        if (depthOf(operation.selectionSet) > limit) {
          context.reportError(new GraphQLError(graphqlMessages.tooDeep(operation.name?.value ?? '', limit), { nodes: [operation] }));
        }
      },
    };
  };
}

/** Refuses a document with more than `limit` aliases. */
export function aliasRule(limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    let aliases = 0;
    return {
      Field(field: FieldNode) {
        if (field.alias) aliases++;
      },
      Document: {
        leave() {
          if (aliases > limit) context.reportError(new GraphQLError(graphqlMessages.tooManyAliases(aliases, limit)));
        },
      },
    };
  };
}

const isList = (field: GraphQLField<unknown, unknown>): boolean => isListType(isNonNullType(field.type) ? field.type.ofType : field.type);
const isConnection = (type: GraphQLNamedType): boolean => /(Entity|Relation)ResponseCollection$/.test(type.name);

/** A list's limit; pagination it cannot take is the resolver's to refuse, so it counts as the default here. */
function limitOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>, settings: GraphQLConfig): number {
  try {
    return windowOf(getArgumentValues(field, node, variables).pagination as PaginationArgs, settings).limit;
  } catch {
    return settings.defaultLimit;
  }
}

/**
 * How many entries `operation` may answer: each field of an object type counts once per entry of
 * the lists above it; a list counts as its `pagination` allows (the default limit when it gives
 * none), a list without one (a dynamic zone) as `maxLimit`; a `_connection` counts once and its
 * `nodes` as its page.
 * @example amountOf(schema, operation, fragments, variables, settings) // 10 + 10 × 1 for articles { category { name } }
 */
export function amountOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  settings: GraphQLConfig,
): number {
  const root = operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType();
  /**
   * `page`: under a `_connection`, the rows its `pagination` asks for, which its `nodes` list holds.
   * What a selection counts grows with `each`, the entries above it, so a fragment is measured once
   * (for one entry) and multiplied.
   */
  type Parent = GraphQLNamedType | null | undefined;
  const walk = (set: SelectionSetNode | undefined, parent: Parent, each: number, page = 1): number => {
    let total = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += walk(selection.selectionSet, type, each, page);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        total += each * ofFragment(selection.name.value, page);
        continue;
      }
      if (!selection.selectionSet || !parent || !isObjectType(parent)) continue;
      const field = parent.getFields()[selection.name.value];
      if (!field) continue;
      const type = getNamedType(field.type);
      const paged = field.args.some((arg) => arg.name === 'pagination');
      let count = each;
      let below = 1;
      if (paged && isConnection(type)) below = limitOf(field, selection, variables, settings); // one connection, its page in `nodes`
      else if (paged) count = each * limitOf(field, selection, variables, settings);
      else if (isList(field)) count = each * (isConnection(parent) ? page : settings.maxLimit);
      total += count + walk(selection.selectionSet, type, count, below);
    }
    return total;
  };
  const ofFragment = oncePerFragment((name, page: number) => {
    const fragment = fragments[name];
    return fragment ? walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), 1, page) : 0;
  });
  return walk(operation.selectionSet, root, 1);
}

// ---------------------------------------------------------------------------------------------
// While running

/** Where a request's context holds its deadline: a symbol, so that no other context ever has one by chance. */
export const DEADLINE = Symbol('deadline');

export interface Deadline {
  /** Throws once the time is up, always the same error: every field still to run then answers it. */
  check(): void;
  /** That error, once the time was up. */
  readonly error: ServiceUnavailableError | undefined;
}

/** A context that may carry a deadline. */
export interface Timed {
  [DEADLINE]?: Deadline;
}

/**
 * The deadline of a query that starts now and may run `limit` milliseconds.
 * @example const deadline = deadlineIn(settings.timeLimit); deadline.check()
 */
export function deadlineIn(limit: number, now: () => number = () => performance.now()): Deadline {
  const at = now() + limit;
  let error: ServiceUnavailableError | undefined;
  return {
    check() {
      if (error === undefined && now() <= at) return;
      throw (error ??= new ServiceUnavailableError(graphqlMessages.tooSlow(limit), { timeLimit: limit }));
    },
    get error() {
      return error;
    },
  };
}

/** The resolvers that check the deadline: a type several schemas share (users.ts's) is wrapped once. */
const checking = new WeakSet<GraphQLFieldResolver<unknown, unknown>>();

/**
 * Makes each field of `schema`'s types check its request's deadline before it resolves. graphql
 * 16's `execute` cannot be stopped from outside, but a field that throws ends its part of the
 * answer, so once the time is up every field still to run ends at once. graphql-js's introspection
 * types are left alone: the whole process shares them, and what they answer grows with the schema
 * and the query's length only.
 * @example const schema = checkingDeadlines(buildSchema(schemas, lookup).schema)
 */
export function checkingDeadlines<S extends GraphQLSchema>(schema: S): S {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve ?? defaultFieldResolver;
      if (checking.has(resolve)) continue;
      const checked: GraphQLFieldResolver<unknown, Timed | undefined> = (source, args, context, info) => {
        context?.[DEADLINE]?.check();
        return resolve(source, args, context, info);
      };
      checking.add(checked as GraphQLFieldResolver<unknown, unknown>);
      field.resolve = checked as GraphQLFieldResolver<unknown, unknown>;
    }
  }
  return schema;
}
