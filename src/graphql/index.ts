/**
 * @module graphql — the GraphQL endpoint of Strapi's GraphQL plugin: a schema made from the
 * project's content types (rebuilt when they change on disk), answered through the content, auth
 * and users services, with the plugin's names, error codes and limits (docs/graphql.md). It takes
 * a request's query, variables and operation name and answers a status and a body; the HTTP
 * route around it is the server's.
 */
import {
  execute, getOperationAST, getVariableValues, GraphQLError, Kind, NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLFormattedError, type GraphQLSchema, type OperationDefinitionNode,
} from 'graphql';
import type { ClientInfo } from '../auth/index.js';
import type { Actor } from '../permissions/index.js';
import type { Schemas } from '../schema/index.js';
import type { GraphQLDeps, RequestContext } from './context.js';
import { faultStatus, formatError, requestError } from './errors.js';
import { aliasRule, amountOf, depthRule } from './limits.js';
import { buildSchema } from './schema.js';
import { accountMutations } from './users.js';
import { graphqlMessages } from './messages.js';

export type { GraphQLDeps } from './context.js';
export { landingPage } from './landing.js';
export { graphqlMessages } from './messages.js';

/** A request as the HTTP route read it: from the query string (GET) or a JSON body (POST). */
export interface GraphQLRequest {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
  method: 'GET' | 'POST';
}

export interface GraphQLAnswer {
  status: number;
  body: { data?: unknown; errors?: readonly GraphQLFormattedError[] };
}

/** A request that passed every check: what it will do, and how to run it. */
export interface PreparedRequest {
  /**
   * How many sign-in, registration or password mutations it runs: the HTTP route counts each
   * against the rate limit, as it counts each call of the REST routes (aliases would otherwise
   * make one counted request try many passwords).
   */
  accounts: number;
  run(actor: Actor, client: ClientInfo): Promise<GraphQLAnswer>;
}

export type GraphQLService = ReturnType<typeof createGraphQL>;

/** Parsed and validated queries kept per schema; the oldest goes first past this many. */
const CACHED_QUERIES = 500;
const ACCOUNT_MUTATIONS = new Set(Object.keys(accountMutations));

const refused = (status: number, error: GraphQLFormattedError): GraphQLAnswer => ({ status, body: { errors: [error] } });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Built {
  schemas: Schemas;
  settings: unknown;
  schema: GraphQLSchema;
  /** query text → its document, or why it was refused */
  documents: Map<string, DocumentNode | readonly GraphQLFormattedError[]>;
}

/**
 * @example const graphql = createGraphQL({ schemas: () => project.schemas, content: project.content, … }); const prepared = graphql.prepare({ method: 'POST', query: '{ articles { title } }' });
 */
