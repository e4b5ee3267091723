/**
 * Document middlewares, as Strapi 5's document service runs them: functions a project's extension
 * adds with `folio.documents.use(async (context, next) => …)` that see every document action from
 * every door (the REST API, the editors' page, the CLI, the document service itself), may change
 * `context.params` before `next()` and its result after, or refuse by throwing.
 *
 * The cached list read must stay cached under a middleware that only passes through: a read's
 * `params` are parsed only when a middleware asks for them, and its result is made from the
 * answer's text only when a middleware looks at it (see {@link lazyContext} and {@link lazyResult}).
 */
import type { ContentType } from '../schema/index.js';

/** The document service's actions, as Strapi 5 names them. */
export type DocumentAction = 'findMany' | 'findFirst' | 'findOne' | 'count' | 'create' | 'update' | 'delete' | 'publish' | 'unpublish' | 'discardDraft';

/** What a middleware is told of the action it wraps. */
export interface DocumentContext {
  /** The content type's uid, `api::article.article`. */
  uid: string;
  /** The content type, as its file declares it (attributes, kind, options). */
  contentType: ContentType;
  action: DocumentAction;
  /** The action's arguments in the document service's shape; a middleware may change or replace them. */
  params: Record<string, unknown>;
}

/** `next()` runs the rest of the chain and the action; what the middleware returns is the result. */
export type DocumentMiddleware = (context: DocumentContext, next: () => Promise<unknown>) => unknown;

/** The middlewares of a project, in the order they were added; the list is read at each action. */
export interface DocumentMiddlewares {
  readonly list: readonly DocumentMiddleware[];
  use(middleware: DocumentMiddleware): void;
}

/** @example const middlewares = createDocumentMiddlewares(); middlewares.use(async (context, next) => next()); */
export function createDocumentMiddlewares(): DocumentMiddlewares {
  let list: readonly DocumentMiddleware[] = [];
  return {
    get list() {
      return list;
    },
    use(middleware) {
      list = [...list, middleware];
    },
  };
}

/**
 * Runs `context` through `middlewares` (each may change `context.params`), then `action` with the
 * params as they are then; answers what the first middleware returns.
 * @example const document = await runDocumentAction(list, context, (params) => create(params));
 */
export async function runDocumentAction(middlewares: readonly DocumentMiddleware[], context: DocumentContext, action: (params: Record<string, unknown>) => Promise<unknown>): Promise<unknown> {
  const step = async (index: number): Promise<unknown> => {
    const middleware = middlewares[index];
    if (!middleware) return action(context.params);
    return middleware(context, () => step(index + 1));
  };
  return step(0);
}

/**
 * A context whose `params` are made on first use: `touched()` says whether a middleware read or
 * replaced them (then the action must run from them; otherwise from what the request already holds).
 */
export function lazyContext(type: ContentType, action: DocumentAction, params: () => Record<string, unknown>): { context: DocumentContext; touched(): boolean } {
  let made: Record<string, unknown> | undefined;
  let touched = false;
  const context = {
    uid: type.uid,
    contentType: type,
    action,
    get params() {
      touched = true;
      return (made ??= params());
    },
    set params(value: Record<string, unknown>) {
      touched = true;
      made = value;
    },
  };
  return { context, touched: () => touched };
}

/**
 * A value that is `empty` (an array or object) filled by `load()` the first time anything looks at
 * it: `loaded()` false after the chain means no middleware did, and the answer's text can be sent
 * as it is.
 */
export function lazyResult<T extends object>(empty: T, load: () => T): { value: T; loaded(): boolean } {
  let loaded = false;
  const fill = () => {
    if (loaded) return;
    loaded = true;
    Object.assign(empty, load());
  };
  const value = new Proxy(empty, {
    // A promise resolved with the value asks for its `then`: that is not looking at it.
    get: (target, key, receiver) => (key === 'then' && !loaded ? undefined : (fill(), Reflect.get(target, key, receiver))),
    set: (target, key, item, receiver) => (fill(), Reflect.set(target, key, item, receiver)),
    has: (target, key) => (fill(), Reflect.has(target, key)),
    ownKeys: (target) => (fill(), Reflect.ownKeys(target)),
    getOwnPropertyDescriptor: (target, key) => (fill(), Reflect.getOwnPropertyDescriptor(target, key)),
    defineProperty: (target, key, descriptor) => (fill(), Reflect.defineProperty(target, key, descriptor)),
    deleteProperty: (target, key) => (fill(), Reflect.deleteProperty(target, key)),
  });
  return { value, loaded: () => loaded };
}
