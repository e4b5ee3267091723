/**
 * Where the ids of new rows and components come from, beside the counters in memory: the highest
 * component id inside a stored value (walked by schema), and, with a store several processes share,
 * the blocks of ids reserved from it ahead of the writes that take them.
 */
import type { Json, SharedDocuments } from '../../storage/index.js';
import type { Schemas, ContentType, Attribute } from '../../schema/index.js';

/** Ids a process keeps reserved ahead of its writes: documents of one type, and components. */
export const ROW_IDS_AHEAD = 100;
export const COMPONENT_IDS_AHEAD = 1000;
export const COMPONENT_SEQUENCE = 'components';
export const rowSequence = (type: ContentType) => `documents:${type.singularName}`;

/** The component and dynamic-zone attributes of each attributes object, found once: load visits every row. */
const componentAttributes = new WeakMap<Record<string, Attribute>, Array<[string, Attribute]>>();

function componentAttributesOf(attributes: Record<string, Attribute>): Array<[string, Attribute]> {
  let found = componentAttributes.get(attributes);
  if (!found) {
    found = Object.entries(attributes).filter(([, attribute]) => attribute.type === 'component' || attribute.type === 'dynamiczone');
    componentAttributes.set(attributes, found);
  }
  return found;
}

/** Highest component `id` inside a stored value, walking components and dynamic zones by schema. */
export function maxComponentId(value: Record<string, Json | undefined>, attributes: Record<string, Attribute>, schemas: Schemas): number {
  let max = 0;
  for (const [name, attribute] of componentAttributesOf(attributes)) {
    const stored = value[name];
    if (stored === undefined || stored === null) continue;
    for (const entry of Array.isArray(stored) ? stored : [stored]) {
      if (!entry || typeof entry !== 'object' || Array.isArray(entry)) continue;
      if (typeof entry.id === 'number') max = Math.max(max, entry.id);
      const uid = attribute.type === 'component' ? attribute.component : (entry.__component as string);
      const component = schemas.components.get(uid);
      if (component) max = Math.max(max, maxComponentId(entry, component.attributes, schemas));
    }
  }
  return max;
}

export interface IdReservations {
  /** Makes sure at least `ahead` ids of `sequence` are reserved, none below `floor` (a new block of twice as many otherwise). */
  reserve(sequence: string, ahead: number, floor: number): Promise<void>;
  /** The next reserved id of `sequence`; fails when none is (prepareIds was not awaited). */
  take(sequence: string): number;
}

/**
 * With a store several processes share, ids come from it in blocks (see prepareIds): the highest
 * id seen in memory is then only the floor of the next block, never an id handed out.
 */
export function idReservations(shared: SharedDocuments | undefined): IdReservations {
  const reserved = new Map<string, { next: number; end: number }>();
  async function reserve(sequence: string, ahead: number, floor: number): Promise<void> {
    const block = reserved.get(sequence);
    if (block && block.end - block.next >= ahead) return;
    const count = 2 * ahead;
    const first = await shared!.reserveIds(sequence, count, floor);
    reserved.set(sequence, { next: first, end: first + count });
  }
  function take(sequence: string): number {
    const block = reserved.get(sequence);
    // prepareIds keeps a margin far above what the writes of one process take between two reservations.
    if (!block || block.next >= block.end) throw new Error(`no ${sequence} id is reserved: prepareIds was not awaited before the write`);
    return block.next++;
  }
  return { reserve, take };
}