export function createGraphQL(deps: GraphQLDeps) {
  let built: Built | undefined;

  /** The schema of the content types as they are now, and its cache of checked queries. */
  function current(): Built {
    const schemas = deps.schemas();
    const settings = deps.settings();
    if (built?.schemas === schemas && built.settings === settings) return built;
    const schema = built?.schemas === schemas ? built.schema : buildSchema(schemas, deps.lookup()).schema;
    built = { schemas, settings, schema, documents: new Map() };
    return built;
  }

  /** The document of `query`, parsed and validated once per schema. */
  function documentOf(state: Built, query: string): DocumentNode | readonly GraphQLFormattedError[] {
    const cached = state.documents.get(query);
    if (cached) return cached;
    let result: DocumentNode | readonly GraphQLFormattedError[];
    try {
      const document = parse(query);
      const settings = deps.settings();
      const rules = [...specifiedRules, depthRule(settings.depthLimit), aliasRule(settings.aliasLimit), ...(deps.production ? [NoSchemaIntrospectionCustomRule] : [])];
      const errors = validate(state.schema, document, rules);
      result = errors.length > 0 ? errors.map((error) => ({ ...error.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) : document;
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      result = [{ ...error.toJSON(), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }];
    }
    if (state.documents.size >= CACHED_QUERIES) state.documents.delete(state.documents.keys().next().value!);
    state.documents.set(query, result);
    return result;
  }

  /** The variables as given: an object, JSON text of one (GET), or nothing. */
  function variablesOf(request: GraphQLRequest): Record<string, unknown> | GraphQLAnswer {
    let variables = request.variables;
    if (typeof variables === 'string' && request.method === 'GET') {
      try {
        variables = variables === '' ? undefined : JSON.parse(variables);
      } catch {
        return refused(400, requestError(graphqlMessages.variablesNotObject, 'BAD_REQUEST'));
      }
    }
    if (variables === undefined || variables === null) return {};
    return isRecord(variables) ? variables : refused(400, requestError(graphqlMessages.variablesNotObject, 'BAD_REQUEST'));
  }

  /**
   * Checks a request and readies it to run: a refusal (parse, validation, limits, variables) is
   * answered at once with 400, or 405 for a mutation sent with GET.
   */
  function prepare(request: GraphQLRequest): PreparedRequest | GraphQLAnswer {
    const settings = deps.settings();
    const { query, operationName } = request;
    if (typeof query !== 'string' || query.trim() === '') return refused(400, requestError(graphqlMessages.queryRequired, 'BAD_REQUEST'));
    if (query.length > settings.sizeLimit) return refused(400, requestError(graphqlMessages.tooLong(query.length, settings.sizeLimit), 'GRAPHQL_VALIDATION_FAILED'));
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return refused(400, requestError(graphqlMessages.operationNameNotString, 'BAD_REQUEST'));
    const variables = variablesOf(request);
    if ('status' in variables && 'body' in variables) return variables as GraphQLAnswer;
    const state = current();
    const document = documentOf(state, query);
    if (Array.isArray(document)) return { status: 400, body: { errors: document } };
    const checked = document as DocumentNode;
    const operation = getOperationAST(checked, operationName ?? undefined);
    if (!operation) return refused(400, requestError(operationName ? graphqlMessages.unknownOperation(operationName) : graphqlMessages.operationNameRequired, 'BAD_REQUEST'));
    if (operation.operation !== 'query' && request.method === 'GET') return refused(405, requestError(graphqlMessages.mutationWithGet(operation.operation), 'BAD_REQUEST'));
    const coerced = getVariableValues(state.schema, operation.variableDefinitions ?? [], variables as Record<string, unknown>);
    if (coerced.errors) return { status: 400, body: { errors: coerced.errors.map((error) => ({ ...error.toJSON(), extensions: { code: 'BAD_USER_INPUT' } })) } };
    const fragments = fragmentsOf(checked);
    const amount = amountOf(state.schema, operation, fragments, coerced.coerced, settings);
    if (amount > settings.nodeLimit) return refused(400, requestError(graphqlMessages.tooMany(amount, settings.nodeLimit), 'GRAPHQL_VALIDATION_FAILED'));
    return {
      accounts: accountMutationsOf(operation, fragments),
      run: async (actor, client) => {
        const context: RequestContext = { actor, client, deps };
        const result = await execute({ schema: state.schema, document: checked, operationName: operationName ?? undefined, variableValues: variables as Record<string, unknown>, contextValue: context });
        if (!result.errors) return { status: 200, body: { data: result.data } };
        return { status: faultStatus(result.errors) ?? 200, body: { errors: result.errors.map((error) => formatError(error, deps.log)), data: result.data } };
      },
    };
  }

  return {
    prepare,
    /** The schema now served, for tools and tests (`printSchema`). */
    schema: () => current().schema,
  };
}

function fragmentsOf(document: DocumentNode): Record<string, FragmentDefinitionNode> {
  return Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
}

/** The account mutations an operation runs, through its fragments too. */
function accountMutationsOf(operation: OperationDefinitionNode, fragments: Record<string, FragmentDefinitionNode>): number {
  if (operation.operation !== 'mutation') return 0;
  const count = (set: OperationDefinitionNode['selectionSet'], seen: ReadonlySet<string>): number =>
    set.selections.reduce((total, selection) => {
      if (selection.kind === Kind.FIELD) return total + (ACCOUNT_MUTATIONS.has(selection.name.value) ? 1 : 0);
      if (selection.kind === Kind.INLINE_FRAGMENT) return total + count(selection.selectionSet, seen);
      const fragment = fragments[selection.name.value];
      return fragment && !seen.has(fragment.name.value) ? total + count(fragment.selectionSet, new Set([...seen, fragment.name.value])) : total;
    }, 0);
  return count(operation.selectionSet, new Set());
}
