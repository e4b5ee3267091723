/**
 * `GET /_health` and `HEAD /_health`, as Strapi answers them: 204 while the server can serve, for a
 * load balancer, an orchestrator or an uptime monitor to poll. 503, with the cause in Strapi's error
 * body, while it shuts down or while its store cannot take writes (a full disk): traffic then goes
 * elsewhere, and it answers 204 again on its own once the cause is gone. While history is behind
 * (a git that refuses commits), it still serves and writes: it answers 200 with `{ "history": "…" }`
 * saying why, for a monitor to show, in words that name no one (git's own message, which can hold
 * an author's name and email, stays in the log). No token is needed, no rate limit applies, and its
 * requests are logged only at the `debug` level.
 */
import type { Context, Next } from 'koa';
import { ServiceUnavailableError } from '../errors.js';
import { messages } from '../messages.js';
import type { Project } from '../project/index.js';

export const HEALTH_PATH = '/_health';

/**
 * Inside `errorMiddleware` (its 503 and 405 get the error body), before authentication.
 * @example app.use(health(project, app.folio));
 */
export function health(project: Pick<Project, 'storeProblem' | 'history'>, state: { readonly draining: boolean }) {
  return async function answerHealth(ctx: Context, next: Next): Promise<void> {
    if (ctx.path !== HEALTH_PATH) return next();
    ctx.set('Cache-Control', 'no-store');
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.set('Allow', 'GET, HEAD');
      ctx.status = 405; // errorMiddleware renders it, as it does the router's
      return;
    }
    const problem = state.draining ? messages.shuttingDown : await project.storeProblem();
    if (problem !== undefined) throw new ServiceUnavailableError(problem);
    const behind = project.history.behind();
    if (behind === undefined) {
      ctx.status = 204;
      return;
    }
    ctx.body = { history: behind };
  };
}
