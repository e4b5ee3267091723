/**
 * Running a project's policies (docs/custom-code.md): those of its own routes, and those
 * `folio.routes.configure` puts on a content type's action, which the content service asks for at
 * that action's door whichever way it came (see content/policies.ts). A refusal is a 403 `Policy
 * Failed` with a log line naming the policy. What a policy itself asks of the documents is not
 * policed again: a policy on `findOne` that reads the document would otherwise ask itself forever.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PolicyError } from '../errors.js';
import type { ActionPolicies } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Model } from '../model/index.js';
import { actionContext, codeContext } from './caller.js';
import type { PolicyUse, Registry } from './registry.js';
import type { Folio, RouteContext } from './types.js';

/** Set while a policy runs: the document calls it makes are its own, not the caller's action. */
const insidePolicy = new AsyncLocalStorage<true>();

export interface PolicyRunner {
  /**
   * Runs `uses` in order on `ctx`: `true` or nothing lets the request on, anything else refuses it
   * (403 `Policy Failed`, logged with the policy's name and `what` was refused); a policy that throws
   * answers its error.
   */
  run(uses: readonly PolicyUse[], ctx: RouteContext, what: string): Promise<void>;
  /** The policies `folio.routes.configure` put on actions, as the content service asks for them. */
  actions: ActionPolicies;
}

/** @example const policies = createPolicyRunner({ registry, folio, log, userModel: () => lookup.userModel }); */
export function createPolicyRunner(deps: { registry: Registry; folio: () => Folio; log: Logger; userModel(): Model }): PolicyRunner {
  const { registry, log } = deps;

  async function run(uses: readonly PolicyUse[], ctx: RouteContext, what: string): Promise<void> {
    for (const { name, policy, config } of uses) {
      const allowed = await insidePolicy.run(true, () => policy(ctx, config, { folio: deps.folio() }));
      if (allowed !== true && allowed !== undefined) {
        log.info(`policy "${name}" refused ${what}`);
        throw new PolicyError();
      }
    }
  }

  const actions: ActionPolicies = {
    has: (uid, action) => insidePolicy.getStore() === undefined && registry.policiesOf(uid, action).length > 0,
    any: () => registry.configuredAny(),
    async run(type, action, call) {
      const ctx = call.request?.route ? codeContext(call.request.ctx as object, call.actor, deps.userModel()) : actionContext(type, action, call, deps.userModel());
      const where = call.documentId === undefined ? '' : ` ${call.documentId}`;
      await run(registry.policiesOf(type.uid, action), ctx, `${type.uid}.${action}${where} (${ctx.method} ${ctx.path})`);
    },
  };
  return { run, actions };
}
