/**
 * The second read of the archive, which writes the staged data: each version of a document built
 * from its row, checked as `folio check` checks a document file (a version that would not load
 * refuses the import) and written with the other versions of its document, a window of writes at
 * a time; and the bytes of the media library's files copied into the staged uploads folder.
 */
import { createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApplicationError } from '../errors.js';
import { CONTENT_FOLDER } from '../project-layout.js';
import { insideFolder } from '../safe-path.js';
import type { ContentType, Schemas } from '../schema/index.js';
import { checkStoredDocument } from '../content/index.js';
import { createFileDocuments, type DocumentAdapter, type FileStore, type StoredDocument } from '../storage/index.js';
import { jsonLines, readArchive, type ArchiveEntry } from './archive.js';
import type { ExportPlan } from './read-export.js';
import type { rowBuilder } from './rows.js';
import type { ArchiveIndex, RowPlace } from './scan.js';
import type { Staging } from './stage.js';
import { FILE_UID, ROLE_UID, USER_UID, type StrapiRow } from './strapi.js';
import type { Progress } from './types.js';

/** How many documents are being written at once. */
const WRITE_WINDOW = 64;

export interface DocumentsStep {
  plan: ExportPlan;
  schemas: Schemas;
  rows: ReturnType<typeof rowBuilder>;
  /** The store the staged data is written through, without an fsync per file. */
  fileStore: FileStore;
  /** Check every version, write none and copy no file. */
  dryRun: boolean;
  progress: Progress;
}

/**
 * Reads the archive again and stages its documents under `stage.data` and its media files under
 * the staged project's uploads/. Answers how many rows had no schema in the archive (skipped).
 */
export async function stageDocumentsAndFiles(stage: Staging, step: DocumentsStep): Promise<number> {
  const { plan, fileStore, progress } = step;
  await mkdir(stage.data, { recursive: true, mode: 0o700 });
  // Made here, not by the first document written: an export without documents swaps in an empty content folder.
  await mkdir(join(stage.data, CONTENT_FOLDER), { recursive: true });
  const check = versionCheck(plan.index, step.schemas, plan.locales.map((locale) => locale.code));
  const documents = createFileDocuments(fileStore, stage.data);
  const uploads = join(stage.project, 'uploads');
  await mkdir(uploads, { recursive: true });
  const totalVersions = [...plan.index.places.values()].reduce((sum, places) => sum + places.size, 0);
  const writer = documentWriter(documents, (written) => progress('documents', written, totalVersions));
  let unknownRows = 0;
  let copied = 0;
  const secondRead = readArchive(plan.archive, async (entry) => {
    if (entry.path.startsWith('entities/') && entry.path.endsWith('.jsonl')) {
      unknownRows += await stageEntities(entry, step, check, writer);
      await writer.flush();
      await writer.written(); // one stage at a time: the documents are written before the files are copied
    } else if (entry.path.startsWith('assets/uploads/') && !step.dryRun) {
      const name = entry.path.slice('assets/uploads/'.length);
      if (!plan.assetsToCopy.has(name)) return; // no file row names it: left unread, counted as skipped
      await pipeline(entry.body, createWriteStream(insideFolder(uploads, 'asset name', name), { mode: 0o644 }));
      progress('files', ++copied, plan.assetsToCopy.size);
    }
  });
  try {
    await secondRead;
    await writer.written();
  } finally {
    // Writes still on their way land before the staging folder is removed, whatever happened.
    await writer.settled();
    await fileStore.whenIdle();
  }
  return unknownRows;
}

type VersionCheck = ReturnType<typeof versionCheck>;

/** The rows of one `entities/` file: each content type's checked and put (not in a dry run). Answers the rows without a schema. */
async function stageEntities(entry: ArchiveEntry, step: DocumentsStep, check: VersionCheck, writer: DocumentWriter): Promise<number> {
  let unknownRows = 0;
  for await (const { line, value } of jsonLines(entry)) {
    const { type: uid, id, data } = value as { type: string; id: number; data: Record<string, unknown> };
    if (!uid.startsWith('api::')) continue;
    const type = step.schemas.byUid(uid);
    if (!type) {
      unknownRows += 1;
      continue;
    }
    const version = step.rows.version(type, { ...data, id } as StrapiRow);
    const problem = check(type, version)[0];
    if (problem) {
      const message = problem.message.replace(/\.$/, '');
      const where = `${step.plan.shown}: ${entry.path} line ${line} (${uid} ${id})`;
      throw new ApplicationError(`${where} would not load: ${message}; nothing was imported`);
    }
    if (!step.dryRun) await writer.put(version);
  }
  return unknownRows;
}

/**
 * Checks one version as `folio check` checks a document file: its system fields, its values as
 * the API would accept them, its component ids, and that each relation's target is in the archive.
 */
function versionCheck(index: ArchiveIndex, schemas: Schemas, locales: readonly string[]) {
  const idsOf = (places: Map<number, RowPlace>) => new Set([...places.values()].map((place) => place.documentId));
  const documentIds = new Map([...index.places].map(([uid, places]) => [uid, idsOf(places)]));
  const tableIds = new Map([USER_UID, ROLE_UID, FILE_UID].map((uid) => [uid, new Set(index.tables.get(uid)!.map((row) => row.id))]));
  const exists = (target: string, ref: string | number) =>
    typeof ref === 'number' ? tableIds.get(target)?.has(ref) : documentIds.get(target)?.has(ref);
  return (type: ContentType, version: StoredDocument) =>
    checkStoredDocument(type, version.value, {
      schemas,
      documentId: version.key.documentId,
      status: version.key.status,
      locale: version.key.locale,
      locales,
      exists,
    });
}

interface DocumentWriter {
  /** Adds a version: to the group of the document before it, or, when it is another document's, after that group is written. */
  put(version: StoredDocument): Promise<void>;
  /** Starts writing the group gathered, waiting while the window of writes is full. */
  flush(): Promise<void>;
  /** Settles when the writes started have all succeeded; fails with the first that failed. */
  written(): Promise<unknown>;
  /** Settles when the writes started have all ended, whichever way. */
  settled(): Promise<unknown>;
}

/**
 * Writes versions a document at a time (Strapi exports a draft beside its published version, one
 * after the other), up to WRITE_WINDOW documents at once, telling `onWritten` how many versions are.
 */
function documentWriter(documents: DocumentAdapter, onWritten: (written: number) => void): DocumentWriter {
  let written = 0;
  const pending = new Set<Promise<void>>();
  /** The versions of one document met one after the other, written as one. */
  let group: StoredDocument[] = [];
  const flush = async () => {
    const versions = group;
    group = [];
    if (versions.length === 0) return;
    const promise = documents.putAll(versions).then(() => {
      pending.delete(promise);
      written += versions.length;
      onWritten(written);
    });
    pending.add(promise);
    if (pending.size >= WRITE_WINDOW) await Promise.race(pending);
  };
  const put = async (version: StoredDocument) => {
    const first = group[0]?.key;
    if (first && (first.type !== version.key.type || first.documentId !== version.key.documentId)) await flush();
    group.push(version);
  };
  return { put, flush, written: () => Promise.all(pending), settled: () => Promise.allSettled(pending) };
}
