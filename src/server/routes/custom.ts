/**
 * The project's own routes (`folio.routes.add`, docs/custom-code.md), under `/api` with the rest:
 * each asks for its action (or any action of its scope, or nothing when public), runs its
 * policies, then its handler. The policies `folio.routes.configure` puts on a generated route run
 * after that route's permission check, as Strapi runs route policies.
 */
import type Router from '@koa/router';
import type { Context, Middleware, Next } from 'koa';
import { PolicyError } from '../../errors.js';
import type { CustomRoute, Extensions, PolicyUse } from '../../extensions/index.js';
import type { Model } from '../../model/index.js';
import { sanitizeUser, type UserRow } from '../../users/index.js';
import { requires } from '../authorize.js';

/** A middleware that runs `policies` in order: `false` (anything but `true` or nothing) from one is a 403 "Policy Failed". */
export function policyGuard(policies: readonly PolicyUse[], extensions: Extensions): Middleware {
  return async function runPolicies(ctx: Context, next: Next): Promise<void> {
    for (const { policy, config } of policies) {
      // As Strapi: `true` or nothing lets the request on; anything else refuses it.
      const allowed = await policy(ctx as never, config, { folio: extensions.folio });
      if (allowed !== true && allowed !== undefined) throw new PolicyError();
    }
    return next();
  };
}

/** The generated route's guards: its action's check, then the policies configured on it (none: nothing added). */
export function routeGuards(extensions: Extensions | undefined, uid: string, action: string, actionId: string): Middleware[] {
  const policies = extensions?.policiesOf(uid, action) ?? [];
  return policies.length === 0 ? [requires(actionId)] : [requires(actionId), policyGuard(policies, extensions!)];
}

/** Runs the handler: `ctx.state.user` is the caller without secrets; what it returns is the body when it set none. */
function handle(route: CustomRoute, userModel: () => Model): Middleware {
  return async function customHandler(ctx: Context): Promise<void> {
    const actor = ctx.state.actor;
    (ctx.state as Record<string, unknown>).user = actor?.kind === 'user' ? sanitizeUser(userModel(), actor.user as UserRow) : undefined;
    const result = await route.handler(ctx as never);
    if (ctx.body === undefined && result !== undefined) ctx.body = result;
  };
}

/**
 * Registers the project's routes on `router` (mounted at `/api`), before the generated ones so that
 * `GET /articles/featured` is the project's rather than a document's.
 * @example customRoutes(api, project.extensions, () => project.lookup.userModel)
 */
export function customRoutes(router: Router, extensions: Extensions, userModel: () => Model): void {
  for (const route of extensions.routes()) {
    const guards: Middleware[] = route.access === false ? [] : [requires(route.access.actions)];
    if (route.policies.length > 0) guards.push(policyGuard(route.policies, extensions));
    router.register(route.path, [route.method], [...guards, handle(route, userModel)]);
  }
}
