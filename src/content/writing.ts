/**
 * The steps a create and an update share, from a validated payload to stored versions: passwords
 * hashed, the payload merged into a row (relations and components in their stored form), required
 * values checked, and the draft written with its published copy and the other locales' copies of
 * shared attributes, as one durable write that tells the webhooks what it did.
 */
import { ValidationError } from '../errors.js';
import { hashPassword } from '../password.js';
import { isRelationInput } from '../model/index.js';
import type { ContentType } from '../schema/index.js';
import type { DocumentStatus, Json } from '../storage/index.js';
import type { WebhookEvent } from '../webhooks/index.js';
import { withComponentIds, type StoreRelation } from './components.js';
import { applyRelation, isInverseSide } from './relations.js';
import type { ContentContext, WrittenEvent } from './context.js';
import { recordedWrite } from './recording.js';
import type { Version, WriteOptions } from './options.js';
import type { DocumentRow } from './types.js';

/** Password attributes are stored as scrypt hashes, never as given. */
async function hashPasswords(type: ContentType, input: Record<string, unknown>): Promise<void> {
  for (const [name, attribute] of Object.entries(type.attributes)) {
    if (attribute.type === 'password' && typeof input[name] === 'string') input[name] = await hashPassword(input[name] as string);
  }
}

/** Applies a validated payload to `base` (the current draft, or a new row). */
export function merge(context: ContentContext, type: ContentType, base: DocumentRow, input: Record<string, unknown>): DocumentRow {
  const { schemas, store, relationContext } = context;
  /** A validated relation value as it is stored: documentIds (numeric ids for users and roles). */
  const storeRelation: StoreRelation = (attribute, value, current, path) =>
    applyRelation(relationContext, attribute, current, isRelationInput(value) ? value : null, path);
  const next: DocumentRow = { ...base };
  for (const [name, value] of Object.entries(input)) {
    const attribute = type.attributes[name];
    if (!attribute) continue;
    if (attribute.type === 'relation') {
      if (isInverseSide(attribute)) {
        throw new ValidationError(`${name} is the inverse side of a relation; set it from ${attribute.target.split('.').pop()}.${attribute.mappedBy}`, {
          errors: [{ path: [name], message: `${name} is the inverse side of a relation`, name: 'ValidationError' }],
        });
      }
      next[name] = storeRelation(attribute, value, base[name], name);
    } else if (attribute.type === 'component' || attribute.type === 'dynamiczone') {
      next[name] = withComponentIds(schemas, attribute, value as Json, base[name], name, store.nextComponentId, storeRelation);
    } else {
      next[name] = value as Json;
    }
  }
  return next;
}

/** Refuses (400, naming each) the required attributes a row leaves without a value. */
export function assertRequired(type: ContentType, row: DocumentRow): void {
  const errors = Object.entries(type.attributes)
    .filter(([name, attribute]) => attribute.required && (row[name] === undefined || row[name] === null))
    .map(([name]) => ({ path: [name], message: `${name} must be defined.`, name: 'ValidationError' }));
  if (errors.length > 0) throw new ValidationError(errors.length === 1 ? errors[0]!.message : `${errors.length} errors occurred`, { errors });
}

/** The status a write stores its row as: the draft, or the only version of a type without draft & publish. */
export const workingStatus = (type: ContentType): DocumentStatus => (type.draftAndPublish ? 'draft' : 'published');

/** What a create or an update did: `event` on the draft (the only version without draft & publish), and `entry.publish` when it published. */
function written(event: WebhookEvent, type: ContentType, saved: DocumentRow, options: WriteOptions): WrittenEvent[] {
  const publishing = type.draftAndPublish && options.status === 'published';
  const events: WrittenEvent[] = [[event, saved, publishing ? 'published' : workingStatus(type)]];
  if (publishing) events.push(['entry.publish', saved, 'published']);
  return events;
}

/**
 * Writes `row` as the draft (or as the only version of a type without draft & publish), and its
 * published copy when publishing, with the other locales' copies of non-localized attributes: all
 * the files of one document, so one durable write. Drafts land first: a crash between renames
 * leaves a document that is a draft, or whose draft is ahead of its published version (states
 * Strapi has too), never a published version without its draft. Answers the version asked for.
 */
export async function writeDraft(context: ContentContext, type: ContentType, row: DocumentRow, options: WriteOptions, event: WebhookEvent): Promise<DocumentRow> {
  const { versions: book, store } = context;
  const status = workingStatus(type);
  const versions: Version[] = [{ status, row }, ...book.sharedCopies(type, row, status)];
  let answer = row;
  if (type.draftAndPublish && options.status === 'published') {
    answer = book.publishedCopy(type, row);
    versions.push({ status: 'published', row: answer }, ...book.sharedCopies(type, answer, 'published'));
  }
  const action = options.action ?? (event === 'entry.create' ? 'create' : 'update');
  await recordedWrite(context, type, row.documentId, written(event, type, answer, options), { action, actor: options.actor, locale: row.locale, put: versions }, (calls) =>
    store.saveAll(type, versions, calls(0, 1)));
  return answer;
}

/**
 * Runs a write whose validated `input` claims unique values: hashes its passwords, lets `save` store
 * the row, and releases the claims once stored or refused.
 */
export async function savingClaimed(type: ContentType, input: Record<string, unknown>, release: () => void, save: () => Promise<DocumentRow>): Promise<DocumentRow> {
  try {
    await hashPasswords(type, input);
    return await save();
  } finally {
    release();
  }
}
