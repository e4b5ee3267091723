/**
 * `folio import strapi <archive>`: a Strapi 5 export becomes this project. The archive is read
 * twice, streamed: once to check it whole and index what the documents need (nothing written),
 * then to write the project into staging folders. The staged project is checked by the same rules
 * as `folio check`, made durable, and swapped in; any failure before the swap leaves the project
 * as it was, and a failed swap is undone.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseDocument } from 'yaml';
import { loadConfig } from '../config/index.js';
import { ApplicationError, ProjectFileError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { insideFolder } from '../safe-path.js';
import { actionCatalogue } from '../permissions/index.js';
import { assertProject, copyStoreData, displayDir, isEmptyOrMissing, openDataStore, openFilesDataStore, projectEnv, projectPaths, scaffoldProject, type DataStore, type TableName } from '../project/index.js';
import { loadSchemas, type ContentType, type Schemas } from '../schema/index.js';
import { checkStoredDocument } from '../content/index.js';
import { createFileDocuments, createFileStore, openTable, type Json, type Row, type StoredDocument } from '../storage/index.js';
import { jsonLines, readArchive } from './archive.js';
import { rowBuilder } from './rows.js';
import { scanArchive, storedName, type ArchiveIndex } from './scan.js';
import { schemaFiles, type SchemaFile } from './schemas.js';
import { removeStaleStages, stagingFolder, swapIn, syncTree, type Swap } from './stage.js';
import { FILE_UID, LOCALE_UID, PERMISSION_UID, ROLE_UID, USER_UID, type StrapiRow } from './strapi.js';

export type ImportStage = 'reading' | 'documents' | 'files' | 'checking' | 'saving';

export interface ImportOptions {
  dryRun?: boolean;
  /** Replace a project's content, users and files rather than refuse. */
  force?: boolean;
  env?: Record<string, string | undefined>;
  /** Told how far each stage is (`total` 0 when unknown). */
  progress?: (stage: ImportStage, done: number, total: number) => void;
}

export interface ImportReport {
  archive: string;
  strapiVersion: string;
  project: string;
  dryRun: boolean;
  contentTypes: string[];
  components: string[];
  /** Per content type and locale (`null`: not localized): documents and their versions (draft, published). */
  documents: Array<{ type: string; locale: string | null; documents: number; versions: number }>;
  relations: number;
  users: number;
  roles: number;
  permissions: number;
  files: number;
  locales: string[];
  defaultLocale: string;
  skipped: Array<{ what: string; count: number; why: string }>;
}

/** Tables an import replaces whole; API tokens are the project's own and stay. */
const REPLACED_TABLES: readonly TableName[] = ['users', 'roles', 'permissions', 'files', 'sessions'];
/** How many documents are being written at once. */
const WRITE_WINDOW = 64;


/** What a project holds that an import would replace, said in a few words; undefined when nothing. */
async function heldContent(root: string, store: DataStore): Promise<string | undefined> {
  const typeFiles = (await readdir(join(root, 'content-types')).catch(() => [] as string[])).filter((name) => /\.(ya?ml|json)$/.test(name));
  const versions = (await store.documents.list()).length;
  const held = [
    typeFiles.length > 0 ? `${typeFiles.length} content type(s)` : '',
    versions > 0 ? `${versions} document version(s)` : '',
    store.tables.users.rows().length > 0 ? `${store.tables.users.rows().length} user(s)` : '',
    store.tables.files.rows().length > 0 ? `${store.tables.files.rows().length} file(s)` : '',
  ].filter(Boolean);
  return held.length > 0 ? held.join(', ') : undefined;
}

