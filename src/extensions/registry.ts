/**
 * What a project's extension adds in `register`: routes (each with its action, or public), policies
 * by name, policies put on a content type's actions, and document middlewares. Each definition is checked
 * when it is added, and the names it refers to once `register` is over, so that a mistake stops the
 * server at start with one line rather than a request at random.
 */
import { createDocumentMiddlewares, HISTORY_POLICY_ACTIONS, type DocumentMiddlewares } from '../content/index.js';
import { splitAction } from '../permissions/index.js';
import type { Schemas } from '../schema/index.js';
import type { Policy, PolicyReference, RouteConfig, RouteDefinition, RouteHandler, RouteMethod } from './types.js';

const METHODS: readonly RouteMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const NAME = /^[a-z][a-z0-9-]*$/i;
const PATH = /^(?:\/(?::[A-Za-z_][A-Za-z0-9_]*|[A-Za-z0-9._~-]+))+$/;

/** A policy ready to run: its name (for the log), function and config. */
export interface PolicyUse {
  name: string;
  policy: Policy;
  config: unknown;
}

/** A project's route as the server mounts it. */
export interface CustomRoute {
  method: RouteMethod;
  /** The path under `/api`, as given: `/articles/:documentId/like`. */
  path: string;
  handler: RouteHandler;
  /** The action a caller needs, or `false` for a public route; a scope lets any of its actions in. */
  access: false | { actions: readonly string[] };
  /** The route's own action (in the permission tree), when it has one. */
  action: string | undefined;
  policies: readonly PolicyUse[];
}

/**
 * A mistake in what an extension adds: said with the file it is in by the loader, and, made while
 * serving, a 500 with the mistake in the log (the caller did nothing wrong).
 */
export class ExtensionDefinitionError extends Error {
  override name = 'ExtensionDefinitionError';
}

const fail: (message: string) => never = (message) => {
  throw new ExtensionDefinitionError(message);
};

/** `like` from `POST /articles/:documentId/like`: a named handler's name, else the last fixed segment of its path. */
function handlerName(route: RouteDefinition): string {
  const named = route.handler.name.replace(/^bound /, '');
  if (NAME.test(named) && named !== 'handler') return named;
  const fixed = route.path.split('/').filter((segment) => segment !== '' && !segment.startsWith(':'));
  return fixed[fixed.length - 1] ?? 'index';
}

/**
 * The actions of a content type that policies may be put on: its route actions (a single type's: `find`, `update`, `delete`; draft & publish adds
 * `publish`, `unpublish`, `discardDraft`), and its history reads and restore.
 * @example policyActions(article) // ['find', 'findOne', 'create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'history', 'restore']
 */
function policyActions(type: { kind: string; draftAndPublish: boolean }): string[] {
  const actions = type.kind === 'singleType' ? ['find', 'update', 'delete'] : ['find', 'findOne', 'create', 'update', 'delete'];
  if (type.draftAndPublish) actions.push('publish', 'unpublish', 'discardDraft');
  return [...actions, ...HISTORY_POLICY_ACTIONS];
}

export interface Registry {
  middlewares: DocumentMiddlewares;
  addRoute(route: RouteDefinition): void;
  addPolicy(name: string, policy: Policy): void;
  configure(uid: string, action: string, config: { policies: PolicyReference[] }): void;
  /** Checks every name the definitions refer to; throws the first that names nothing. */
  check(schemas: Schemas): void;
  routes(schemas: Schemas): readonly CustomRoute[];
  /** The policies put on an action of a content type (`api::article.article`, `update`). */
  policiesOf(uid: string, action: string): readonly PolicyUse[];
  /** Whether any were put on any action. */
  configuredAny(): boolean;
  /** The actions of the project's own routes, for the permission tree. */
  actions(schemas: Schemas): readonly string[];
}

