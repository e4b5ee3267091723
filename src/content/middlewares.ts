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
 * Runs `context` through `middlewares` (each may change `context.params`), then `action`, which
 * reads the params as they are then (or, for a lazy context, does not when no middleware did);
 * answers what the first middleware returns. No step is an async function: the read a cached
 * answer serves pays one promise per middleware, not a chain of them.
 * @example const document = await runDocumentAction(list, context, () => create(context.params));
 */
export function runDocumentAction(middlewares: readonly DocumentMiddleware[], context: DocumentContext, action: () => unknown): Promise<unknown> {
  const step = (index: number): Promise<unknown> => {
    const middleware = middlewares[index];
    try {
      return Promise.resolve(middleware ? middleware(context, () => step(index + 1)) : action());
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return step(0);
}

/**
 * A context whose `params` are made on first use: `touched` says whether a middleware read or
 * replaced them (then the action must run from them; otherwise from what the request already holds).
 */
export class LazyContext implements DocumentContext {
  readonly uid: string;
  touched = false;
  #params: Record<string, unknown> | undefined;

  constructor(
    readonly contentType: ContentType,
    readonly action: DocumentAction,
    private readonly make: () => Record<string, unknown>,
  ) {
    this.uid = contentType.uid;
  }

  get params(): Record<string, unknown> {
    this.touched = true;
    return (this.#params ??= this.make());
  }

  set params(value: Record<string, unknown>) {
    this.touched = true;
    this.#params = value;
  }
}

/**
 * The traps of a lazy result: each fills the target from `load` before doing what it is asked. Its
 * methods are shared; an instance holds only whether the target was filled (traps made per read,
 * or a WeakMap from targets to their state, would be the read's largest cost, most of it in GC).
 */
class LazyHandler implements ProxyHandler<object> {
  loaded = false;

  constructor(private readonly load: () => object) {}

  private fill(target: object): void {
    if (this.loaded) return;
    this.loaded = true;
    Object.assign(target, this.load());
  }

  get(target: object, key: string | symbol, receiver: unknown): unknown {
    // A promise resolved with the value asks for its `then`: that is not looking at it.
    if (key === 'then' && !this.loaded) return undefined;
    this.fill(target);
    return Reflect.get(target, key, receiver);
  }

  set(target: object, key: string | symbol, value: unknown, receiver: unknown): boolean {
    this.fill(target);
    return Reflect.set(target, key, value, receiver);
  }

  has(target: object, key: string | symbol): boolean {
    this.fill(target);
    return Reflect.has(target, key);
  }

  ownKeys(target: object): ArrayLike<string | symbol> {
    this.fill(target);
    return Reflect.ownKeys(target);
  }

  getOwnPropertyDescriptor(target: object, key: string | symbol): PropertyDescriptor | undefined {
    this.fill(target);
    return Reflect.getOwnPropertyDescriptor(target, key);
  }

  defineProperty(target: object, key: string | symbol, descriptor: PropertyDescriptor): boolean {
    this.fill(target);
    return Reflect.defineProperty(target, key, descriptor);
  }

  deleteProperty(target: object, key: string | symbol): boolean {
    this.fill(target);
    return Reflect.deleteProperty(target, key);
  }
}

/**
 * A value that is `empty` (an array or object) filled by `load()` the first time anything looks at
 * it: `loaded()` false after the chain means no middleware did, and the answer's text can be sent
 * as it is.
 */
export class LazyResult<T extends object> {
  readonly value: T;
  readonly #handler: LazyHandler;

  constructor(empty: T, load: () => T) {
    this.#handler = new LazyHandler(load);
    this.value = new Proxy(empty, this.#handler) as T;
  }

  loaded(): boolean {
    return this.#handler.loaded;
  }
}
