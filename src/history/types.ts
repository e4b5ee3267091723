/**
 * What history records and answers (docs/history.md): who made each write of a document, what it
 * did, and each version as it was then. Two books keep it behind one interface: git, when the
 * project commits its writes (`git.commit: true` in a git work tree), and the store itself
 * otherwise (PostgreSQL's `folio_history`, or `data/history/` for files outside git).
 */
import type { ContentType } from '../schema/index.js';
import type { DocumentStatus, Json } from '../storage/index.js';

/** What a write did to a document, as the `Folio-Action` trailer and the history's `action` name it. */
export const HISTORY_ACTIONS = ['create', 'update', 'delete', 'publish', 'unpublish', 'discardDraft', 'restore'] as const;
export type HistoryAction = (typeof HISTORY_ACTIONS)[number];

/** Who made a change: a person (a signed-in user, or git's own user for the CLI) or an API token. */
export type HistoryAuthor = { username: string; email: string } | { token: string };

/** One stored version of a document (one status, one locale) in its stored form, as data/content/ holds it. */
export interface StoredVersion {
  status: DocumentStatus;
  row: { documentId: string; locale: string | null; [attribute: string]: Json | undefined };
}

/**
 * One write of one document, told to history before it lands: its versions before and after
 * (every status and locale the document has; a version absent from `after` was removed).
 */
export interface ContentChange {
  type: ContentType;
  documentId: string;
  action: HistoryAction;
  /** Who made it; `'system'` for the CLI: git's own user. */
  author: HistoryAuthor | 'system';
  /** The locale the write was made in (null for a type that is not localized), `*` for a delete of every locale. */
  locale: string | null | '*';
  before: readonly StoredVersion[];
  after: readonly StoredVersion[];
}

/**
 * A change on its way into history. `with` makes it durable and runs before the write lands (on
 * PostgreSQL, inside the write's transaction); the content service then says whether the write
 * landed (`landed`) or failed (`failed`, and nothing of it is kept).
 */
export interface PendingChange {
  with(): Promise<void>;
  /** Resolves once what the change keeps after the write landed is kept (the store's files append then). */
  landed(): Promise<void> | void;
  failed(): void;
}

/** One entry of a document's history, newest first in a list. */
export interface HistoryEntry {
  /** The commit id with git; the store's own id otherwise. */
  version: string;
  /** The document the entry is about (a type's whole history holds several). */
  documentId: string;
  /** ISO 8601. */
  createdAt: string;
  author: HistoryAuthor;
  action: HistoryAction;
  status: DocumentStatus;
  /** null for a type that is not localized. */
  locale: string | null;
  /** The attributes whose value this version changed (none for a delete). */
  changed: string[];
}

/** One version as it was: its entry, its stored row (none when that version did not exist), and its content type then. */
export interface HistoryVersion {
  entry: HistoryEntry;
  row: StoredVersion['row'] | undefined;
  /** The content type as it was at that version (the current one when the book did not keep it). */
  type: ContentType;
}

/** Which versions of which document a history read is about. */
export interface HistoryQuery {
  type: ContentType;
  /** Undefined: every document of the type (the CLI's `folio history <singular>`). */
  documentId?: string;
  /** One locale's versions (null for a type that is not localized); undefined: every locale. */
  locale?: string | null;
}

/**
 * A change of the media library: its table file and uploads folder, committed as they are in the
 * work tree (git only: the history the API reads is the documents').
 */
export interface FilesChange {
  author: HistoryAuthor | 'system';
  action: 'create' | 'update' | 'delete';
  /** The file's documentId, for the trailers. */
  documentId: string;
  /** The file's name, for the commit's subject. */
  name: string;
  /** Absolute paths of the files and folders the change may touch. */
  paths: readonly string[];
}

/** A project's history: where writes go in and the past comes out. */
export interface HistoryBook {
  /** `git` or `store`: where this project's history lives. */
  readonly kind: 'git' | 'store';
  /** Begins recording `change` (see PendingChange). */
  record(change: ContentChange): PendingChange;
  /** Begins recording a change of the media library (nothing to record outside git). */
  recordFiles(change: FilesChange): PendingChange;
  /** The entries of a document (or type), newest first. Waits for changes still on their way in. */
  list(query: HistoryQuery): Promise<HistoryEntry[]>;
  /** One version of a document in one locale; undefined when it has no such version. */
  version(query: HistoryQuery & { documentId: string }, version: string): Promise<HistoryVersion | undefined>;
  /** Why history is behind the content (a git that fails), for `/_health`; undefined when it is not. */
  behind(): string | undefined;
  /** Waits for every change recorded so far to be in history (or to have failed to get there for now). */
  flush(): Promise<void>;
  /** Flushes, then stops. */
  close(): Promise<void>;
}
