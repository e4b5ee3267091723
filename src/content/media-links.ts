/**
 * Where a document shows a file of the media library: in any media attribute, also inside
 * components and dynamic zones. What deleting a file unlinks, and what is asked of a file before
 * (operations/unlink-file.ts, operations/file-uses.ts).
 */
import type { Attribute, Schemas } from '../schema/index.js';

type Attributes = Record<string, Attribute>;

type Row = Record<string, unknown>;

/**
 * `value` (a stored media value, at any depth of `attributes`) without the file `fileId`; the same
 * object when it holds none.
 */
export function withoutFile(schemas: Schemas, attributes: Attributes, value: Row, fileId: number): Row {
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
        const uid = attribute.type === 'component'
          ? attribute.component
          : (entry as { __component?: string }).__component;
        const component = uid === undefined ? undefined : schemas.components.get(uid);
        return component ? withoutFile(schemas, component.attributes, entry as Row, fileId) : entry;
      });
      if (next.some((entry, index) => entry !== entries[index])) set(name, Array.isArray(current) ? next : next[0]);
    }
  }
  return out;
}

/** Whether a stored version (`row`, of a type with `attributes`) shows the file `fileId` anywhere. */
export function showsFile(schemas: Schemas, attributes: Attributes, row: Row, fileId: number): boolean {
  return withoutFile(schemas, attributes, row, fileId) !== row;
}

/** Whether `attributes`, or a component they hold, has a media attribute: only such types are searched for a file. */
export function holdsMedia(schemas: Schemas, attributes: Attributes, seen = new Set<string>()): boolean {
  const inComponent = (uid: string) =>
    !seen.has(uid) && seen.add(uid) && holdsMedia(schemas, schemas.components.get(uid)?.attributes ?? {}, seen);
  return Object.values(attributes).some((attribute) => {
    if (attribute.type === 'relation') return attribute.media !== undefined;
    if (attribute.type === 'component') return inComponent(attribute.component);
    return attribute.type === 'dynamiczone' && attribute.components.some(inComponent);
  });
}