/** Documents and versions per content type and locale, from the index. */
function documentCounts(index: ArchiveIndex, schemas: Schemas): ImportReport['documents'] {
  const counts: ImportReport['documents'] = [];
  for (const [uid, places] of index.places) {
    const type = schemas.byUid(uid);
    if (!type) continue;
    const byLocale = new Map<string | null, { ids: Set<string>; versions: number }>();
    for (const place of places.values()) {
      const locale = type.localized ? place.locale : null;
      let entry = byLocale.get(locale);
      if (!entry) byLocale.set(locale, (entry = { ids: new Set(), versions: 0 }));
      entry.ids.add(place.documentId);
      entry.versions += 1;
    }
    for (const [locale, { ids, versions }] of byLocale) counts.push({ type: type.singularName, locale, documents: ids.size, versions });
  }
  return counts.sort((a, b) => a.type.localeCompare(b.type) || String(a.locale).localeCompare(String(b.locale)));
}

/** Strapi's users-permissions `advanced` settings under foliocms's names. */
function advancedSettings(value: unknown): Record<string, Json> {
  if (!isPlainObject(value)) return {};
  const pairs: Array<[string, string, (raw: unknown) => Json | undefined]> = [
    ['unique_email', 'uniqueEmail', (raw) => (typeof raw === 'boolean' ? raw : undefined)],
    ['allow_register', 'allowRegister', (raw) => (typeof raw === 'boolean' ? raw : undefined)],
    ['email_confirmation', 'emailConfirmation', (raw) => (typeof raw === 'boolean' ? raw : undefined)],
    ['email_confirmation_redirection', 'emailConfirmationRedirection', (raw) => (typeof raw === 'string' ? raw : raw === null ? '' : undefined)],
    ['email_reset_password', 'emailResetPasswordUrl', (raw) => (typeof raw === 'string' ? raw : raw === null ? '' : undefined)],
    ['default_role', 'defaultRole', (raw) => (typeof raw === 'string' && raw !== '' ? raw : undefined)],
  ];
  const settings: Record<string, Json> = {};
  for (const [strapiKey, key, read] of pairs) {
    const read_ = read(value[strapiKey]);
    if (read_ !== undefined) settings[key] = read_;
  }
  return settings;
}

/** Sets keys of a YAML config file, keeping its comments and the keys it has. */
async function setYaml(file: string, changes: Array<[path: string[], value: unknown]>): Promise<void> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const document = parseDocument(text);
  if (document.contents === null) document.contents = document.createNode({}) as never;
  for (const [path, value] of changes) document.setIn(path, value);
  await writeFile(file, document.toString({ lineWidth: 0 }), { mode: 0o644 });
}

/** A loader's complaint about a staged schema file, said of the archive entry it came from. */
function schemaProblem(error: unknown, files: readonly SchemaFile[], archive: string): never {
  if (!(error instanceof ProjectFileError)) throw error;
  const source = files.find((file) => file.path === error.file);
  const problem = error.message.slice(error.file.length + 2);
  throw new ApplicationError(`${archive}: ${source ? `${source.entry} (${source.uid})` : error.file}: ${problem}; foliocms cannot serve this schema, nothing was imported`);
}

/**
 * Checks one version as `folio check` checks a document file: its system fields, its values as
 * the API would accept them, its component ids, and that each relation's target is in the archive.
 */
function versionCheck(index: ArchiveIndex, schemas: Schemas, locales: readonly string[]) {
  const documentIds = new Map([...index.places].map(([uid, places]) => [uid, new Set([...places.values()].map((place) => place.documentId))]));
  const tableIds = new Map([USER_UID, ROLE_UID, FILE_UID].map((uid) => [uid, new Set(index.tables.get(uid)!.map((row) => row.id))]));
  const exists = (target: string, ref: string | number) => (typeof ref === 'number' ? tableIds.get(target)?.has(ref) : documentIds.get(target)?.has(ref));
  return (type: ContentType, version: StoredDocument) =>
    checkStoredDocument(type, version.value, { schemas, documentId: version.key.documentId, status: version.key.status, locale: version.key.locale, locales, exists });
}

interface Staging {
  /** The staged project: config/, content-types/, uploads/. */
  project: string;
  /** The staged data folder: content/ and the tables. */
  data: string;
  /** Removes both. */
  remove(): Promise<void>;
}

