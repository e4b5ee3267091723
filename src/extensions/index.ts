/**
 * @module extensions — a project's own code (docs/custom-code.md): `extensions/index.ts` loaded
 * and its `register`, `bootstrap` and `destroy` called at their moments, with the `folio` object
 * they are handed (the document service, document middlewares, routes and policies).
 */
import { ApplicationError, ValidationError } from '../errors.js';
import { documentService, type ActionPolicies, type ContentService, type DocumentMiddlewares } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Model } from '../model/index.js';
import { actorOfUser, SYSTEM_ACTOR, type Actor, type PermissionRow, type RoleRow } from '../permissions/index.js';
import type { Schemas } from '../schema/index.js';
import type { Row } from '../storage/index.js';
import { extensionError, loadExtension } from './load.js';
import { codeContext } from './caller.js';
import { createPolicyRunner } from './policies.js';
import { createRegistry, ExtensionDefinitionError, type CustomRoute, type PolicyUse } from './registry.js';
import type { DocumentsOptions, Extension, Folio, RouteContext } from './types.js';

export { EXTENSIONS_FOLDER, extensionEntry } from './load.js';
export { callerState, type CallerAuth, type CallerState } from './caller.js';
export type { CustomRoute, PolicyUse } from './registry.js';
export type * from './types.js';

export interface ExtensionsDeps {
  root: string;
  log: Logger;
  schemas(): Schemas;
  rest(): { defaultLimit: number; maxLimit: number; withCount: boolean; strictParams: boolean };
  /** The accounts a `{ user }` of the document service is looked up in. */
  tables(): { users: { rows(): readonly Row[]; refresh(): boolean }; roles: { rows(): readonly RoleRow[] }; permissions: { rows(): readonly PermissionRow[] } };
  /** The users' model: what of a user a project's code may see. */
  userModel(): Model;
}

/** A project's extensions, loaded and registered. */
export interface Extensions {
  /** The entry file, relative to the project (`extensions/index.ts`), if there is one. */
  entry: string | undefined;
  folio: Folio;
  middlewares: DocumentMiddlewares;
  /** The routes the project added, with their actions and policies. */
  routes(): readonly CustomRoute[];
  /** The policies put on content types' actions, as the content service asks for them. */
  policies: ActionPolicies;
  /** Runs a route's policies on `ctx` (see codeContext): a refusal is a 403, logged naming the policy and `what`. */
  runPolicies(uses: readonly PolicyUse[], ctx: RouteContext, what: string): Promise<void>;
  /** The request's context as a handler or policy is handed it: `state` holds the caller without secrets. */
  codeContext(ctx: object, actor: Actor | undefined): RouteContext;
  /** The actions of the project's routes, for the permission tree. */
  actions(): readonly string[];
  /** The documents are served: `folio.documents()` works from now on, and `bootstrap` runs. */
  serve(content: ContentService): Promise<void>;
  /** Runs `destroy` (once). */
  close(): Promise<void>;
}

/** The actor of `folio.documents(uid, { user })`: that user with their role's permissions. */
function userActor(tables: ReturnType<ExtensionsDeps['tables']>, user: DocumentsOptions['user']): Actor {
  if (user === undefined) return SYSTEM_ACTOR;
  const id = typeof user === 'number' ? user : user?.id;
  const find = () => tables.users.rows().find((candidate) => candidate.id === id);
  // A user made a moment ago by another process (the CLI, a server) may not be read yet.
  const row = find() ?? (tables.users.refresh() ? find() : undefined);
  if (!row) throw new ValidationError(`folio.documents: there is no user with id ${JSON.stringify(id)}`);
  return actorOfUser(row as Row & { id: number }, tables.roles.rows(), tables.permissions.rows());
}

/**
 * Loads the project's extension (if any) and runs its `register`. A mistake (the file does not
 * build, throws, or adds what cannot be) is one ProjectFileError naming the file and line.
 * @example const extensions = await openExtensions({ root, log, schemas: () => schemas, rest, tables });
 */
export async function openExtensions(deps: ExtensionsDeps): Promise<Extensions> {
  const loaded = await loadExtension(deps.root);
  const registry = createRegistry();
  let content: ContentService | undefined;
  const documents = Object.assign(
    (uid: string, options: DocumentsOptions = {}) => {
      const served = content;
      if (!served) throw new ApplicationError('folio.documents() works from bootstrap on: during register the documents are not read yet');
      return documentService({ content: () => served, schemas: deps.schemas, rest: deps.rest }, uid, userActor(deps.tables(), options.user));
    },
    { use: (middleware: Parameters<DocumentMiddlewares['use']>[0]) => {
      duringRegister('folio.documents.use');
      if (typeof middleware !== 'function') throw new ExtensionDefinitionError('folio.documents.use takes a function (context, next) => …');
      registry.middlewares.use(middleware);
    } },
  );
  // The server's routes are built from what register added: anything added later would be ignored.
  let registering = true;
  const duringRegister = (call: string) => {
    if (!registering) throw new ExtensionDefinitionError(`${call} works in register only: the routes and middlewares are in place once it returns`);
  };
  const folio: Folio = {
    dir: deps.root,
    documents,
    routes: {
      add: (route) => (duringRegister('folio.routes.add'), registry.addRoute(route)),
      configure: (uid, action, config) => (duringRegister('folio.routes.configure'), registry.configure(uid, action, config)),
    },
    policies: { add: (name, policy) => (duringRegister('folio.policies.add'), registry.addPolicy(name, policy)) },
    log: { info: (message) => deps.log.info(message), warn: (message) => deps.log.warn(message), error: (message, error) => deps.log.error(message, error) },
  };

  const run = async (hook: keyof Extension): Promise<void> => {
    if (!loaded?.extension[hook]) return;
    try {
      await loaded.extension[hook]!(folio);
    } catch (error) {
      throw extensionError(deps.root, loaded.entry, error, `${hook} failed`);
    }
  };
  await run('register');
  registering = false;
  if (loaded) {
    try {
      registry.check(deps.schemas());
    } catch (error) {
      throw extensionError(deps.root, loaded.entry, error, 'register added what cannot be');
    }
  }
  const policies = createPolicyRunner({ registry, folio: () => folio, log: deps.log, userModel: deps.userModel });
  let closed = false;
  return {
    entry: loaded?.entry,
    folio,
    middlewares: registry.middlewares,
    routes: () => registry.routes(deps.schemas()),
    policies: policies.actions,
    runPolicies: policies.run,
    codeContext: (ctx, actor) => codeContext(ctx, actor, deps.userModel()),
    actions: () => registry.actions(deps.schemas()),
    async serve(served) {
      content = served;
      await run('bootstrap');
    },
    async close() {
      if (closed) return;
      closed = true;
      await run('destroy');
    },
  };
}
