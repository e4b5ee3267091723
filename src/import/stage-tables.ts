/**
 * The staged tables: Strapi's users, roles, permissions and files as foliocms's rows, their ids
 * kept and each table's next id above them; sessions start empty. Permissions for actions that
 * foliocms does not have are left out, and named for the report.
 */
import { actionCatalogue } from '../permissions/index.js';
import type { Schemas } from '../schema/index.js';
import { openTable, type FileStore, type Row } from '../storage/index.js';
import type { rowBuilder } from './rows.js';
import type { ArchiveIndex } from './scan.js';
import { FILE_UID, PERMISSION_UID, ROLE_UID, USER_UID } from './strapi.js';
import { REPLACED_TABLES } from './target.js';

export interface StagedTables {
  /** The rows of each table an import replaces, by table name. */
  tables: Record<string, Row[]>;
  /** The actions of the permissions left out. */
  unknownActions: string[];
}

/** Builds the rows of the tables an import replaces and, unless `dryRun`, writes them under `stagedData`. */
export async function stageTables(
  index: ArchiveIndex,
  schemas: Schemas,
  rows: ReturnType<typeof rowBuilder>,
  target: { fileStore: FileStore; stagedData: string; dryRun: boolean },
): Promise<StagedTables> {
  const catalogue = new Set(actionCatalogue(schemas));
  const tableRows = (uid: string) => index.tables.get(uid)!;
  const permissionRows = tableRows(PERMISSION_UID).filter((row) => catalogue.has(String(row.action)));
  const unknownPermissions = tableRows(PERMISSION_UID).filter((row) => !catalogue.has(String(row.action)));
  const unknownActions = [...new Set(unknownPermissions.map((row) => String(row.action)))];
  const tables: Record<string, Row[]> = {
    users: tableRows(USER_UID).map(rows.user) as Row[],
    roles: tableRows(ROLE_UID).map(rows.role) as Row[],
    permissions: permissionRows.map(rows.permission) as Row[],
    files: tableRows(FILE_UID).map(rows.file) as Row[],
    sessions: [],
  };
  if (!target.dryRun) {
    for (const name of REPLACED_TABLES) {
      const table = await openTable<Row>(target.fileStore, target.stagedData, name);
      await table.update((data) => {
        data.rows = tables[name]!;
        data.nextId = data.rows.reduce((highest, row) => Math.max(highest, row.id), 0) + 1;
      });
    }
    await target.fileStore.whenIdle();
  }
  return { tables, unknownActions };
}