async function stagingFor(root: string | undefined, dataDir: string | undefined): Promise<Staging> {
  if (root === undefined || dataDir === undefined) {
    const project = await mkdtemp(join(tmpdir(), 'folio-import-'));
    return { project, data: join(project, 'data'), remove: () => rm(project, { recursive: true, force: true }) };
  }
  await Promise.all([removeStaleStages(root), removeStaleStages(dataDir)]);
  const project = stagingFolder(root);
  const data = stagingFolder(dataDir);
  return { project, data, remove: async () => void (await Promise.all([rm(project, { recursive: true, force: true }), rm(data, { recursive: true, force: true })])) };
}

/**
 * Imports the Strapi export `archive` into the project at `dir` (made there when the folder is
 * empty or missing).
 * @example const report = await importStrapi('site', 'export.tar.gz', { env: process.env });
 */
export async function importStrapi(dir: string, archive: string, options: ImportOptions = {}): Promise<ImportReport> {
  const progress = options.progress ?? (() => {});
  const shownArchive = basename(archive);
  const archiveBytes = await stat(archive).then((info) => info.size, () => 0);
  let root = projectPaths(dir).root;
  const fresh = await isEmptyOrMissing(root);
  if (!fresh) await assertProject(projectPaths(dir));

  // The project as it is: refused now, before the archive is read, if it holds content.
  if (!fresh && !options.force) {
    const env = await projectEnv(dir, options.env);
    const store = await openDataStore(root, env);
    try {
      const held = await heldContent(root, store);
      if (held) throw new ApplicationError(`${displayDir(root)} already holds content (${held}): import into a new project, or pass --force to replace it`);
    } finally {
      await store.close();
    }
  }

  const index = await scanArchive(archive, { onBytes: (read) => progress('reading', read, archiveBytes) });
  const major = Number(index.strapiVersion?.split('.')[0]);
  if (major !== 5) {
    throw new ApplicationError(`${shownArchive} was exported by Strapi ${index.strapiVersion ?? 'of an unknown version'}; foliocms imports exports of Strapi 5`);
  }
  const roleTypes = new Set(index.tables.get(ROLE_UID)!.map((role) => role.type));
  for (const builtIn of ['public', 'authenticated']) {
    if (!roleTypes.has(builtIn)) throw new ApplicationError(`${shownArchive} has no ${builtIn} role: it is not the export of a whole Strapi project; nothing was imported`);
  }
  const locales = [...index.tables.get(LOCALE_UID)!].sort((a, b) => a.id - b.id).map((row) => ({ code: String(row.code), name: String(row.name ?? row.code) }));
  const defaultSetting = index.settings.get('plugin_i18n_default_locale');
  const defaultLocale = typeof defaultSetting === 'string' && locales.some((locale) => locale.code === defaultSetting) ? defaultSetting : (locales[0]?.code ?? 'en');
  if (locales.length === 0) locales.push({ code: defaultLocale, name: defaultLocale });
  // The schema files, their names checked, before anything is written (a dry run writes to a temp folder).
  const files = schemaFiles(index.schemas, index.userSchema, shownArchive);
  // Only the bytes of the media library's files are copied into the folder the server serves.
  const assetsToCopy = new Set([...index.assets.keys()].filter((name) => index.storedNames.has(name)));

  // A new project is made first (a dry run makes a throwaway one), and removed again if the import fails.
  const base = fresh && options.dryRun ? join(await mkdtemp(join(tmpdir(), 'folio-import-base-')), 'project') : root;
  let staging: Staging | undefined;
  let committed = false;
  try {
    if (fresh) await scaffoldProject(base, { defaultLocale });
    const env = await projectEnv(base, options.env);
    const paths = projectPaths(base, env);
    root = paths.root;
    const config = await loadConfig(root, { env });
    const stage = (staging = await stagingFor(options.dryRun ? undefined : root, options.dryRun ? undefined : paths.data));
    // Content types, components and config, staged and loaded by the project's own loader.
    const targets = files.map((file) => insideFolder(stage.project, 'schema file name', ...file.names));
    for (const [i, file] of files.entries()) {
      await mkdir(dirname(targets[i]!), { recursive: true });
      await writeFile(targets[i]!, file.text, { mode: 0o644 });
    }
    await mkdir(join(stage.project, 'content-types', 'components'), { recursive: true });
    await mkdir(join(stage.project, 'config'), { recursive: true });
    for (const name of await readdir(paths.config)) {
      if (name !== 'database.yaml' && name !== 'database.yml') await writeFile(join(stage.project, 'config', name), await readFile(join(paths.config, name)), { mode: 0o644 });
    }
    await setYaml(join(stage.project, 'config', 'i18n.yaml'), [
      [['locales'], locales],
      [['defaultLocale'], defaultLocale],
    ]);
    // A front end written for Strapi reads one document in a locale as an object, and component
    // entries with their ids (some key them by it), as Strapi answers them.
    await setYaml(join(stage.project, 'config', 'api.yaml'), [
      [['rest', 'localeDocumentAsArray'], false],
      [['rest', 'componentIds'], true],
    ]);
    const advanced = advancedSettings(index.settings.get('plugin_users-permissions_advanced'));
    await setYaml(
      join(stage.project, 'config', 'users-permissions.yaml'),
      Object.entries(advanced).map(([key, value]) => [['advanced', key], value]),
    );
    let schemas: Schemas;
    try {
      schemas = await loadSchemas(stage.project);
    } catch (error) {
      schemaProblem(error, files, shownArchive);
    }

    // Documents, from the second read of the archive, and the files' bytes.
    const rows = rowBuilder(index, schemas);
    await mkdir(stage.data, { recursive: true, mode: 0o700 });
    // Made here, not by the first document written: an export without documents swaps in an empty content folder.
    await mkdir(join(stage.data, 'content'), { recursive: true });
    // Written without an fsync per file, and made durable whole before it is swapped in.
    const fileStore = createFileStore({ deferSync: true });
    const check = versionCheck(index, schemas, locales.map((locale) => locale.code));
    const documents = createFileDocuments(fileStore, stage.data);
    const uploads = join(stage.project, 'uploads');
    await mkdir(uploads, { recursive: true });
    const totalVersions = [...index.places.values()].reduce((sum, places) => sum + places.size, 0);
    let written = 0;
    let unknownRows = 0;
    const pending = new Set<Promise<void>>();
    /** The versions of one document met one after the other (Strapi exports a draft beside its published version), written as one. */
    let group: StoredDocument[] = [];
    const flush = async () => {
      const versions = group;
      group = [];
      if (versions.length === 0) return;
      const promise = documents.putAll(versions).then(() => {
        pending.delete(promise);
        written += versions.length;
        progress('documents', written, totalVersions);
      });
      pending.add(promise);
      if (pending.size >= WRITE_WINDOW) await Promise.race(pending);
    };
    const put = async (version: StoredDocument) => {
      const first = group[0]?.key;
      if (first && (first.type !== version.key.type || first.documentId !== version.key.documentId)) await flush();
      group.push(version);
    };
    let copied = 0;
    const secondRead = readArchive(archive, async (entry) => {
      if (entry.path.startsWith('entities/') && entry.path.endsWith('.jsonl')) {
        for await (const { line, value } of jsonLines(entry)) {
          const { type: uid, id, data } = value as { type: string; id: number; data: Record<string, unknown> };
          if (!uid.startsWith('api::')) continue;
          const type = schemas.byUid(uid);
          if (!type) {
            unknownRows += 1;
            continue;
          }
          const version = rows.version(type, { ...data, id } as StrapiRow);
          const problem = check(type, version)[0];
          if (problem) {
            const message = problem.message.replace(/\.$/, '');
            throw new ApplicationError(`${shownArchive}: ${entry.path} line ${line} (${uid} ${id}) would not load: ${message}; nothing was imported`);
          }
          if (!options.dryRun) await put(version);
        }
        await flush();
        await Promise.all(pending); // one stage at a time: the documents are written before the files are copied
      } else if (entry.path.startsWith('assets/uploads/') && !options.dryRun) {
        const name = entry.path.slice('assets/uploads/'.length);
        if (!assetsToCopy.has(name)) return; // no file row names it: left unread, counted as skipped
        await pipeline(entry.body, createWriteStream(insideFolder(uploads, 'asset name', name), { mode: 0o644 }));
        progress('files', ++copied, assetsToCopy.size);
      }
    });
    try {
      await secondRead;
      await Promise.all(pending);
    } finally {
      // Writes still on their way land before the staging folder is removed, whatever happened.
      await Promise.allSettled(pending);
      await fileStore.whenIdle();
    }

    // Tables: Strapi's ids kept, the next id above them.
    const catalogue = new Set(actionCatalogue(schemas));
    const tableRows = (uid: string) => index.tables.get(uid)!;
    const permissionRows = tableRows(PERMISSION_UID).filter((row) => catalogue.has(String(row.action)));
    const unknownActions = [...new Set(tableRows(PERMISSION_UID).filter((row) => !catalogue.has(String(row.action))).map((row) => String(row.action)))];
    const tables: Record<string, Row[]> = {
      users: tableRows(USER_UID).map(rows.user) as Row[],
      roles: tableRows(ROLE_UID).map(rows.role) as Row[],
      permissions: permissionRows.map(rows.permission) as Row[],
      files: tableRows(FILE_UID).map(rows.file) as Row[],
      sessions: [],
    };
    if (!options.dryRun) {
      for (const name of REPLACED_TABLES) {
        const table = await openTable<Row>(fileStore, stage.data, name);
        await table.update((data) => {
          data.rows = tables[name]!;
          data.nextId = data.rows.reduce((highest, row) => Math.max(highest, row.id), 0) + 1;
        });
      }
      await fileStore.whenIdle();
    }

    const localFiles = tableRows(FILE_UID).filter((row) => row.provider === 'local');
    const missingAssets = localFiles.filter((row) => !index.assets.has(storedName(row) ?? '')).length;
    const report: ImportReport = {
      archive: shownArchive,
      strapiVersion: index.strapiVersion!,
      project: displayDir(projectPaths(dir).root),
      dryRun: options.dryRun === true,
      contentTypes: schemas.contentTypes.map((type) => type.singularName).sort(),
      components: [...schemas.components.keys()].sort(),
      documents: documentCounts(index, schemas),
      relations: index.relations,
      users: tables.users!.length,
      roles: tables.roles!.length,
      permissions: tables.permissions!.length,
      files: tables.files!.length,
      locales: locales.map((locale) => locale.code),
      defaultLocale,
      skipped: skippedItems(index, {
        unknownActions,
        unknownRows,
        danglingRelations: rows.dropped.danglingRelations,
        missingAssets,
        strayAssets: index.assets.size - assetsToCopy.size,
        grant: index.settings.has('plugin_users-permissions_grant'),
      }),
    };
    if (options.dryRun) return report;

    // The staged config must load as the server would load it (each document was checked as it came).
    progress('checking', 0, 0);
    await loadConfig(stage.project, { env: {} }).catch((error: unknown) => {
      throw new ApplicationError(`${shownArchive}: the imported settings would not load (${(error as Error).message}); nothing was imported`);
    });

    progress('saving', 0, 0);
    await syncTree(stage.project);
    await syncTree(stage.data);

    // The uploads folder keeps what it holds: each imported file is swapped in on its own.
    const uploadsTarget = join(root, config.upload.dir);
    const swaps: Swap[] = [
      { staged: join(stage.project, 'content-types'), target: paths.contentTypes },
      { staged: join(stage.project, 'config', 'i18n.yaml'), target: join(paths.config, 'i18n.yaml') },
      { staged: join(stage.project, 'config', 'users-permissions.yaml'), target: join(paths.config, 'users-permissions.yaml') },
      { staged: join(stage.project, 'config', 'api.yaml'), target: join(paths.config, 'api.yaml') },
      ...[...assetsToCopy].map((name) => ({ staged: insideFolder(uploads, 'asset name', name), target: insideFolder(uploadsTarget, 'asset name', name) })),
    ];
    if (config.database.client === 'postgres') {
      await commitToDatabase(root, env, stage.data, async () => {
        const removeBackups = await swapIn(swaps, join(stage.project, '.backup'));
        await removeBackups();
      });
    } else {
      swaps.push({ staged: join(stage.data, 'content'), target: paths.content });
      for (const name of REPLACED_TABLES) swaps.push({ staged: join(stage.data, `${name}.json`), target: join(paths.data, `${name}.json`) });
      const removeBackups = await swapIn(swaps, join(stage.data, '.backup'));
      await removeBackups();
    }
    committed = true;
    return report;
  } finally {
    await staging?.remove();
    if (fresh && options.dryRun) await rm(join(base, '..'), { recursive: true, force: true });
    // A folder that was empty is left empty by an import that failed.
    else if (fresh && !committed) for (const name of await readdir(root).catch(() => [] as string[])) await rm(join(root, name), { recursive: true, force: true });
  }
}

