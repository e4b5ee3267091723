/**
 * `folio diff`: the content changes between two git revisions of a project, for reviewing a
 * content pull request without reading its JSON. The caller resolves the project (its data
 * folder, its loaded content types, its default locale); this reads both sides from git.
 */
import { join, resolve } from 'node:path';
import { CONTENT_FOLDER, CONTENT_TYPES_FOLDER } from '../../project-layout.js';
import type { Schemas } from '../../schema/index.js';
import type { AttributeChange } from './changes.js';
import { classify, compareFiles, missingTypeSources, nameSources, overlaysOf, schemaFileChanges } from './documents.js';
import { changedFiles, openRevisions, readSources, type Source } from './revisions.js';
import { shapeBook } from './shapes.js';
import type { AttributeChangeJson, ContentDiff, ContentDiffJson, SchemaFileChange, VersionChange } from './types.js';
import { schemaFileLine, versionLine } from './words.js';

export type { ContentDiff, ContentDiffJson, SchemaFileChange, VersionChange } from './types.js';
export type { AttributeChange, ChangeForm, ChangeKind } from './changes.js';

export interface DiffOptions {
  /** The project's data folder (`FOLIO_DATA_DIR` may move it); its documents are under `content/`. */
  dataDir: string;
  /** Default: `content-types/` in the project. */
  contentTypesDir?: string;
  /** The project's loaded content types and components: which attributes are private, how values read. */
  schemas?: Schemas;
  /** The locale whose version names a document on every line of it. */
  defaultLocale?: string;
}

/**
 * The content changes from `from` (default HEAD) to `to` (default the work tree, untracked
 * document files included), as `git diff [from] [to]` compares.
 * @example const { lines } = await diffContent('site', 'main', 'review', { dataDir: 'site/data', schemas });
 */
export async function diffContent(projectDir: string, from: string | undefined, to: string | undefined, options: DiffOptions): Promise<ContentDiff> {
  const root = resolve(projectDir);
  const revisions = await openRevisions(
    root,
    { contentDir: join(resolve(options.dataDir), CONTENT_FOLDER), typesDir: resolve(options.contentTypesDir ?? join(root, CONTENT_TYPES_FOLDER)) },
    from,
    to,
  );
  const { versions, schemas: schemaFiles } = classify(await changedFiles(revisions), revisions);
  const loaded = new Set(options.schemas?.contentTypes.map((type) => type.singularName));
  const missing = missingTypeSources(revisions, versions, (name) => loaded.has(name));
  const sources: Source[] = [
    ...[...versions, ...schemaFiles].flatMap(({ file }) => [file.before, file.after].filter((source): source is Source => source !== undefined)),
    ...versions.flatMap((version) => nameSources(revisions, version, options.defaultLocale)),
    ...missing.map(({ source }) => source),
  ];
  const read = await readSources(revisions, sources);
  const book = shapeBook(options.schemas, overlaysOf(schemaFiles, missing, read));
  const changes = compareFiles(revisions, versions, read, book, options.defaultLocale).sort(byDocument);
  const files = schemaFileChanges(schemaFiles).sort(bySchemaFile);
  return {
    json: toJson(revisions.from.label ?? 'HEAD', revisions.to.label, changes, files),
    lines: [...files.map(schemaFileLine), ...changes.map(versionLine)],
    versions: changes,
    schemaFiles: files,
  };
}

/** Code-point order, as the rest of the project sorts strings. */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By type, document (its name, then its id), locale, status. */
function byDocument(a: VersionChange, b: VersionChange): number {
  return (
    compare(a.singularName, b.singularName) ||
    compare(a.title, b.title) ||
    compare(a.documentId, b.documentId) ||
    compare(a.locale ?? '', b.locale ?? '') ||
    compare(a.status, b.status)
  );
}

/** Content types before components, each by name. */
function bySchemaFile(a: SchemaFileChange, b: SchemaFileChange): number {
  return compare(a.kind === 'content type' ? '0' : '1', b.kind === 'content type' ? '0' : '1') || compare(a.name, b.name);
}

/** An attribute's change without how it reads; a hidden one has no values to leave out. */
function attributeJson({ path, change, before, after }: AttributeChange): AttributeChangeJson {
  const json: AttributeChangeJson = { path, change };
  if (before !== undefined) json.before = before;
  if (after !== undefined) json.after = after;
  return json;
}

function toJson(from: string, to: string | null, changes: readonly VersionChange[], files: readonly SchemaFileChange[]): ContentDiffJson {
  return {
    from,
    to,
    changes: changes.map(({ named: _named, attributes, problem, ...version }) => ({
      ...version,
      attributes: attributes.map(attributeJson),
      ...(problem === undefined ? {} : { problem }),
    })),
    contentTypes: files.filter((file) => file.kind === 'content type').map(({ name, change }) => ({ singularName: name, change })),
    components: files.filter((file) => file.kind === 'component').map(({ name, change }) => ({ uid: name, change })),
  };
}
