/**
 * What a file of the media library is, as the screen, its picker and the media field show it: its
 * kind (the words a media attribute's `allowedTypes` uses), the filter that selects kinds on the
 * server, what the file input offers, and its preview (a thumbnail, or its extension in a box).
 */
import { html } from '../../lib/preact.js';
import { strings } from '../../lib/strings.js';

/**
 * A file as the upload API answers it.
 * @typedef {{ id: number, documentId?: string, name: string, url: string, mime?: string, ext?: string,
 *   size?: number, width?: number | null, height?: number | null, alternativeText?: string | null,
 *   caption?: string | null, formats?: Record<string, { url: string }> | null, createdAt?: string,
 *   [key: string]: any }} UploadFile
 * @typedef {'images' | 'videos' | 'audios' | 'files'} Kind
 */

/** The MIME type prefix of each kind but `files`, which is every other file. */
const PREFIX = { images: 'image/', videos: 'video/', audios: 'audio/' };

/**
 * @param {UploadFile} file
 * @returns {Kind}
 */
export function kindOf(file) {
  const mime = String(file.mime ?? '');
  if (mime.startsWith(PREFIX.images)) return 'images';
  if (mime.startsWith(PREFIX.videos)) return 'videos';
  if (mime.startsWith(PREFIX.audios)) return 'audios';
  return 'files';
}

/**
 * Whether `kinds` (an attribute's `allowedTypes`; none or empty: any) takes `file`.
 * @param {readonly string[] | undefined} kinds
 * @param {UploadFile} file
 */
export const allows = (kinds, file) => !kinds?.length || kinds.includes(kindOf(file));

/**
 * The `filters` that select `kinds` on the server, or `undefined` for any file: the kinds are read
 * from the MIME type, as the server checks `allowedTypes`.
 * @param {readonly string[] | undefined} kinds
 */
export function kindFilter(kinds) {
  const everyKind = kinds?.includes('files') && Object.keys(PREFIX).every((kind) => kinds.includes(kind));
  if (!kinds?.length || everyKind) return undefined;
  const prefixed = Object.entries(PREFIX);
  const byPrefix = (prefix) => ({ mime: { $startsWith: prefix } });
  const chosen = prefixed.filter(([kind]) => kinds.includes(kind)).map(([, prefix]) => byPrefix(prefix));
  // `files` is every file that is none of the other kinds.
  const others = { $not: { $or: prefixed.map(([, prefix]) => byPrefix(prefix)) } };
  return { $or: [...chosen, ...(kinds.includes('files') ? [others] : [])] };
}

const ACCEPT = { images: 'image/*', videos: 'video/*', audios: 'audio/*' };

/**
 * What a file input offers first for `kinds`; any file when `files` is among them or none is said.
 * @param {readonly string[] | undefined} kinds
 */
export function acceptOf(kinds) {
  if (!kinds?.length || kinds.includes('files')) return undefined;
  return kinds.map((kind) => ACCEPT[kind]).filter(Boolean).join(',');
}

/** `.pdf` → `PDF`; a file without an extension is a `FILE`. */
export const extensionOf = (file) => (file.ext ?? '').replace('.', '').toUpperCase() || strings.library.fileIcon;

/**
 * An image's smallest picture worth showing in a grid: its thumbnail, else its small format, else itself.
 * @param {UploadFile} file
 */
export const thumbnailOf = (file) => file.formats?.thumbnail?.url ?? file.formats?.small?.url ?? file.url;

/**
 * An image's thumbnail (`large`: its small format first, for a bigger box), or the file's extension in a box.
 * @param {{ file: UploadFile, large?: boolean }} props
 */
export function Preview({ file, large = false }) {
  const url = large ? file.formats?.small?.url ?? file.url : thumbnailOf(file);
  if (kindOf(file) === 'images' && url) {
    return html`<img src=${url} alt=${file.alternativeText || file.name} loading="lazy" />`;
  }
  return html`<span class="file-icon" aria-hidden="true">${extensionOf(file)}</span>`;
}

/** Kilobytes as the API counts them (bytes / 1000) in the unit that reads best: `14 B`, `212 KB`, `1.4 MB`. */
export function sizeText(kilobytes) {
  if (typeof kilobytes !== 'number') return '';
  if (kilobytes < 1) return strings.library.bytes(Math.round(kilobytes * 1000));
  if (kilobytes < 1000) return strings.library.kilobytes(Math.round(kilobytes * 10) / 10);
  return strings.library.megabytes(Math.round(kilobytes / 100) / 10);
}
