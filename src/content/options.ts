/**
 * What the content service's operations take and answer, beside the content type and documentId:
 * the options of a write, a draft action and a delete, and the media link an upload asks for.
 */
import type { ContentType } from '../schema/index.js';
import type { Actor } from '../permissions/index.js';
import type { PopulateTree } from '../model/index.js';
import type { DocumentStatus } from '../storage/index.js';
import type { HistoryAction } from '../history/index.js';
import type { DocumentRow } from './types.js';

/** The HTTP request an action came in, handed on by its transport for the project's policies, never read by the service. */
export interface ActionRequest {
  /** The transport's Koa context. */
  ctx: unknown;
  /** Whether it is this action's own REST route, whose params, query and body are the action's. */
  route: boolean;
}

export interface WriteOptions {
  status: DocumentStatus;
  /** The `locale` query parameter as given. */
  locale: unknown;
  /**
   * Who writes: a new locale version needs their `createLocalization`, and a relation may only
   * point at a type they may read.
   */
  actor: Actor;
  /** How to shape the answer (the request's `populate` and `fields`). */
  populate?: PopulateTree;
  fields?: string[];
  /** `If-Match`: the states the caller read (see stateTag), `*` for any; the write is refused if the document is in none of them. */
  ifMatch?: readonly string[];
  /** What history calls the write: `restore` for a restore; by default `create` or `update`. */
  action?: HistoryAction;
  /** The HTTP request the write came in, for the project's policies (none from the document service). */
  request?: ActionRequest;
}

export interface DraftActionOptions {
  /** The `locale` query parameter as given: one locale (the default when none). */
  locale: unknown;
  /** Who acts: they need the type's action of the same name. */
  actor: Actor;
  populate?: PopulateTree;
  fields?: string[];
  ifMatch?: readonly string[];
  request?: ActionRequest;
}

export interface RemoveOptions {
  /** The `locale` query parameter as given (`*`: every locale). */
  locale: unknown;
  /** Who deletes: they need the type's `delete`. */
  actor: Actor;
  ifMatch?: readonly string[];
  request?: ActionRequest;
}

export interface DocumentResult {
  data: Record<string, unknown>;
}

/** One stored version of a document. */
export interface Version {
  status: DocumentStatus;
  row: DocumentRow;
}

/**
 * What `POST /api/upload` names to link its files to: Strapi's `ref` (a content type's uid), `refId`
 * (an entry: its documentId, or the numeric id of one of its versions) and `field` (a media
 * attribute), and the `locale` version a documentId means (the default locale when none).
 */
export interface MediaLinkRequest {
  ref: string;
  refId: string;
  field: string;
  locale?: string;
}

/** An entry's media attribute, checked and ready to take files (see mediaTarget). */
export interface MediaTarget {
  type: ContentType;
  documentId: string;
  /** The locale version whose draft gets the files (null for a type that is not localized). */
  locale: string | null;
  field: string;
  multiple: boolean;
  /** Refuses (400, naming the field) files the attribute cannot take: several for a single media, a kind outside `allowedTypes`. */
  check(files: ReadonlyArray<{ name: string; mime: string }>): void;
}
