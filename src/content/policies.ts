/**
 * The project's policies on an action (`folio.routes.configure`, docs/custom-code.md), as the
 * content service asks for them: at the door of every action, whichever transport it came through
 * (REST, GraphQL, an upload that links files, a restore, the document service acting as a user),
 * so that a policy guards the action rather than one of its routes. The extensions provide them;
 * the system (the CLI, scripts acting as nobody) is never asked.
 */
import type { Actor } from '../permissions/index.js';
import type { ContentType } from '../schema/index.js';
import type { ActionRequest, DraftActionOptions, RemoveOptions, WriteOptions } from './options.js';

export type { ActionRequest } from './options.js';

/** The policy actions of a content type beside its route actions: a restore, and reading the past. */
export const HISTORY_POLICY_ACTIONS = ['history', 'restore'] as const;

/** One call of an action, as its policies are told of it. */
export interface PolicyCall {
  actor: Actor;
  /** The document acted on (none for a list, a create, or a single type's). */
  documentId?: string;
  /** A write's payload. */
  data?: unknown;
  /** The `locale` and `status` the call named. */
  locale?: unknown;
  status?: unknown;
  request?: ActionRequest;
}

/** What the content service asks the project's policies. */
export interface ActionPolicies {
  /** Whether the project put policies on `action` of `uid`: without, a read stays synchronous. */
  has(uid: string, action: string): boolean;
  /** Whether it put any anywhere: whole answers kept between requests (GraphQL's) cannot be then. */
  any(): boolean;
  /** Runs them in order: a refusal throws PolicyError (403), a policy's own error is thrown as it is. */
  run(type: ContentType, action: string, call: PolicyCall): Promise<void>;
}

/**
 * How the service asks `policies` about a caller's call (never the system's): a promise only when
 * there are some on that action, so that a read without stays synchronous.
 * @example const policed = policing(deps.policies); await policed(article, 'update', { actor, documentId });
 */
export function policing(policies: ActionPolicies | undefined) {
  return (type: ContentType, action: string, call: PolicyCall): Promise<void> | undefined =>
    policies && call.actor.kind !== 'system' && policies.has(type.uid, action) ? policies.run(type, action, call) : undefined;
}

/** `then`, once the policies let the call on: synchronously when there were none. */
export const after = <T>(checked: Promise<void> | undefined, then: () => T): T | Promise<Awaited<T>> =>
  checked ? (checked.then(then) as Promise<Awaited<T>>) : then();

/** The request a call came in, handed to an action it leads to (a restore's update, an upload's link). */
export const leadingTo = (request: ActionRequest | undefined): ActionRequest | undefined => request && { ctx: request.ctx, route: false };

/** What a write's policies are told: who, with what, where it came in. */
export const writeCall = (options: WriteOptions | RemoveOptions | DraftActionOptions, more: Omit<PolicyCall, 'actor'>): PolicyCall =>
  ({ actor: options.actor, locale: options.locale, ...('status' in options && { status: options.status }), request: options.request, ...more });

/** What a read's policies are told: who reads, which document, where it came in. */
export const readCall = (actor: Actor, params: { locale?: unknown; status?: unknown }, request: ActionRequest | undefined, documentId?: string): PolicyCall =>
  ({ actor, locale: params.locale, status: params.status, request, ...(documentId !== undefined && { documentId }) });
