/**
 * The project's own routes (`folio.routes.add`, docs/custom-code.md), under `/api` with the rest:
 * each asks for its action (or any action of its scope, or nothing when public), runs its
 * policies, then its handler. Policies and handler are handed one context, whose `state` holds the
 * caller without secrets (`user`, `auth`). The policies `folio.routes.configure` puts on a content
 * type's action are the content service's to run, for every way the action comes.
 */
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { CustomRoute, Extensions } from '../../extensions/index.js';
import { requires } from '../authorize.js';

/** Runs the route's policies, then its handler: what it returns is the body when it set none. */
function handle(route: CustomRoute, extensions: Extensions): Middleware {
  return async function customHandler(ctx: Context): Promise<void> {
    const view = extensions.codeContext(ctx, ctx.state.actor);
    await extensions.runPolicies(route.policies, view, `${route.method} ${route.path} (${ctx.method} ${ctx.path})`);
    const result = await route.handler(view);
    if (ctx.body === undefined && result !== undefined) ctx.body = result;
  };
}

/**
 * Registers the project's routes on `router` (mounted at `/api`), before the generated ones so that
 * `GET /articles/featured` is the project's rather than a document's.
 * @example customRoutes(api, project.extensions)
 */
export function customRoutes(router: Router, extensions: Extensions): void {
  for (const route of extensions.routes()) {
    const guards: Middleware[] = route.access === false ? [] : [requires(route.access.actions)];
    router.register(route.path, [route.method], [...guards, handle(route, extensions)]);
  }
}
