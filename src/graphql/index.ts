/**
 * @module graphql — the GraphQL endpoint of Strapi's GraphQL plugin: a schema made from the
 * project's content types (rebuilt when they change on disk), answered through the content, auth
 * and users services, with the plugin's names, error codes and limits (docs/graphql.md). It takes
 * a request's query, variables and operation name and answers a status and a body; the HTTP
 * route around it is the server's.
 */
import {
  assertValidSchema, execute, getArgumentValues, getOperationAST, getVariableValues, GraphQLError, Kind,
  NoSchemaIntrospectionCustomRule, parse, specifiedRules, validate,
  type DocumentNode, type FragmentDefinitionNode, type GraphQLFormattedError, type GraphQLSchema,
  type OperationDefinitionNode, type SelectionSetNode,
} from 'graphql';
import type { ClientInfo } from '../auth/index.js';
import type { ActionRequest } from '../content/index.js';
import { isPlainObject } from '../objects.js';
import { createAnswerCache, type AnswerCache } from '../content/index.js';
import type { Actor } from '../permissions/index.js';
import type { Schemas } from '../schema/index.js';
import type { GraphQLDeps, RequestContext } from './context.js';
import { faultStatus, formatError, requestError } from './errors.js';
import {
  aliasRule, amountOf, checkingDeadlines, DEADLINE, deadlineIn, depthRule, fieldCountOf, fragmentsOf, MAX_NESTING, nestingOf, type Timed,
} from './limits.js';
import { buildSchema } from './schema.js';
import { readDeferred } from './deferred.js';
import type { ObjectTypes } from './objects.js';
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
  /** The answer, or its JSON bytes when it was kept or comes from those kept. */
  body: { data?: unknown; errors?: readonly GraphQLFormattedError[] } | Buffer;
}

/** A sign-in, registration or password mutation a request runs, with its arguments (variables filled in). */
export interface SignIn {
  mutation: string;
  args: Record<string, unknown>;
}

/** A request that passed every check: what it will do, and how to run it. */
export interface PreparedRequest {
  /**
   * The sign-in, registration and password mutations it runs: the HTTP route counts each against
   * the rate limit, by what it names, as it counts each call of the REST routes (aliases would
   * otherwise make one counted request try many passwords).
   */
  signIns: readonly SignIn[];
  /** Runs it as `actor`; `request`: the HTTP request, for the project's policies on each action. */
  run(actor: Actor, client: ClientInfo, request?: ActionRequest): Promise<GraphQLAnswer>;
}

export type GraphQLService = ReturnType<typeof createGraphQL>;

/** Room for kept answers, and the largest one kept. */
const ANSWER_CACHE_BYTES = 16 << 20;
const ANSWER_CACHE_ENTRY_BYTES = 1 << 20;
/** The state of content that can be kept: none (a fresh list each time, so no kept answer matches). */
const NOT_KEPT: readonly unknown[] = [];
const sameState = (a: readonly unknown[], b: readonly unknown[]) => a.length > 0 && a.length === b.length && a.every((value, index) => value === b[index]);

/** `me`: an answer of the caller's own account, never shared with another caller of the same role. */
const readsTheCaller = (operation: OperationDefinitionNode): boolean =>
  operation.selectionSet.selections.some((selection) => selection.kind !== Kind.FIELD || selection.name.value === 'me');

/** Parsed and validated queries kept per schema; the oldest goes first past this many. */
const CACHED_QUERIES = 500;
const ACCOUNT_MUTATIONS = new Set(Object.keys(accountMutations));

const refused = (status: number, error: GraphQLFormattedError): GraphQLAnswer => ({ status, body: { errors: [error] } });

interface Built {
  schemas: Schemas;
  settings: unknown;
  schema: GraphQLSchema;
  objects: ObjectTypes;
  /** query text → the query checked, or why it was refused */
  documents: Map<string, Checked | readonly GraphQLFormattedError[]>;
  /** Whole answers of queries, each kept for the content it was computed from (see `run`). */
  answers: AnswerCache<'all'>;
}

/** A query that parsed and fits the schema, with what its requests reuse. */
interface Checked {
  document: DocumentNode;
  fragments: Record<string, FragmentDefinitionNode>;
  /** operationName → how many entries it may answer, for requests without variables. */
  amounts: Map<string, number>;
}