/**
 * The staged data written into PostgreSQL through the storage interface: what the database held
 * (with --force) is put back if the write or `thenSwap` (the project files' swap) fails.
 */
async function commitToDatabase(root: string, env: Record<string, string | undefined>, stagedData: string, thenSwap: () => Promise<void>): Promise<void> {
  const staged = await openFilesDataStore(stagedData);
  const database = await openDataStore(root, env);
  try {
    await copyStoreData(staged, database, { tables: REPLACED_TABLES, replace: true }, thenSwap);
  } finally {
    await Promise.all([staged.close(), database.close()]);
  }
}

function skippedItems(
  index: ArchiveIndex,
  found: { unknownActions: string[]; unknownRows: number; danglingRelations: number; missingAssets: number; strayAssets: number; grant: boolean },
): ImportReport['skipped'] {
  const skipped: ImportReport['skipped'] = [];
  for (const [uid, count] of [...index.skippedRows].sort()) skipped.push({ what: uid, count, why: "a plugin's own type (foliocms has no such feature)" });
  skipped.push({ what: 'admin users and API tokens', count: 0, why: 'not in a Strapi export (Strapi does not export them): create tokens with `folio token create`' });
  if (found.unknownActions.length > 0) skipped.push({ what: `permissions for ${found.unknownActions.join(', ')}`, count: found.unknownActions.length, why: 'actions foliocms does not have' });
  if (found.unknownRows > 0) skipped.push({ what: 'rows of content types without a schema in the archive', count: found.unknownRows, why: 'no schema to serve them with' });
  if (found.danglingRelations > 0) skipped.push({ what: 'relations to rows not in the archive', count: found.danglingRelations, why: 'their target was not exported' });
  if (found.strayAssets > 0) skipped.push({ what: 'files in assets/uploads/ that no file record names', count: found.strayAssets, why: 'not copied: only the files of the media library are imported into the uploads folder' });
  if (found.missingAssets > 0) skipped.push({ what: 'files without their bytes in assets/', count: found.missingAssets, why: 'their records are imported, their URLs will not answer until the files are copied to the uploads folder' });
  if (index.webhooks > 0) skipped.push({ what: 'webhooks', count: index.webhooks, why: 'foliocms does not import them: set them up again' });
  if (found.grant) skipped.push({ what: 'sign-in providers (plugin_users-permissions_grant)', count: 0, why: 'their secrets belong in .env: set providers in config/users-permissions.yaml' });
  skipped.push({ what: 'pending password-reset and email-confirmation codes', count: 0, why: 'one-time codes are not carried over: users ask for a new one' });
  return skipped;
}
