/**
 * What a project's own code sees (`extensions/index.ts`, and scripts through `openFolio`): the
 * `folio` object and the shapes it takes and answers. These are the types the package ships:
 * `import type { Folio } from 'foliocms'`.
 */
import type { DocumentMiddleware, DocumentService } from '../content/index.js';

export type { DocumentAction, DocumentContext, DocumentMiddleware } from '../content/index.js';

export type { DocumentEntries, DocumentIdParams, DocumentService, FindParams, FolioDocument, WriteParams } from '../content/index.js';

/** Whom the document service acts as: a user (their role's permissions apply, history names them), or the system. */
export interface DocumentsOptions {
  /** A user's numeric id, or the user itself (`ctx.state.user` in a route). */
  user?: number | { id: number };
}

export interface Documents {
  (uid: string, options?: DocumentsOptions): DocumentService;
  /** Adds a document middleware: it sees every document action from every door. */
  use(middleware: DocumentMiddleware): void;
}

/**
 * What a route handler and a policy get: the request's Koa context (these are the parts foliocms
 * promises; the whole Koa context is there).
 */
export interface RouteContext {
  method: string;
  path: string;
  /** The route's `:name` parameters. */
  params: Record<string, string>;
  query: Record<string, unknown>;
  request: { body?: unknown };
  /** `user`: who calls, without secrets (undefined when not signed in). */
  state: { user?: Record<string, unknown> & { id: number } } & Record<string, unknown>;
  /** What to answer: set it, or return it from the handler. */
  body: unknown;
  status: number;
  get(header: string): string;
  set(header: string, value: string): void;
}

/** A route's handler: what it returns is the answer's body when it set none. */
export type RouteHandler = (ctx: RouteContext) => unknown;

/** A policy: `true` or nothing lets the request on, `false` (any other value) refuses it (403 "Policy Failed"); throwing a foliocms error answers that error. */
export type Policy = (ctx: RouteContext, config: unknown, context: { folio: Folio }) => unknown;

/** A policy on a route: its name, or its name with a config, or the function itself. */
export type PolicyReference = string | { name: string; config?: unknown } | Policy;

export interface RouteConfig {
  /** `false`: public, no permission asked. `{ scope }`: any of these actions lets a caller in. Unset: the route's own action. */
  auth?: false | { scope: string[] };
  /** The route's action id (`api::<name>.<name>.<handler>` by default). */
  action?: string;
  policies?: PolicyReference[];
}

export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDefinition {
  method: RouteMethod;
  /** Under `/api`: `/articles/:documentId/like` answers `/api/articles/:documentId/like`. */
  path: string;
  handler: RouteHandler;
  config?: RouteConfig;
}

/** The log of the server (or of the command): a project's code writes there too. */
export interface FolioLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

/** What an extension's `register`, `bootstrap` and `destroy` are handed. */
export interface Folio {
  /** The project's folder. */
  dir: string;
  documents: Documents;
  routes: {
    add(route: RouteDefinition): void;
    /** Puts policies on a generated route: `configure('api::article.article', 'update', { policies: ['is-author'] })`. */
    configure(uid: string, action: string, config: { policies: PolicyReference[] }): void;
  };
  policies: {
    add(name: string, policy: Policy): void;
  };
  log: FolioLog;
}

/** What `extensions/index.ts` default-exports: each function optional, possibly async. */
export interface Extension {
  /** Before the store is open: add middlewares, routes and policies here. */
  register?(folio: Folio): unknown;
  /** Once the documents are served: the document service works from here on. */
  bootstrap?(folio: Folio): unknown;
  /** When the server (or script) stops. */
  destroy?(folio: Folio): unknown;
}
