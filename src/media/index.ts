/**
 * @module media — Strapi's upload plugin: uploaded files with their image formats, their records in
 * the project's `files` table, and where their bytes live (a provider: the local folder today).
 */
export { createMediaService, presentFile, requestTooLarge, tooLarge, type MediaService, type MediaQuery } from './service.js';
export { localProvider, UPLOADS_PATH, type MediaProvider } from './provider.js';
export type { FileRow, FileFormat, FileInfo, IncomingFile } from './types.js';