/** @example const registry = createRegistry(); registry.addRoute({ method: 'POST', path: '/articles/:documentId/like', handler }); */
export function createRegistry(): Registry {
  const middlewares = createDocumentMiddlewares();
  const routes: RouteDefinition[] = [];
  const policies = new Map<string, Policy>();
  const configured = new Map<string, PolicyReference[]>();
  const actionsKept = new WeakMap<Schemas, readonly string[]>();
  const routesKept = new WeakMap<Schemas, readonly CustomRoute[]>();
  /** The policies of each configured action, resolved once (every caller's action asks). */
  const usesKept = new Map<string, readonly PolicyUse[]>();
  const NO_POLICIES: readonly PolicyUse[] = [];

  function checkPolicies(references: unknown, where: string): void {
    if (!Array.isArray(references)) fail(`${where}: policies must be a list of names or functions`);
    for (const reference of references as unknown[]) {
      if (typeof reference === 'function' || typeof reference === 'string') continue;
      if (typeof reference === 'object' && reference !== null && typeof (reference as { name?: unknown }).name === 'string') continue;
      fail(`${where}: a policy is a name, { name, config } or a function`);
    }
  }

  function checkConfig(config: RouteConfig | undefined, where: string): void {
    if (config === undefined) return;
    if (typeof config !== 'object' || config === null) fail(`${where}: config must be an object`);
    const { auth, action } = config;
    if (auth !== undefined && auth !== false) {
      const scope = (auth as { scope?: unknown }).scope;
      if (!Array.isArray(scope) || scope.length === 0 || scope.some((id) => typeof id !== 'string' || !splitAction(id))) {
        fail(`${where}: config.auth must be false or { scope: [action ids like api::article.article.find] }`);
      }
    }
    if (action !== undefined && (typeof action !== 'string' || !splitAction(action))) fail(`${where}: config.action must be an action id like api::article.article.like`);
    if (config.policies !== undefined) checkPolicies(config.policies, where);
  }

  function use(reference: PolicyReference, where: string): PolicyUse {
    if (typeof reference === 'function') return { name: reference.name || 'policy', policy: reference, config: undefined };
    const name = typeof reference === 'string' ? reference : reference.name;
    const policy = policies.get(name) ?? fail(`${where}: no policy "${name}" was added (folio.policies.add("${name}", …))`);
    return { name, policy, config: typeof reference === 'string' ? undefined : reference.config };
  }

  /** `api::article.article.like`: `article` is the singular of the first segment when it names a type, else the segment. */
  function actionOf(route: RouteDefinition, schemas: Schemas): string {
    if (route.config?.action) return route.config.action;
    const first = route.path.split('/')[1] ?? '';
    const type = schemas.contentTypes.find((candidate) => candidate.pluralName === first || candidate.singularName === first);
    const name = type?.singularName ?? first.toLowerCase().replace(/[^a-z0-9-]/g, '-');
    return `api::${name}.${name}.${handlerName(route)}`;
  }

  const describe = (route: RouteDefinition) => `route ${route.method} ${route.path}`;

  function routesFor(schemas: Schemas): readonly CustomRoute[] {
    let built = routesKept.get(schemas);
    if (built) return built;
    built = routes.map((route) => {
      const auth = route.config?.auth;
      // A route of its own action unless public, or let in by the actions of a scope.
      const action = auth === undefined ? actionOf(route, schemas) : undefined;
      const access = auth === false ? false : { actions: auth?.scope ?? [action!] };
      const policiesUsed = (route.config?.policies ?? []).map((reference) => use(reference, describe(route)));
      return { method: route.method, path: route.path, handler: route.handler, access, action, policies: policiesUsed };
    });
    routesKept.set(schemas, built);
    return built;
  }

  return {
    middlewares,
    addRoute(route) {
      if (typeof route !== 'object' || route === null) fail('folio.routes.add takes { method, path, handler, config }');
      const method = typeof route.method === 'string' ? (route.method.toUpperCase() as RouteMethod) : undefined;
      if (!method || !METHODS.includes(method)) fail(`folio.routes.add: method must be one of ${METHODS.join(', ')}, not ${JSON.stringify(route.method)}`);
      if (typeof route.path !== 'string' || !PATH.test(route.path)) fail(`folio.routes.add: path must look like /articles/:documentId/like (under /api), not ${JSON.stringify(route.path)}`);
      if (typeof route.handler !== 'function') fail(`folio.routes.add: ${method} ${route.path} needs a handler function`);
      checkConfig(route.config, `route ${method} ${route.path}`);
      if (routes.some((other) => other.method === method && other.path === route.path)) fail(`folio.routes.add: ${method} ${route.path} was added twice`);
      routes.push({ ...route, method });
    },
    addPolicy(name, policy) {
      if (typeof name !== 'string' || !NAME.test(name)) fail(`folio.policies.add: a policy's name is letters, digits and dashes, not ${JSON.stringify(name)}`);
      if (typeof policy !== 'function') fail(`folio.policies.add: policy "${name}" must be a function`);
      if (policies.has(name)) fail(`folio.policies.add: policy "${name}" was added twice`);
      policies.set(name, policy);
    },
    configure(uid, action, config) {
      const where = `folio.routes.configure("${uid}", "${action}")`;
      if (typeof uid !== 'string' || typeof action !== 'string') fail(`${where}: takes a content type's uid and one of its actions`);
      checkPolicies(config?.policies, where);
      configured.set(`${uid}#${action}`, [...(configured.get(`${uid}#${action}`) ?? []), ...config.policies]);
    },
    check(schemas) {
      routesFor(schemas);
      for (const [key, references] of configured) {
        const [uid, action] = key.split('#') as [string, string];
        const where = `folio.routes.configure("${uid}", "${action}")`;
        const type = schemas.byUid(uid) ?? fail(`${where}: there is no content type ${uid}`);
        const known = policyActions(type);
        if (!known.includes(action)) fail(`${where}: ${uid} has no action "${action}" to put policies on (${known.join(', ')})`);
        for (const reference of references) use(reference, where);
      }
    },
    routes: routesFor,
    policiesOf(uid, action) {
      const key = `${uid}#${action}`;
      let uses = usesKept.get(key);
      if (!uses) {
        const references = configured.get(key);
        uses = references ? references.map((reference) => use(reference, `folio.routes.configure("${uid}", "${action}")`)) : NO_POLICIES;
        usesKept.set(key, uses);
      }
      return uses;
    },
    configuredAny: () => configured.size > 0,
    actions(schemas) {
      let kept = actionsKept.get(schemas);
      if (!kept) actionsKept.set(schemas, (kept = Object.freeze(routesFor(schemas).flatMap((route) => (route.action ? [route.action] : [])))));
      return kept;
    },
  };
}
