/**
 * The first read of a Strapi archive: everything but the documents' contents and the files' bytes.
 * It checks every line, so a corrupt or truncated archive is refused before anything is written,
 * and it keeps what the second read needs to write a document whole: each row's documentId,
 * status and locale, and the relations of `links/` (which come after `entities/` in the archive).
 */
import { basename } from 'node:path';
import { ApplicationError } from '../errors.js';
import { isPlainObject } from '../objects.js';
import { isPlainName, UnsafePathError } from '../safe-path.js';
import { jsonEntry, jsonLines, readArchive, type ArchiveEntry, type ReadArchiveOptions } from './archive.js';
import { FILE_UID, LOCALE_UID, PERMISSION_UID, ROLE_UID, USER_UID, type StrapiRow, type StrapiSchema } from './strapi.js';

/** Where a row of a content type is: what a relation to it is stored as. */
export interface RowPlace {
  documentId: string;
  locale: string | null;
}

/** One end of a relation: a row of `type`, and its place in the owner's list. */
export interface LinkTarget {
  type: string;
  ref: number;
  pos: number;
}

export interface ArchiveIndex {
  strapiVersion: string | undefined;
  /** Content types and components (every other schema is Strapi's or a plugin's own). */
  schemas: Array<StrapiSchema & { entry: string }>;
  /** The users-permissions schema, for the extra attributes a project gave its users. */
  userSchema: StrapiSchema | undefined;
  /** Rows of each `api::` content type by id. */
  places: Map<string, Map<number, RowPlace>>;
  /** Rows of the tables foliocms keeps as tables (users, roles, permissions, locales, files). */
  tables: Map<string, StrapiRow[]>;
  /** Relations by owner: `${type}\0${id}\0${field}` → targets in the owner's order. */
  links: Map<string, LinkTarget[]>;
  /** core-store settings by key. */
  settings: Map<string, unknown>;
  /** Bytes of each file under assets/uploads/, by name (each a plain name). */
  assets: Map<string, number>;
  /** The names the file rows store their bytes under (each file's and each of its formats'): the assets an import copies. */
  storedNames: Set<string>;
  /** Rows of types foliocms does not import, counted by uid. */
  skippedRows: Map<string, number>;
  /** Versions of each content type and locale: `${uid}\0${locale}` → count. */
  versions: Map<string, number>;
  relations: number;
  /** Webhooks of `configuration/`, counted (foliocms does not import them). */
  webhooks: number;
}

export const linkKey = (type: string, ref: number, field: string) => `${type}\u0000${ref}\u0000${field}`;

const TABLE_UIDS = new Set([USER_UID, ROLE_UID, PERMISSION_UID, LOCALE_UID, FILE_UID]);
const isContentType = (uid: string) => uid.startsWith('api::');
const isComponent = (uid: string) => !uid.includes('::') && uid.includes('.');

function fail(entry: ArchiveEntry, line: number, what: string): never {
  throw new ApplicationError(`${entry.path} line ${line}: ${what}; the archive is corrupt: export it again`);
}

/**
 * The name a file of the media library (or one of its formats) stores its bytes under, as the
 * media library makes it: `hash` + `ext`; undefined when they are not text.
 * @example storedName({ hash: 'cover_f4f146dfc2', ext: '.png' }) // 'cover_f4f146dfc2.png'
 */
export function storedName(file: Record<string, unknown>): string | undefined {
  const { hash, ext } = file;
  if (typeof hash !== 'string' || (ext !== undefined && ext !== null && typeof ext !== 'string')) return undefined;
  return `${hash}${ext ?? ''}`;
}

/**
 * The names a file row stores its bytes under: its own and each format's. Each must be one plain
 * name, as the media library serves, copies and removes the files by them: a name such as
 * `../../.env` is refused, said by `refuse`.
 */
