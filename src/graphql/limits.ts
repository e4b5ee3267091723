/**
 * The bounds a query must keep before it runs (docs/graphql.md, "Limits"): how deep it nests
 * (`depthLimit`, as the `graphql-depth-limit` rule of Strapi's plugin counts it), how many
 * aliases it uses (`aliasLimit`), and how many entries its lists may add up to (`nodeLimit`:
 * each list's limit, multiplied along its path), so that no query can make an answer of millions
 * of entries. The query's length (`sizeLimit`) is checked before it is parsed.
 */
import {
  getArgumentValues, getNamedType, GraphQLError, isListType, isNonNullType, isObjectType, Kind,
  type ASTVisitor, type DocumentNode, type FieldNode, type FragmentDefinitionNode, type GraphQLField, type GraphQLNamedType, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode, type ValidationContext,
} from 'graphql';
import type { GraphQLConfig } from '../config/index.js';
import { windowOf, type PaginationArgs } from './context.js';
import { graphqlMessages } from './messages.js';

/** A document's fragments by name. */
export function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  return Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
}

/** Depth of a selection set, following fragments; introspection fields do not count (tools ask them deep). */
function depthOf(set: SelectionSetNode | undefined, fragments: Record<string, FragmentDefinitionNode>, seen: Set<string>): number {
  let deepest = 0;
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      deepest = Math.max(deepest, selection.selectionSet ? 1 + depthOf(selection.selectionSet, fragments, seen) : 0);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      deepest = Math.max(deepest, depthOf(selection.selectionSet, fragments, seen));
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      if (!fragment || seen.has(name)) continue; // a cycle is NoFragmentCycles' to report
      deepest = Math.max(deepest, depthOf(fragment.selectionSet, fragments, new Set([...seen, name])));
    }
  }
  return deepest;
}

/** Refuses an operation that nests deeper than `limit`, with graphql-depth-limit's message. */
export function depthRule(limit: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = fragmentsOf(context.getDocument());
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        if (depthOf(operation.selectionSet, fragments, new Set()) > limit) {
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
  /** `page`: under a `_connection`, the rows its `pagination` asks for, which its `nodes` list holds. */
  const walk = (set: SelectionSetNode | undefined, parent: GraphQLNamedType | null | undefined, each: number, seen: ReadonlySet<string>, page = 1): number => {
    let total = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parent;
        total += walk(selection.selectionSet, type, each, seen, page);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments[selection.name.value];
        if (fragment && !seen.has(fragment.name.value)) total += walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), each, new Set([...seen, fragment.name.value]), page);
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
      total += count + walk(selection.selectionSet, type, count, seen, below);
    }
    return total;
  };
  return walk(operation.selectionSet, root, 1, new Set());
}
