/**
 * Unlinking a deleted file of the media library from every document version that shows it, in any
 * media attribute, also inside components and dynamic zones; each document written as one.
 */
import { SYSTEM_ACTOR, type Actor } from '../../permissions/index.js';
import { recordedWrite } from '../recording.js';
import type { Attribute, Schemas } from '../../schema/index.js';
import type { ContentContext } from '../context.js';
import type { DocumentRow } from '../types.js';

/** `value` (a stored media value, at any depth of `attributes`) without the file `fileId`; the same object when it holds none. */
function withoutFile(schemas: Schemas, attributes: Record<string, Attribute>, value: Record<string, unknown>, fileId: number): Record<string, unknown> {
  let out = value;
  const set = (name: string, next: unknown) => {
    if (out === value) out = { ...value };
    out[name] = next;
  };
  for (const [name, attribute] of Object.entries(attributes)) {
    const current = value[name];
    if (attribute.type === 'relation' && attribute.media) {
      if (current === fileId) set(name, null);
      else if (Array.isArray(current) && current.includes(fileId)) set(name, current.filter((id) => id !== fileId));
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      const entries = Array.isArray(current) ? current : current && typeof current === 'object' ? [current] : [];
      const next = entries.map((entry) => {
        if (!entry || typeof entry !== 'object') return entry;
        const uid = attribute.type === 'component' ? attribute.component : (entry as { __component?: string }).__component;
        const component = uid === undefined ? undefined : schemas.components.get(uid);
        return component ? withoutFile(schemas, component.attributes, entry as Record<string, unknown>, fileId) : entry;
      });
      if (next.some((entry, index) => entry !== entries[index])) set(name, Array.isArray(current) ? next : next[0]);
    }
  }
  return out;
}

/** Whether `attributes`, or a component they hold, has a media attribute: only such types are searched for a file. */
function holdsMedia(schemas: Schemas, attributes: Record<string, Attribute>, seen = new Set<string>()): boolean {
  return Object.values(attributes).some((attribute) => {
    if (attribute.type === 'relation') return attribute.media !== undefined;
    const uids = attribute.type === 'component' ? [attribute.component] : attribute.type === 'dynamiczone' ? attribute.components : [];
    return uids.some((uid) => !seen.has(uid) && seen.add(uid) && holdsMedia(schemas, schemas.components.get(uid)?.attributes ?? {}, seen));
  });
}

/**
 * @example const unlinkFile = createUnlinkFile(context); await unlinkFile(12) // 3 documents changed
 */
export function createUnlinkFile(context: ContentContext) {
  const { schemas, store } = context;

  /** `actor` deletes the file: history says they changed the documents that held it. */
  return async function unlinkFile(fileId: number, actor: Actor = SYSTEM_ACTOR): Promise<number> {
    let changed = 0;
    for (const type of schemas.contentTypes) {
      if (!holdsMedia(schemas, type.attributes)) continue;
      for (const documentId of store.documentIds(type)) {
        const touches = store.versions(type, documentId).some(({ row }) => withoutFile(schemas, type.attributes, row, fileId) !== row);
        if (!touches) continue;
        await context.queued(type, documentId, async () => {
          await context.reread(type, documentId);
          const versions = store.versions(type, documentId)
            .map(({ status, row }) => ({ status, row: withoutFile(schemas, type.attributes, row, fileId) as DocumentRow, before: row }))
            .filter(({ row, before }) => row !== before)
            .map(({ status, row }) => ({ status, row }));
          if (versions.length === 0) return;
          await recordedWrite(context, type, documentId, [], { action: 'update', actor, locale: '*', put: versions }, (calls) => store.saveAll(type, versions, calls(0, 1)));
        });
        changed++;
      }
    }
    return changed;
  };
}