function storedNamesOf(row: Record<string, unknown>, refuse: (problem: string) => never): string[] {
  const names: string[] = [];
  const add = (name: string | undefined, what: string) => {
    if (!isPlainName(name)) refuse(new UnsafePathError(what, name).message);
    names.push(name);
  };
  add(storedName(row), 'stored file name');
  const { formats } = row;
  if (formats === undefined || formats === null) return names;
  if (!isPlainObject(formats)) refuse('its formats are not a mapping of formats');
  for (const [key, format] of Object.entries(formats)) {
    const shownKey = isPlainName(key) ? key : JSON.stringify(String(key).slice(0, 40));
    add(isPlainObject(format) ? storedName(format) : undefined, `stored file name of format ${shownKey}`);
  }
  return names;
}


/** `{ type, ref, field, pos }` of a link's end, checked. */
function linkEnd(entry: ArchiveEntry, line: number, value: unknown): { type: string; ref: number | string; field?: string; pos?: number } {
  if (!isPlainObject(value) || typeof value.type !== 'string' || (typeof value.ref !== 'number' && typeof value.ref !== 'string')) {
    fail(entry, line, 'a link without its type and ref');
  }
  return {
    type: value.type,
    ref: value.ref,
    field: typeof value.field === 'string' ? value.field : undefined,
    pos: typeof value.pos === 'number' ? value.pos : undefined,
  };
}

/**
 * Reads the whole archive once, writing nothing.
 * @example const index = await scanArchive('export.tar.gz');
 */
