/**
 * From the files that differ to what a reviewer reads: which document version or content-type
 * file each one is, what each side of it holds, and the name of each document.
 */
import { parseDocumentFileName, type DocumentStatus, type Json } from '../../storage/index.js';
import { parseYaml } from '../../yaml.js';
import { NO_LOCALE } from '../../project-layout.js';
import { compareVersions, type Row } from './changes.js';
import { shapeOfFile, titleAttribute, type ShapeBook, type ShapeOverlays, type TypeShape } from './shapes.js';
import type { ChangeKind, SchemaFileChange, VersionChange } from './types.js';
import { sourceAt, sourceKey, type ChangedFile, type Revisions, type Side, type Source } from './revisions.js';

/** A document file's place: `<singular>/<documentId>/<status>.<locale>.json` under the content folder. */
export interface VersionFile {
  file: ChangedFile;
  singularName: string;
  documentId: string;
  status: DocumentStatus;
  /** As the file names it: `default` for a type that is not localized. */
  locale: string;
}

/** A content-type file (`<singular>.yaml`) or a component's (`components/<category>/<name>.yaml`). */
export interface SchemaFile {
  file: ChangedFile;
  kind: SchemaFileChange['kind'];
  name: string;
}

const SCHEMA_FILE = /^(.+)\.(ya?ml|json)$/;
const NOT_LOCALIZED = NO_LOCALE;

/** Sorts the changed files into document versions and schema files; anything else under the folders is left out. */
export function classify(files: readonly ChangedFile[], revisions: Revisions): { versions: VersionFile[]; schemas: SchemaFile[] } {
  const versions: VersionFile[] = [];
  const schemas: SchemaFile[] = [];
  for (const file of files) {
    const inContent = file.path.startsWith(`${revisions.contentPath}/`) ? file.path.slice(revisions.contentPath.length + 1).split('/') : undefined;
    const inTypes = file.path.startsWith(`${revisions.typesPath}/`) ? file.path.slice(revisions.typesPath.length + 1).split('/') : undefined;
    const version = inContent?.length === 3 ? parseDocumentFileName(inContent[2]!) : null;
    if (inContent && version) versions.push({ file, singularName: inContent[0]!, documentId: inContent[1]!, ...version });
    const schema = inTypes?.at(-1)?.match(SCHEMA_FILE)?.[1];
    if (inTypes?.length === 1 && schema) schemas.push({ file, kind: 'content type', name: schema });
    if (inTypes?.length === 3 && inTypes[0] === 'components' && schema) schemas.push({ file, kind: 'component', name: `${inTypes[1]}.${schema}` });
  }
  return { versions, schemas };
}

const changeOf = (file: ChangedFile): ChangeKind => (!file.before ? 'added' : !file.after ? 'removed' : 'changed');

export function schemaFileChanges(schemas: readonly SchemaFile[]): SchemaFileChange[] {
  return schemas.map(({ kind, name, file }) => ({ kind, name, change: changeOf(file) }));
}

/** The side of a file, as read; undefined when that side has none. */
const contentOf = (read: ReadonlyMap<string, Buffer | undefined>, source: Source | undefined) => (source ? read.get(sourceKey(source)) : undefined);

/** A file's parsed schema, for its shape; one that does not parse declares nothing (`folio check` says why). */
function parsedShape(text: Buffer | undefined, path: string): TypeShape | undefined {
  if (text === undefined) return undefined;
  try {
    return shapeOfFile(parseYaml(text.toString('utf8'), path));
  } catch {
    return undefined;
  }
}

/** A content-type file to read besides the changed ones, and the type it declares. */
export interface TypeSource {
  name: string;
  source: Source;
}

/**
 * The content-type files to read besides the changed ones: each type with changed documents
 * that the project's loaded types do not hold, as either side has it (the second side first).
 */
export function missingTypeSources(revisions: Revisions, versions: readonly VersionFile[], loaded: (singularName: string) => boolean): TypeSource[] {
  const missing = [...new Set(versions.map((version) => version.singularName))].filter((name) => !loaded(name));
  return missing.flatMap((name) => [revisions.to, revisions.from].map((side) => ({ name, source: sourceAt(revisions, side, `${revisions.typesPath}/${name}.yaml`) })));
}

