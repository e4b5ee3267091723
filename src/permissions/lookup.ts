/** The project's models as one actor may read them: the permission engine applied to relations. */
import type { ModelLookup } from '../model/index.js';
import { FILE_UID } from '../schema/index.js';
import { readAction } from './actions.js';
import { can, type Actor } from './engine.js';

/**
 * The models as `actor` may read them: a relation is readable when the actor holds its target's
 * `find`, as in Strapi 5 (docs/api/permissions-and-tokens.md). Every read and write of a request parses
 * and validates through this view, so the rule holds at every depth of every query parameter.
 * @example parseContentQuery(raw, article, lookupFor(lookup, actor), rest)
 */
export function lookupFor(lookup: ModelLookup, actor: Actor): ModelLookup {
  if (actor.kind === 'system') return lookup;
  // Files linked from a document are shown with it to whoever may read it (their bytes are public under /uploads/ anyway).
  return { model: lookup.model, component: lookup.component, mayRead: (uid) => lookup.mayRead(uid) && (uid === FILE_UID || can(actor, readAction(uid))) };
}
