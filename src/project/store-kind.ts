/**
 * What every kind of project store builds (see store.ts, which chooses one): the interfaces a kind
 * implements, in a module of their own so that each kind imports them and not the chooser.
 */
import { relative, sep } from 'node:path';
import type { ContentService, ReaderFactory } from '../content/index.js';
import type { Logger } from '../log/index.js';
import type { Schemas } from '../schema/index.js';
import type { DocumentAdapter, FileStore, Row, Table } from '../storage/index.js';
import type { DeliveryStore } from '../webhooks/index.js';
import type { HistoryBook } from '../history/index.js';
import type { ProjectPaths, TableName } from './paths.js';

export interface ProjectStore {
  /** Where the data is, as messages name it: `data/`, or the database without its password. */
  readonly shown: string;
  readonly tables: Record<TableName, Table<Row>>;
  /** Webhook deliveries, waiting and finished. */
  readonly deliveries: DeliveryStore;
  /** The migrations this open applied to a database (none when its schema was current); undefined for files. */
  readonly migrated?: number[];
  /** The documents, as a command that moves them wholesale reads and writes them. */
  documents(): DocumentAdapter;
  /**
   * The documents as a server serves them, with what is left of the last run cleaned up; on files,
   * watched from before they are read when `watchContent` is on, so that no change is missed.
   */
  serve(options: ServeOptions): ServedDocuments;
  /** Why the store cannot take writes now (a full disk, a lost database), or undefined. */
  problem(): Promise<string | undefined>;
  /**
   * The project's history: in git when `commit` (`git.commit`) and the documents are files in a git
   * work tree; in the store itself otherwise.
   */
  openHistory(options: { commit: boolean; log: Logger }): Promise<HistoryBook>;
  close(): Promise<void>;
}

/**
 * Renames the project's staged files into place, and `more` with them (the staged data a store
 * takes over that way), keeping what they replace in `backup` (when given: beside the staged data,
 * on its file system) until every one is in; answers once all are in, or puts back what it moved.
 */
export type SwapFiles = (more: ReadonlyArray<{ staged: string; target: string }>, backup: string | undefined) => Promise<void>;

export interface ServeOptions {
  log: Logger;
  /** `server.watchContent`. */
  watchContent: boolean;
  /** The folders of the content types read at start (their stale files are swept as they are read). */
  contentTypes: readonly string[];
}

export interface ServedDocuments {
  documents: DocumentAdapter;
  /** The reader that answers reads from this kind's documents; none: the memory reader (see content's reader.ts). */
  reader?: ReaderFactory;
  /** Removes what an earlier run left half-written in `data/` (temporary files), before the documents are read. */
  sweep(): Promise<void>;
  /**
   * What to say once the documents are read, `documents` being how many: a database that is empty
   * while `data/` beside it is not serves none of it.
   */
  startWarning(documents: number): Promise<string | undefined>;
  /** Serves what others write (other processes, git, an editor) until the answered stop is called. */
  follow(options: FollowOptions): () => void;
  /** Resolves once any change made from now on will be followed. */
  ready: Promise<void>;
  /** Stops watching (a project that did not open, or that closes). */
  stop(): Promise<void>;
}

export interface FollowOptions {
  schemas(): Schemas;
  content: ContentService;
  log: Logger;
}

export interface StoreOptions {
  /** The project's file store: every write to the project's folder goes through it. */
  files: FileStore;
  paths: ProjectPaths;
  log?: Logger;
}

/** The project's data folder as messages name it: `data/` (or where FOLIO_DATA_DIR puts it). */
export const dataShown = (paths: ProjectPaths): string => `${relative(paths.root, paths.data).split(sep).join('/') || '.'}/`;
