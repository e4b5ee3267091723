/**
 * The files store: a project's data in its `data/` folder — a JSON file per table, the webhook
 * deliveries waiting in a spool folder, and a folder per document under `data/content/` that git
 * versions and that a server watches, so what arrives there from git or an editor is served.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createFileDocuments, openTable, type Row, type Table } from '../storage/index.js';
import { openSpool, type DeliveryRow } from '../webhooks/index.js';
import { openHistory } from '../history/index.js';
import type { Logger } from '../log/index.js';
import { startContentWatch } from './content-watch.js';
import { followContent } from './follow-content.js';
import { dataFolderPaths, TABLES, type TableName } from './paths.js';
import { dataShown, type ProjectStore, type ServedDocuments, type ServeOptions, type StoreOptions, type SwapFiles } from './store-kind.js';

/**
 * An import's staged data taken over by the files store of `paths`, without opening it: the staged
 * documents' folder and table files are renamed in with the project's files, as one swap.
 * @example await takeOverFiles(paths, stage.data, ['users'], swapFiles);
 */
export async function takeOverFiles(paths: StoreOptions['paths'], stagedData: string, names: readonly TableName[], swapFiles: SwapFiles): Promise<void> {
  const staged = dataFolderPaths(stagedData);
  const tableFile = (dir: string, name: string) => join(dir, `${name}.json`);
  await swapFiles([
    { staged: staged.content, target: paths.content },
    ...names.map((name) => ({ staged: tableFile(stagedData, name), target: tableFile(paths.data, name) })),
  ], join(stagedData, '.backup'));
}

/**
 * @example const store = await openFilesStore({ files, paths });
 */
export async function openFilesStore({ files, paths }: StoreOptions): Promise<ProjectStore> {
  await mkdir(paths.data, { recursive: true, mode: 0o700 });
  const tables = Object.fromEntries(await Promise.all(TABLES.map(async (name) => [name, await openTable<Row>(files, paths.data, name)] as const))) as ProjectStore['tables'];
  const deliveries = await openSpool(files, join(paths.data, 'deliveries'), tables.deliveries as unknown as Table<DeliveryRow>);

  function serve({ log, watchContent, contentTypes }: ServeOptions): ServedDocuments {
    // Files changed by others are watched from before the documents are read, so none is missed.
    const watch = watchContent ? startContentWatch(paths.content, log) : undefined;
    const documents = createFileDocuments(files, paths.data, { onSkip: (path, reason) => log.warn(`${path}: ${reason}`), sweepTempFiles: true, onWrite: watch?.onWrite });
    return {
      documents,
      // data/ is walked once: the documents' load sweeps the folders of the content types it reads.
      sweep: async () => void await files.removeStaleTempFiles(paths.data, { except: contentTypes.map((type) => join(paths.content, type)) }),
      startWarning: async () => undefined,
      follow: ({ schemas, content, log: followLog }) =>
        watch ? followContent({ root: paths.root, contentDir: paths.content, schemas, content, log: followLog, watch }) : () => undefined,
      ready: watch?.ready ?? Promise.resolve(),
      stop: async () => watch?.stop(),
    };
  }

  let probing: Promise<void> | undefined;
  let probedAt = -Infinity;
  /**
   * While the disk cannot take writes, each call (at most one a second) probes it first, so the
   * answer clears on its own once the cause is gone.
   */
  async function problem(): Promise<string | undefined> {
    if (files.problem() === undefined) return undefined;
    if (probing === undefined && Date.now() - probedAt >= 1000) {
      probedAt = Date.now();
      probing = files.probe(paths.data).catch(() => undefined).finally(() => (probing = undefined));
    }
    await probing;
    return files.problem();
  }

  const history = ({ commit, log }: { commit: boolean; log: Logger }) => openHistory({ projectDir: paths.root, dataDir: paths.data, commit, log });
  return { shown: dataShown(paths), tables, deliveries, documents: () => createFileDocuments(files, paths.data), serve, problem, openHistory: history, close: files.whenIdle };
}