export async function scanArchive(file: string, options: ReadArchiveOptions = {}): Promise<ArchiveIndex> {
  const index: ArchiveIndex = {
    strapiVersion: undefined,
    schemas: [],
    userSchema: undefined,
    places: new Map(),
    tables: new Map([...TABLE_UIDS].map((uid) => [uid, []])),
    links: new Map(),
    settings: new Map(),
    assets: new Map(),
    storedNames: new Set(),
    skippedRows: new Map(),
    versions: new Map(),
    relations: 0,
    webhooks: 0,
  };
  const shown = basename(file);
  let sawMetadata = false;
  const ordered = new Map<string, Array<LinkTarget & { order: number }>>();
  let order = 0;

  const addLink = (key: string, target: LinkTarget) => {
    let list = ordered.get(key);
    if (!list) ordered.set(key, (list = []));
    list.push({ ...target, order: order++ });
    // Relations between documents (and their media); a user's role and a permission's are rows of tables.
    if (!key.startsWith(USER_UID) && !key.startsWith(PERMISSION_UID)) index.relations += 1;
  };

  await readArchive(
    file,
    async (entry) => {
      const [folder] = entry.path.split('/');
      if (entry.path === 'metadata.json') {
        sawMetadata = true;
        const metadata = await jsonEntry(entry);
        const version = isPlainObject(metadata) && isPlainObject(metadata.strapi) ? metadata.strapi.version : undefined;
        index.strapiVersion = typeof version === 'string' ? version : undefined;
      } else if (folder === 'schemas' && entry.path.endsWith('.jsonl')) {
        for await (const { line, value } of jsonLines(entry)) {
          if (!isPlainObject(value) || typeof value.uid !== 'string' || !isPlainObject(value.attributes)) {
            fail(entry, line, 'a schema without uid or attributes');
          }
          const schema = value as unknown as StrapiSchema;
          if (schema.uid === USER_UID) index.userSchema = schema;
          if (isContentType(schema.uid) || (schema.modelType === 'component' && isComponent(schema.uid))) {
            index.schemas.push({ ...schema, entry: `${entry.path} line ${line}` });
          }
        }
      } else if (folder === 'entities' && entry.path.endsWith('.jsonl')) {
        for await (const { line, value } of jsonLines(entry)) {
          if (!isPlainObject(value) || typeof value.type !== 'string' || typeof value.id !== 'number' || !isPlainObject(value.data)) {
            fail(entry, line, 'an entity without type, id or data');
          }
          const { type, id, data } = value as { type: string; id: number; data: Record<string, unknown> };
          if (isContentType(type)) {
            if (typeof data.documentId !== 'string' || data.documentId === '') fail(entry, line, `a row of ${type} without a documentId`);
            const locale = typeof data.locale === 'string' ? data.locale : null;
            let places = index.places.get(type);
            if (!places) index.places.set(type, (places = new Map()));
            places.set(id, { documentId: data.documentId, locale });
            const counted = `${type}\u0000${locale ?? ''}`;
            index.versions.set(counted, (index.versions.get(counted) ?? 0) + 1);
          } else if (TABLE_UIDS.has(type)) {
            if (type === FILE_UID) {
              const refuse = (problem: string): never => {
                throw new ApplicationError(`${shown}: ${entry.path} line ${line} (${type} ${id}): ${problem}; nothing was imported`);
              };
              for (const name of storedNamesOf(data, refuse)) index.storedNames.add(name);
            }
            index.tables.get(type)!.push({ id, ...data } as StrapiRow);
          } else {
            index.skippedRows.set(type, (index.skippedRows.get(type) ?? 0) + 1);
          }
        }
      } else if (folder === 'links' && entry.path.endsWith('.jsonl')) {
        for await (const { line, value } of jsonLines(entry)) {
          if (!isPlainObject(value) || typeof value.kind !== 'string') fail(entry, line, 'a link without its kind');
          if (value.kind === 'relation.circular') continue; // `localizations`: a document's locales share its documentId
          const left = linkEnd(entry, line, value.left);
          const right = linkEnd(entry, line, value.right);
          if (typeof left.ref !== 'number' || typeof right.ref !== 'number') continue;
          if (value.kind === 'relation.morph' && left.type === FILE_UID && right.field !== undefined) {
            // A file's `related` list: the link belongs to the media attribute of the row on the right.
            const pos = right.pos ?? Number.MAX_SAFE_INTEGER;
            addLink(linkKey(right.type, right.ref, right.field), { type: FILE_UID, ref: left.ref, pos });
          } else if (left.field !== undefined) {
            const pos = left.pos ?? Number.MAX_SAFE_INTEGER;
            addLink(linkKey(left.type, left.ref, left.field), { type: right.type, ref: right.ref, pos });
          }
        }
      } else if (folder === 'configuration' && entry.path.endsWith('.jsonl')) {
        for await (const { value } of jsonLines(entry)) {
          if (isPlainObject(value) && value.type === 'webhook') index.webhooks += 1;
          // core-store holds the settings; the rest is not foliocms's to import.
          if (!isPlainObject(value) || value.type !== 'core-store' || !isPlainObject(value.value) || typeof value.value.key !== 'string') {
            continue;
          }
          index.settings.set(value.value.key, value.value.value);
        }
      } else if (folder === 'assets' && entry.path.startsWith('assets/uploads/')) {
        const name = entry.path.slice('assets/uploads/'.length);
        if (name.includes('/')) {
          throw new ApplicationError(`${entry.path}: an upload inside a folder; the archive is not one strapi export wrote`);
        }
        // Copied into the uploads folder that the server serves: never a dot file such as .htaccess.
        if (!isPlainName(name)) {
          const problem = new UnsafePathError('asset name', name).message;
          throw new ApplicationError(`${shown}: entry ${JSON.stringify(entry.path)}: ${problem}; nothing was imported`);
        }
        let bytes = 0;
        for await (const chunk of entry.body) bytes += chunk.length;
        index.assets.set(name, bytes);
      }
    },
    options,
  );

  if (!sawMetadata) throw new ApplicationError(`${shown} has no metadata.json: it is not an archive written by strapi export`);
  for (const [key, list] of ordered) {
    index.links.set(key, list.sort((a, b) => a.pos - b.pos || a.order - b.order).map(({ type, ref, pos }) => ({ type, ref, pos })));
  }
  return index;
}
