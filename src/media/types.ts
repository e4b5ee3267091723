/** A stored file as Strapi 5's upload plugin answers it (`plugin::upload.file`). */
import type { Row } from '../storage/index.js';

/** One responsive format of an image (`formats.thumbnail`, `formats.small`, …). */
export interface FileFormat {
  name: string;
  hash: string;
  ext: string;
  mime: string;
  path: null;
  width: number;
  height: number;
  /** Kilobytes (bytes / 1000), two decimals, as Strapi. */
  size: number;
  sizeInBytes: number;
  url: string;
  [field: string]: string | number | null;
}

/** What a file is, apart from its ids and timestamps. */
export interface FileFields {
  name: string;
  alternativeText: string | null;
  caption: string | null;
  /** Where an image's subject is (`{ x, y }`, set in Strapi's admin); null when none was set. */
  focalPoint: { x: number; y: number } | null;
  width: number | null;
  height: number | null;
  formats: Record<string, FileFormat> | null;
  hash: string;
  ext: string;
  mime: string;
  /** Kilobytes (bytes / 1000), two decimals, as Strapi. */
  size: number;
  url: string;
  previewUrl: null;
  provider: string;
  provider_metadata: null;
}

export interface FileRow extends Row, FileFields {
  createdAt: string;
  updatedAt: string;
  publishedAt: string;
}

/**
 * A file as it arrived in a request (or from the CLI), before it is stored: its bytes are in a file
 * on disk (a request's temporary file, or the file the CLI was given), read from there as they are
 * stored, so that no upload is held in memory whole.
 */
export interface IncomingFile {
  /** The name the client gave it (`photo.jpg`). */
  filename: string;
  /** The MIME type the client declared. */
  mime: string;
  /** Where its bytes are. */
  path: string;
  /** How many bytes it has. */
  size: number;
}

/** What a client may say of a file it uploads (`fileInfo`). */
export interface FileInfo {
  name?: string;
  alternativeText?: string | null;
  caption?: string | null;
}