/** The shapes both sides' schema files declare, to be merged over the loaded ones. */
export function overlaysOf(schemas: readonly SchemaFile[], missing: readonly TypeSource[], read: ReadonlyMap<string, Buffer | undefined>): ShapeOverlays {
  const overlays: ShapeOverlays = { types: new Map(), components: new Map() };
  const add = (into: Map<string, Array<TypeShape | undefined>>, name: string, shape: TypeShape | undefined) => into.set(name, [...(into.get(name) ?? []), shape]);
  // The second side first: its declaration says how a value reads now.
  for (const { file, kind, name } of schemas) {
    for (const source of [file.after, file.before]) add(kind === 'component' ? overlays.components : overlays.types, name, parsedShape(contentOf(read, source), file.path));
  }
  for (const { name, source } of missing) add(overlays.types, name, parsedShape(contentOf(read, source), `${name}.yaml`));
  return overlays;
}

/**
 * The versions that may name a document, best first: those of the default locale (published,
 * then draft) on the second side, then the first, so every line of a document shows one name.
 */
export function nameSources(revisions: Revisions, version: VersionFile, defaultLocale: string | undefined): Source[] {
  const locale = version.locale === NOT_LOCALIZED ? NOT_LOCALIZED : (defaultLocale ?? version.locale);
  const folder = `${revisions.contentPath}/${version.singularName}/${version.documentId}`;
  const sides: Side[] = [revisions.to, revisions.from];
  return sides.flatMap((side) => ['published', 'draft'].map((status) => sourceAt(revisions, side, `${folder}/${status}.${locale}.json`)));
}

type Parsed = { row: Row | undefined; invalid: boolean };

function parseRow(text: Buffer | undefined): Parsed {
  if (text === undefined) return { row: undefined, invalid: false };
  try {
    const value = JSON.parse(text.toString('utf8')) as Json;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? { row: value, invalid: false } : { row: undefined, invalid: true };
  } catch {
    return { row: undefined, invalid: true };
  }
}

/** A document's name: the value of its title attribute in the first version that has one, else its documentId. */
function nameOf(version: VersionFile, rows: ReadonlyArray<Row | undefined>, shape: TypeShape | undefined): { title: string; named: boolean } {
  const attribute = titleAttribute(shape);
  for (const row of attribute === undefined ? [] : rows) {
    const value = row?.[attribute!];
    if (typeof value === 'string' && value.trim() !== '') return { title: value, named: true };
  }
  return { title: version.documentId, named: false };
}

/**
 * Each changed version compared; a version whose only differences are bookkeeping (a timestamp,
 * keys in another order) is left out.
 */
export function compareFiles(
  revisions: Revisions,
  versions: readonly VersionFile[],
  read: ReadonlyMap<string, Buffer | undefined>,
  book: ShapeBook,
  defaultLocale: string | undefined,
): VersionChange[] {
  const changes: VersionChange[] = [];
  for (const version of versions) {
    const [before, after] = [parseRow(contentOf(read, version.file.before)), parseRow(contentOf(read, version.file.after))];
    const shape = book.type(version.singularName);
    const named = nameSources(revisions, version, defaultLocale).map((source) => parseRow(contentOf(read, source)).row);
    const change: VersionChange = {
      type: `api::${version.singularName}.${version.singularName}`,
      singularName: version.singularName,
      documentId: version.documentId,
      ...nameOf(version, [...named, after.row, before.row], shape),
      locale: version.locale === NOT_LOCALIZED ? null : version.locale,
      status: version.status,
      change: changeOf(version.file),
      attributes: [],
    };
    if (before.invalid || after.invalid) {
      change.problem = `not valid JSON ${after.invalid ? 'after' : 'before'} the change`;
      changes.push(change);
      continue;
    }
    if (change.change !== 'changed') {
      changes.push(change);
      continue;
    }
    change.attributes = compareVersions(before.row, after.row, shape, book);
    if (change.attributes.length > 0) changes.push(change);
  }
  return changes;
}
