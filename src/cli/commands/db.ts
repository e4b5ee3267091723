/**
 * `folio db migrate`: creates or migrates the tables of a project whose `database.client` is
 * `postgres` (config/database.yaml or DATABASE_URL), and seeds the built-in roles in an empty one.
 * `folio db copy --to|--from <url>`: moves a project's data between data/ and PostgreSQL.
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

  group
    .command('copy')
    .description('copy the project\'s data from data/ into an empty PostgreSQL database (--to), or from one into data/ (--from): documents, users with their password hashes, roles, permissions, sessions and tokens')
    .option('--to <postgres-url>', 'the database to copy data/ into')
    .option('--from <postgres-url>', 'the database to copy into data/')
    .action(async (options: { to?: string; from?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { copyDatabase } = await import('../../project/index.js');
      const report = await copyDatabase(globals.dir, options, { env: io.env });
      const rows = Object.entries(report.rows).map(([name, count]) => `${count} ${name}`).join(', ');
      done(io, globals, report, `Copied ${report.documents} document version(s) and ${rows} from ${report.from} to ${report.to}.`);
    });
}
