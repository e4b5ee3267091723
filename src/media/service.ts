/**
 * The media library: files uploaded, listed and deleted as Strapi 5's upload plugin does it. The
 * records live in the project's `files` table (files or PostgreSQL, like every table); the bytes,
 * and each image's responsive formats, with the provider.
 */
import { randomBytes } from 'node:crypto';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { NotFoundError, PayloadTooLargeError, ValidationError } from '../errors.js';
import { newDocumentId, now } from '../ids.js';
import { isPlainName } from '../safe-path.js';
import type { FileData, Table, TableData } from '../storage/index.js';
import type { Outbox, WebhookNotice } from '../webhooks/index.js';
import { authorOf, type HistoryBook, type PendingChange } from '../history/index.js';
import { SYSTEM_ACTOR, type Actor } from '../permissions/index.js';
import { makeFormats, measure, type ImageFacts } from './formats.js';
import { playable } from './sniff.js';
import type { MediaProvider } from './provider.js';
import type { FileFields, FileFormat, FileInfo, FileRow, IncomingFile } from './types.js';

export interface MediaServiceDeps {
  files: Table<FileRow>;
  provider: MediaProvider;
  /** `upload.sizeLimit` and `upload.breakpoints`, read at each upload. */
  settings(): { sizeLimit: number; breakpoints: Record<string, number> };
  /** Told what each change did, durably, before it is answered (webhooks). */
  webhooks?: { outbox(notices: readonly WebhookNotice[]): Outbox | undefined };
  /** Told who made each change, with the files and folders it may touch (the table's file, the uploads). */
  history?: { book: HistoryBook; paths: readonly string[] };
}

/** `media.create`, `media.update`, `media.delete`, with the file as the API answers it (Strapi 5 sends `{ event, createdAt, media }`). */
type MediaEvent = 'media.create' | 'media.update' | 'media.delete';

function mediaNotice(event: MediaEvent, row: FileRow): WebhookNotice {
  return { event, subject: `media:${row.id}`, fields: { media: presentFile(row) } };
}

export interface MediaQuery {
  filters?: (row: FileRow) => boolean;
  compare?: (a: FileRow, b: FileRow) => number;
  start?: number;
  limit?: number;
}

/** A file's fields in the order Strapi 5 answers them (tables store keys sorted). */
const FIELD_ORDER = ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt'] as const;

/**
 * A file as the API answers it.
 * @example presentFile(row) // { id, documentId, name, alternativeText, … }
 */
export function presentFile(row: FileRow): FileRow {
  // Rows written before a field existed (focalPoint) answer it as null, as Strapi does.
  return Object.fromEntries(FIELD_ORDER.map((field) => [field, row[field] ?? null])) as FileRow;
}

