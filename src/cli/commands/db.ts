/**
 * `folio db migrate`: creates or migrates the tables of a project whose `database.client` is
 * `postgres` (config/database.yaml or DATABASE_URL), and seeds the built-in roles in an empty one.
 */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done } from '../output.js';

export function registerDb(program: Command, io: CliIo): void {
  const group = program.command('db').description('the PostgreSQL store of a project (database.client: postgres)');

  group
    .command('migrate')
    .description('create or migrate the tables in PostgreSQL, and seed the built-in roles in an empty database (the server does it at start too)')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { migrateDatabase } = await import('../../project/index.js');
      const report = await migrateDatabase(globals.dir, { env: io.env });
      const what = report.applied.length === 0 ? 'is up to date' : `was migrated (applied ${report.applied.join(', ')})`;
      done(io, globals, report, `The database ${report.database} ${what}: schema version ${report.version}.`);
    });
}
