/**
 * What a write tells beyond the store, durably and before its answer goes out: the webhooks'
 * deliveries of its events, and history's entry of who made it and what it did. Each operation
 * writes through `recordedWrite`, so none can store a change that history or the webhooks miss.
 */
import { authorOf, type HistoryAction } from '../history/index.js';
import type { Actor } from '../permissions/index.js';
import type { ContentType } from '../schema/index.js';
import type { CommitOptions, DocumentStatus } from '../storage/index.js';
import type { ContentContext, WrittenEvent } from './context.js';
import type { Version } from './options.js';

/** What a write does to one document, for history. */
export interface RecordedChange {
  action: HistoryAction;
  actor: Actor;
  /** The locale the write was made in (null: a type that is not localized), `*` for every locale. */
  locale: string | null | '*';
  /** The versions it stores. */
  put?: readonly Version[];
  /** The versions it removes. */
  removed?: ReadonlyArray<{ status: DocumentStatus; locale: string | null }>;
}

/** The options of each store call a write makes (see recordedWrite). */
export type StoreCalls = (index: number, count: number) => CommitOptions | undefined;

const versionKey = (status: DocumentStatus, locale: string | null) => `${status}\n${locale}`;

/**
 * Runs `write` (one or more store calls, given their options by `calls`) as the write `change`
 * describes: history's entry goes with the first store call, the webhooks' deliveries with the
 * last; history is told whether it landed.
 * @example await recordedWrite(context, type, documentId, events, { action: 'update', actor, locale, put: versions }, (calls) => store.saveAll(type, versions, calls(0, 1)));
 */
export async function recordedWrite(
  context: ContentContext,
  type: ContentType,
  documentId: string,
  events: readonly WrittenEvent[],
  change: RecordedChange,
  write: (calls: StoreCalls) => Promise<void>,
): Promise<void> {
  const outbox = context.outboxOf(type, events);
  const before = context.store.versions(type, documentId);
  const after = new Map(before.map((version) => [versionKey(version.status, version.row.locale), version]));
  for (const { status, locale } of change.removed ?? []) after.delete(versionKey(status, locale));
  for (const version of change.put ?? []) after.set(versionKey(version.status, version.row.locale), version);
  const pending = context.deps.history?.record({
    type,
    documentId,
    action: change.action,
    author: authorOf(change.actor),
    locale: change.locale,
    before,
    after: [...after.values()],
  });
  const calls: StoreCalls = (index, count) => {
    const first = index === 0 ? pending : undefined;
    const last = index === count - 1 ? outbox : undefined;
    if (!first && !last) return undefined;
    return {
      async with() {
        await first?.with();
        await last?.with?.();
      },
    };
  };
  try {
    await write(calls);
  } catch (error) {
    pending?.failed();
    throw error;
  }
  outbox?.recorded();
  await pending?.landed();
}