/** Extensions that claim an image, checked like an image MIME type. */
const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.gif', '.webp', '.tif', '.tiff', '.avif', '.svg']);
/** The MIME type of each image format sharp reads. */
const IMAGE_MIME: Record<string, string> = { jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', tiff: 'image/tiff', avif: 'image/avif', svg: 'image/svg+xml' };

/** Kilobytes as Strapi counts them: bytes / 1000, two decimals. */
const kilobytes = (bytes: number) => Math.round((bytes / 1000) * 100) / 100;

/**
 * Strapi's answer to a file over `sizeLimit`.
 * @example tooLarge('cat.jpg', 50_000_000) // 'cat.jpg exceeds size limit of 50 MB.'
 */
export function tooLarge(name: string, sizeLimit: number): string {
  return `${name} exceeds size limit of ${humanSize(sizeLimit)}.`;
}

/**
 * The answer to a request whose files together pass `upload.requestSizeLimit`.
 * @example requestTooLarge(50_000_000) // 'The files of one request exceed 50 MB together.'
 */
export function requestTooLarge(limit: number): string {
  return `The files of one request exceed ${humanSize(limit)} together.`;
}

/** `1.5 MB`, in Strapi's base-1000 units. */
function humanSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${Math.round(value * 100) / 100} ${units[unit]}`;
}

/**
 * The stored name of a file: its name as letters, digits and _ (never a path, never a dot), then 10
 * random hex digits, as Strapi's `hash`.
 * @example fileHash('Summer photo.jpg', '.jpg') // 'Summer_photo_3f2a9c1b7d'
 */
export function fileHash(name: string, ext: string): string {
  const base = name.endsWith(ext) ? name.slice(0, name.length - ext.length) : name;
  const slug = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 100);
  return `${slug || 'file'}_${randomBytes(5).toString('hex')}`;
}

/** A file's extension as stored: from its name, kept only when it is a plain one (`.jpg`). */
function extensionOf(filename: string): string {
  const ext = extname(filename);
  return /^\.[A-Za-z0-9]{1,16}$/.test(ext) ? ext : '';
}

/** A name a file may be shown with: no path, no control characters, at most 255 characters. */
function checkedName(name: string, field: string): string {
  // eslint-disable-next-line no-control-regex
  if (name.trim() === '' || name.length > 255 || /[<>:"/\\|?*\u0000-\u001f]/.test(name)) {
    throw new ValidationError('File name contains invalid characters', { errors: [{ path: [field], message: 'File name contains invalid characters', name: 'ValidationError' }] });
  }
  return name.normalize('NFC');
}

/** The first bytes of a file, enough to tell a container's signature. */
async function headOf(path: string, length = 16): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A file read but not yet stored (see identify). */
interface Identified {
  file: IncomingFile;
  info: FileInfo;
  name: string;
  ext: string;
  mime: string;
  image: ImageFacts | undefined;
}

/** What an upload is about to store, one entry per file: its name and the type its bytes gave it. */
export interface UploadCandidate {
  name: string;
  mime: string;
}

export interface UploadOptions {
  /**
   * Called once every file of the request is identified and before any is stored: throwing refuses
   * the upload with nothing written (a media attribute that takes one file, or only images).
   */
  accept?(files: readonly UploadCandidate[]): void;
  /** Who uploads, for history; the CLI when none. */
  actor?: Actor;
}

const notAnImage = (name: string) => new ValidationError(`${name} is not a valid image`, { errors: [{ path: ['files'], message: `${name} is not a valid image`, name: 'ValidationError' }] });

/**
 * @example const media = createMediaService({ files: tables.files, provider, settings: () => config.upload });
 */
export function createMediaService(deps: MediaServiceDeps) {
  const { files, provider } = deps;

  /**
   * What a file is, read from its bytes before anything is written: its name, extension and type
   * (an image's from its header, a video's or audio's from its container). Refuses a file over
   * `sizeLimit`, a name that is not one, and a file that claims to be an image and is none.
   */
  async function identify(file: IncomingFile, info: FileInfo): Promise<Identified> {
    const { sizeLimit } = deps.settings();
    const name = checkedName(info.name ?? file.filename, 'fileInfo.name');
    if (file.size > sizeLimit) throw new PayloadTooLargeError(tooLarge(name, sizeLimit));
    const ext = extensionOf(file.filename) || extensionOf(name);
    const declared = file.mime || 'application/octet-stream';
    // A file that says it is an image must be one: its bytes decide its type, never the label a
    // client put on it (an HTML page named photo.jpg is refused, so it can never be served as one).
    const claimsImage = declared.startsWith('image/') || IMAGE_EXTENSIONS.has(ext.toLowerCase());
    const image = claimsImage ? await measure(file.path) : undefined;
    if (claimsImage && !image) throw notAnImage(name);
    // Declared video or audio that no player would play is kept as a plain file (kind `files`).
    const mime = image ? (IMAGE_MIME[image.format] ?? declared) : playable(await headOf(file.path), declared) ? declared : 'application/octet-stream';
    return { file, info, name, ext, mime, image };
  }

  /** The stored fields of an identified file: its bytes and formats written, durably, before any record names them. */
  async function prepare({ file, info, name, ext, mime, image }: Identified): Promise<{ fields: FileFields; written: string[] }> {
    const { breakpoints } = deps.settings();
    const hash = fileHash(name, ext);
    // A whole header over data cut short or corrupt: the pixels cannot be read, so it is no image.
    const made = image ? await makeFormats(file.path, image, breakpoints).catch(() => Promise.reject(notAnImage(name))) : [];
    const written: string[] = [];
    const put = async (fileName: string, data: FileData) => {
      const url = await provider.put(fileName, data);
      written.push(fileName);
      return url;
    };
    const formats: Record<string, FileFormat> = {};
    try {
      for (const format of made) {
        const formatHash = `${format.key}_${hash}`;
        const formatUrl = await put(`${formatHash}${ext}`, format.bytes);
        formats[format.key] = { name: `${format.key}_${name}`, hash: formatHash, ext, mime, path: null, width: format.width, height: format.height, size: kilobytes(format.bytes.length), sizeInBytes: format.bytes.length, url: formatUrl };
      }
      const url = await put(`${hash}${ext}`, { copyOf: file.path });
      const fields: FileFields = {
        name,
        alternativeText: info.alternativeText ?? null,
        caption: info.caption ?? null,
        focalPoint: null,
        width: image?.width ?? null,
        height: image?.height ?? null,
        formats: made.length > 0 ? formats : null,
        hash,
        ext,
        mime,
        size: kilobytes(file.size),
        url,
        previewUrl: null,
        provider: provider.name,
        provider_metadata: null,
      };
      return { fields, written };
    } catch (error) {
      await forget(written);
      throw error;
    }
  }

  /**
   * Changes the library, and records the webhook deliveries of what the change did in the same
   * commit: they are written before the table (files store) or in its transaction (PostgreSQL).
   */
  async function changeLibrary(event: MediaEvent, actor: Actor, change: (data: TableData<FileRow>) => FileRow): Promise<FileRow> {
    let outbox: Outbox | undefined;
    let pending: PendingChange | undefined;
    const action = ({ 'media.create': 'create', 'media.update': 'update', 'media.delete': 'delete' } as const)[event];
    let row: FileRow;
    try {
      row = await files.update(async (data) => {
        const changed = change(data);
        outbox = deps.webhooks?.outbox([mediaNotice(event, changed)]);
        await outbox?.with();
        pending = deps.history?.book.recordFiles({ author: authorOf(actor), action, documentId: changed.documentId, name: changed.name, paths: deps.history.paths });
        await pending?.with();
        return changed;
      });
    } catch (error) {
      pending?.failed();
      throw error;
    }
    outbox?.recorded();
    pending?.landed();
    return row;
  }

  async function store(identified: Identified, actor: Actor): Promise<FileRow> {
    const { fields, written } = await prepare(identified);
    const stamp = now();
    return changeLibrary('media.create', actor, (data) => {
      const row: FileRow = { id: data.nextId++, documentId: newDocumentId(), ...fields, createdAt: stamp, updatedAt: stamp, publishedAt: stamp };
      data.rows.push(row);
      return row;
    })
      .catch(async (error: unknown) => {
        await forget(written);
        throw error;
      });
  }

  /** Removes bytes written for an upload that failed; what cannot be removed is left for no one. */
  async function forget(fileNames: readonly string[]): Promise<void> {
    await Promise.all(fileNames.map((fileName) => provider.remove(fileName).catch(() => undefined)));
  }

  /**
   * The stored names of a file and of its formats that are ours to remove. A name that is not a
   * plain name (a row edited by hand, pulled with git or imported) would reach outside the uploads
   * folder: it names nothing of ours and is left alone (`folio check` reports such a row).
   */
  const storedNames = (row: FileRow) => [`${row.hash}${row.ext}`, ...Object.values(row.formats ?? {}).map((format) => `${format.hash}${format.ext}`)].filter(isPlainName);

  /** Deletes a file's record, then its bytes and formats; answers the record as it was. */
  async function remove(id: number, actor: Actor = SYSTEM_ACTOR): Promise<FileRow> {
    const removed = await changeLibrary('media.delete', actor, (data) => {
      const index = data.rows.findIndex((row) => row.id === id);
      if (index < 0) throw new NotFoundError('file.notFound');
      return data.rows.splice(index, 1)[0]!;
    });
    for (const name of storedNames(removed)) await provider.remove(name);
    return removed;
  }

  /**
   * Takes back files just uploaded whose purpose failed (a later file of the same upload, or their
   * link to a document): each record, then its bytes, as a delete does. What cannot be removed stays.
   */
  async function discard(rows: readonly FileRow[], actor: Actor = SYSTEM_ACTOR): Promise<void> {
    for (const row of [...rows].reverse()) await remove(row.id, actor).catch(() => undefined);
  }

  return {
    /**
     * Stores each file (with its `fileInfo` by position) and answers their records, in order. Every
     * file is read first (`options.accept` may then refuse them), and the upload is whole or nothing:
     * a file that cannot be stored takes back the files of the same call stored before it.
     */
    async upload(incoming: readonly IncomingFile[], infos: readonly FileInfo[] = [], options: UploadOptions = {}): Promise<FileRow[]> {
      if (incoming.length === 0) throw new ValidationError('Files are empty');
      const identified: Identified[] = [];
      for (const [index, file] of incoming.entries()) identified.push(await identify(file, infos[index] ?? {}));
      options.accept?.(identified.map(({ name, mime }) => ({ name, mime })));
      const stored: FileRow[] = [];
      try {
        for (const file of identified) stored.push(await store(file, options.actor ?? SYSTEM_ACTOR));
      } catch (error) {
        await discard(stored, options.actor);
        throw error;
      }
      return stored;
    },

    discard,

    /**
     * `POST /api/upload?id=…`: without a file, changes what `info` gives of the file's name,
     * alternative text and caption; with one, replaces its bytes and formats too. A replaced file
     * gets a new hash, so its new URL is never one a browser cached (Strapi keeps the hash).
     */
    async update(id: number, info: FileInfo, file?: IncomingFile, actor: Actor = SYSTEM_ACTOR): Promise<FileRow> {
      const current = files.rows().find((row) => row.id === id);
      if (!current) throw new NotFoundError('file.notFound');
      const name = info.name === undefined ? undefined : checkedName(info.name, 'fileInfo.name');
      const texts = {
        ...(name !== undefined && { name }),
        ...(info.alternativeText !== undefined && { alternativeText: info.alternativeText }),
        ...(info.caption !== undefined && { caption: info.caption }),
      };
      const replaced = file ? await prepare(await identify(file, { name: name ?? current.name, alternativeText: current.alternativeText, caption: current.caption })) : undefined;
      let before: FileRow | undefined;
      const updated = await changeLibrary('media.update', actor, (data) => {
        const index = data.rows.findIndex((row) => row.id === id);
        if (index < 0) throw new NotFoundError('file.notFound');
        before = data.rows[index]!;
        const row: FileRow = { ...before, ...replaced?.fields, ...texts, updatedAt: now() };
        data.rows[index] = row;
        return row;
      })
        .catch(async (error: unknown) => {
          if (replaced) await forget(replaced.written);
          throw error;
        });
      // The old bytes go once no record names them.
      if (replaced && before) for (const old of storedNames(before)) await provider.remove(old);
      return updated;
    },

    list(query: MediaQuery = {}): FileRow[] {
      const rows = files.rows().filter((row) => !query.filters || query.filters(row));
      if (query.compare) rows.sort(query.compare);
      const start = query.start ?? 0;
      return rows.slice(start, query.limit === undefined ? undefined : start + query.limit);
    },

    find(id: number): FileRow | undefined {
      return files.rows().find((row) => row.id === id);
    },

    remove,
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
