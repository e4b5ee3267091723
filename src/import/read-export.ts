/**
 * The first step of an import: the archive read once whole (nothing written) into its index, and
 * what the rest of the import is planned from: that it is a whole Strapi 5 project's export, its
 * locales and default locale, its content types as schema files (their names checked), and which
 * of its assets are the media library's files, the only ones copied.
 */
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { ApplicationError } from '../errors.js';
import { scanArchive, type ArchiveIndex } from './scan.js';
import { schemaFiles, type SchemaFile } from './schemas.js';
import { LOCALE_UID, ROLE_UID } from './strapi.js';
import type { Progress } from './types.js';

export interface Locale {
  code: string;
  name: string;
}

/** An archive read and checked, and what its import writes. */
export interface ExportPlan {
  /** The archive's path, read again by the second read. */
  archive: string;
  /** The archive as messages name it: its file name. */
  shown: string;
  index: ArchiveIndex;
  /** The project's locales, Strapi's order kept; never empty. */
  locales: Locale[];
  defaultLocale: string;
  /** The content types and components, as the project's schema files. */
  files: SchemaFile[];
  /** The names under assets/uploads/ that a file row stores its bytes under. */
  assetsToCopy: Set<string>;
}

/** Reads `archive` once (telling `progress` how many bytes), refuses what foliocms does not import, and plans the import. */
export async function readExport(archive: string, progress: Progress): Promise<ExportPlan> {
  const shown = basename(archive);
  const archiveBytes = await stat(archive).then((info) => info.size, () => 0);
  const index = await scanArchive(archive, { onBytes: (read) => progress('reading', read, archiveBytes) });
  assertWholeStrapi5Export(index, shown);
  const { locales, defaultLocale } = exportLocales(index);
  // The schema files, their names checked, before anything is written (a dry run writes to a temp folder).
  const files = schemaFiles(index.schemas, index.userSchema, shown);
  // Only the bytes of the media library's files are copied into the folder the server serves.
  const assetsToCopy = new Set([...index.assets.keys()].filter((name) => index.storedNames.has(name)));
  return { archive, shown, index, locales, defaultLocale, files, assetsToCopy };
}

/** Refuses the export of another Strapi than 5, and one without Strapi's built-in roles (not a whole project's). */
function assertWholeStrapi5Export(index: ArchiveIndex, shown: string): void {
  const major = Number(index.strapiVersion?.split('.')[0]);
  if (major !== 5) {
    const version = index.strapiVersion ?? 'of an unknown version';
    throw new ApplicationError(`${shown} was exported by Strapi ${version}; foliocms imports exports of Strapi 5`);
  }
  const roleTypes = new Set(index.tables.get(ROLE_UID)!.map((role) => role.type));
  for (const builtIn of ['public', 'authenticated']) {
    if (!roleTypes.has(builtIn)) {
      throw new ApplicationError(`${shown} has no ${builtIn} role: it is not the export of a whole Strapi project; nothing was imported`);
    }
  }
}

/** The export's locales in Strapi's order and its default one (the first when unset); the default alone when it has none. */
function exportLocales(index: ArchiveIndex): { locales: Locale[]; defaultLocale: string } {
  const rows = [...index.tables.get(LOCALE_UID)!].sort((a, b) => a.id - b.id);
  const locales = rows.map((row) => ({ code: String(row.code), name: String(row.name ?? row.code) }));
  const setting = index.settings.get('plugin_i18n_default_locale');
  const known = typeof setting === 'string' && locales.some((locale) => locale.code === setting);
  const defaultLocale = known ? setting : (locales[0]?.code ?? 'en');
  if (locales.length === 0) locales.push({ code: defaultLocale, name: defaultLocale });
  return { locales, defaultLocale };
}
