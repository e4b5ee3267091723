/**
 * The report of an import: what it brought into the project, counted (content types, documents
 * and their versions per locale, relations, users, roles, permissions, files, locales), and what
 * it skipped, each with the reason and what to do instead.
 */
import type { Schemas } from '../schema/index.js';
import type { ExportPlan } from './read-export.js';
import type { rowBuilder } from './rows.js';
import { storedName, type ArchiveIndex } from './scan.js';
import type { StagedTables } from './stage-tables.js';
import { FILE_UID } from './strapi.js';
import type { ImportReport } from './types.js';

/** What the steps of an import found, for its report. */
export interface ImportFindings {
  plan: ExportPlan;
  /** The project as messages name it. */
  project: string;
  dryRun: boolean;
  schemas: Schemas;
  rows: ReturnType<typeof rowBuilder>;
  staged: StagedTables;
  /** Rows of content types without a schema in the archive. */
  unknownRows: number;
}

/** The report of an import, from what its steps found. */
export function importReport({ plan, project, dryRun, schemas, rows, staged, unknownRows }: ImportFindings): ImportReport {
  const { index } = plan;
  const { tables } = staged;
  const localFiles = index.tables.get(FILE_UID)!.filter((row) => row.provider === 'local');
  const missingAssets = localFiles.filter((row) => !index.assets.has(storedName(row) ?? '')).length;
  return {
    archive: plan.shown,
    strapiVersion: index.strapiVersion!,
    project,
    dryRun,
    contentTypes: schemas.contentTypes.map((type) => type.singularName).sort(),
    components: [...schemas.components.keys()].sort(),
    documents: documentCounts(index, schemas),
    relations: index.relations,
    users: tables.users!.length,
    roles: tables.roles!.length,
    permissions: tables.permissions!.length,
    files: tables.files!.length,
    locales: plan.locales.map((locale) => locale.code),
    defaultLocale: plan.defaultLocale,
    skipped: skippedItems(index, {
      unknownActions: staged.unknownActions,
      unknownRows,
      danglingRelations: rows.dropped.danglingRelations,
      missingAssets,
      strayAssets: index.assets.size - plan.assetsToCopy.size,
      grant: index.settings.has('plugin_users-permissions_grant'),
    }),
  };
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

interface Found {
  unknownActions: string[];
  unknownRows: number;
  danglingRelations: number;
  missingAssets: number;
  strayAssets: number;
  grant: boolean;
}

/** What an import leaves out, each with how many and why. */
function skippedItems(index: ArchiveIndex, found: Found): ImportReport['skipped'] {
  const skipped: ImportReport['skipped'] = [];
  const skip = (what: string, count: number, why: string) => {
    skipped.push({ what, count, why });
  };
  for (const [uid, count] of [...index.skippedRows].sort()) skip(uid, count, "a plugin's own type (foliocms has no such feature)");
  skip('admin users and API tokens', 0, 'not in a Strapi export (Strapi does not export them): create tokens with `folio token create`');
  if (found.unknownActions.length > 0) {
    skip(`permissions for ${found.unknownActions.join(', ')}`, found.unknownActions.length, 'actions foliocms does not have');
  }
  if (found.unknownRows > 0) {
    skip('rows of content types without a schema in the archive', found.unknownRows, 'no schema to serve them with');
  }
  if (found.danglingRelations > 0) skip('relations to rows not in the archive', found.danglingRelations, 'their target was not exported');
  if (found.strayAssets > 0) {
    skip(
      'files in assets/uploads/ that no file record names',
      found.strayAssets,
      'not copied: only the files of the media library are imported into the uploads folder',
    );
  }
  if (found.missingAssets > 0) {
    skip(
      'files without their bytes in assets/',
      found.missingAssets,
      'their records are imported, their URLs will not answer until the files are copied to the uploads folder',
    );
  }
  if (index.webhooks > 0) skip('webhooks', index.webhooks, 'foliocms does not import them: set them up again');
  if (found.grant) {
    skip(
      'sign-in providers (plugin_users-permissions_grant)',
      0,
      'their secrets belong in .env: set providers in config/users-permissions.yaml',
    );
  }
  skip('pending password-reset and email-confirmation codes', 0, 'one-time codes are not carried over: users ask for a new one');
  return skipped;
}