/**
 * @example const graphql = createGraphQL({ schemas: () => project.schemas, content: project.content, … }); const prepared = graphql.prepare({ method: 'POST', query: '{ articles { title } }' });
 */
export function createGraphQL(deps: GraphQLDeps) {
  let built: Built | undefined;
  /** Each set of rights a caller holds gets a number: callers with the same rights share answers. */
  const rightsIds = new WeakMap<ReadonlySet<string>, number>();
  let lastRights = 0;

  /** Content types whose schema cannot be made, and why (logged once for them). */
  let unbuildable: { schemas: Schemas; message: string } | undefined;

  /**
   * The schema of the content types as they are now, and its cache of checked queries; or why
   * there is none (two of the project's names make the same GraphQL name, as a content type named
   * `pagination` would): REST goes on serving them, GraphQL answers 503 saying so.
   */
  function current(): Built | string {
    const schemas = deps.schemas();
    const settings = deps.settings();
    if (built?.schemas === schemas && built.settings === settings) return built;
    if (unbuildable?.schemas === schemas) return unbuildable.message;
    let made: Pick<Built, 'schema' | 'objects'>;
    try {
      made = built?.schemas === schemas ? built : buildSchema(schemas, deps.lookup());
      assertValidSchema(made.schema);
      checkingDeadlines(made.schema);
    } catch (error) {
      const message = graphqlMessages.noSchema(error instanceof Error ? error.message : String(error));
      unbuildable = { schemas, message };
      deps.log.error(message);
      return message;
    }
    built = { schemas, settings, ...made, documents: new Map(), answers: createAnswerCache({ maxBytes: ANSWER_CACHE_BYTES, maxEntryBytes: ANSWER_CACHE_ENTRY_BYTES }) };
    return built;
  }

  /** The document of `query`, parsed and validated once per schema. */
  function documentOf(state: Built, query: string): Checked | readonly GraphQLFormattedError[] {
    const cached = state.documents.get(query);
    if (cached) return cached;
    const result = check(state, query);
    if (state.documents.size >= CACHED_QUERIES) state.documents.delete(state.documents.keys().next().value!);
    state.documents.set(query, result);
    return result;
  }

  /**
   * `query` parsed and validated, each step only once the one before bounds its cost: its nesting
   * before it is parsed (the parser recurses), the fields its fragments expand to before graphql-js
   * validates it (its rules walk fragments where they are spread).
   */
  function check(state: Built, query: string): Checked | readonly GraphQLFormattedError[] {
    const settings = deps.settings();
    const nesting = nestingOf(query);
    if (nesting > MAX_NESTING) {
      return [requestError(graphqlMessages.tooNested(nesting, MAX_NESTING), 'GRAPHQL_PARSE_FAILED')];
    }
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      return [{ ...error.toJSON(), extensions: { code: 'GRAPHQL_PARSE_FAILED' } }];
    }
    const fields = fieldCountOf(document);
    if (fields > settings.fieldLimit) {
      return [requestError(graphqlMessages.tooManyFields(fields, settings.fieldLimit), 'GRAPHQL_VALIDATION_FAILED')];
    }
    const rules = [
      ...specifiedRules,
      depthRule(settings.depthLimit),
      aliasRule(settings.aliasLimit),
      ...(deps.production ? [NoSchemaIntrospectionCustomRule] : []),
    ];
    const errors = validate(state.schema, document, rules);
    if (errors.length > 0) return errors.map((error) => ({ ...error.toJSON(), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }));
    return { document, fragments: fragmentsOf(document), amounts: new Map() };
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
    return isPlainObject(variables) ? variables : refused(400, requestError(graphqlMessages.variablesNotObject, 'BAD_REQUEST'));
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
    if (typeof state === 'string') return refused(503, requestError(state, 'INTERNAL_SERVER_ERROR'));
    const checked = documentOf(state, query);
    if (Array.isArray(checked)) return { status: 400, body: { errors: checked } };
    const { document, fragments, amounts } = checked as Checked;
    const operation = getOperationAST(document, operationName ?? undefined);
    if (!operation) return refused(400, requestError(operationName ? graphqlMessages.unknownOperation(operationName) : graphqlMessages.operationNameRequired, 'BAD_REQUEST'));
    if (operation.operation !== 'query' && request.method === 'GET') return refused(405, requestError(graphqlMessages.mutationWithGet(operation.operation), 'BAD_REQUEST'));
    const given = variables as Record<string, unknown>;
    const coerced = getVariableValues(state.schema, operation.variableDefinitions ?? [], given);
    if (coerced.errors) return { status: 400, body: { errors: coerced.errors.map((error) => ({ ...error.toJSON(), extensions: { code: 'BAD_USER_INPUT' } })) } };
    // Without variables a query always counts the same: counted once.
    const fixed = Object.keys(given).length === 0 ? (operationName ?? '') : undefined;
    let amount = fixed === undefined ? undefined : amounts.get(fixed);
    if (amount === undefined) {
      amount = amountOf(state.schema, operation, fragments, coerced.coerced, settings);
      if (fixed !== undefined) amounts.set(fixed, amount);
    }
    if (amount > settings.nodeLimit) return refused(400, requestError(graphqlMessages.tooMany(amount, settings.nodeLimit), 'GRAPHQL_VALIDATION_FAILED'));
    const keep = operation.operation === 'query' && !readsTheCaller(operation);
    return {
      signIns: signInsOf(state.schema, operation, fragments, coerced.coerced),
      run: async (actor, client, request) => {
        const key = keep ? answerKey(actor, operationName, given, query) : undefined;
        const cached = key === undefined ? undefined : state.answers.get(key, contentState);
        if (cached) return { status: 200, body: cached };
        const before = key === undefined ? undefined : contentState();
        const deadline = deadlineIn(settings.timeLimit);
        const context: RequestContext & Timed = {
          actor,
          client,
          ...(request && { request }),
          deps,
          deferred: new Set(),
          readDeferred: (owner, name, parent, info) => readDeferred(state.objects, context, owner, name, parent, info),
          [DEADLINE]: deadline,
        };
        const result = await execute({ schema: state.schema, document, operationName: operationName ?? undefined, variableValues: given, contextValue: context });
        if (!result.errors) {
          const body = { data: result.data };
          // Kept only when nothing changed while it was computed, so it is the answer of that state.
          if (key !== undefined && before && sameState(before, contentState())) {
            const bytes = Buffer.from(JSON.stringify(body));
            state.answers.set(key, 'all', before, bytes);
            return { status: 200, body: bytes };
          }
          return { status: 200, body };
        }
        const errors = toldOnce(result.errors, deadline.error);
        const body = { errors: errors.map((error) => formatError(error, deps.log)), data: result.data };
        return { status: faultStatus(errors) ?? 200, body };
      },
    };
  }

  /** What every read depends on now, or an empty list (never matching) when reads may not be kept. */
  const contentState = (): readonly unknown[] => deps.content.contentState() ?? NOT_KEPT;

  /** The name of an answer: the caller's rights, the operation, its variables and the query. */
  function answerKey(actor: Actor, operationName: unknown, variables: Record<string, unknown>, query: string): string | undefined {
    if (actor.kind === 'system') return undefined;
    let rights = rightsIds.get(actor.permissions);
    if (rights === undefined) rightsIds.set(actor.permissions, (rights = ++lastRights));
    const given = Object.keys(variables).length === 0 ? '' : JSON.stringify(variables);
    return `${rights}\u0000${typeof operationName === 'string' ? operationName : ''}\u0000${given}\u0000${query}`;
  }

  return { prepare };
}

/**
 * The sign-in mutations an operation runs, with their arguments: through fragments too, each
 * fragment once, as graphql-js collects the fields it runs.
 */
function signInsOf(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
): SignIn[] {
  const mutations = schema.getMutationType()?.getFields();
  if (operation.operation !== 'mutation' || !mutations) return [];
  const found: SignIn[] = [];
  const spread = new Set<string>();
  const collect = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.FIELD) {
        const field = ACCOUNT_MUTATIONS.has(selection.name.value) ? mutations[selection.name.value] : undefined;
        if (field) found.push({ mutation: field.name, args: getArgumentValues(field, selection, variables) });
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        collect(selection.selectionSet);
      } else if (!spread.has(selection.name.value)) {
        spread.add(selection.name.value);
        const fragment = fragments[selection.name.value];
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return found;
}

/** The errors of an answer, with `repeated` (the deadline's, which every field it stopped answered) told once. */
function toldOnce(errors: readonly GraphQLError[], repeated: Error | undefined): readonly GraphQLError[] {
  if (!repeated) return errors;
  const first = errors.findIndex((error) => error.originalError === repeated);
  return errors.filter((error, index) => error.originalError !== repeated || index === first);
}
