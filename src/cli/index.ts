/**
 * @module cli — `createProgram()` builds the `folio` command; `run(argv)` runs it as a process does:
 * user errors print one line on stderr and exit 1, never a stack trace.
 *
 * Command modules load their services lazily, so `folio --help` does not pay for Koa or inquirer.
 */
import { Command, CommanderError } from 'commander';
import { ApplicationError } from '../errors.js';
import { processIo, type CliIo } from './io.js';
import { registerInit } from './commands/init.js';
import { registerServe } from './commands/serve.js';
import { registerContentType } from './commands/content-type.js';
import { registerLocale } from './commands/locale.js';
import { registerConfig } from './commands/config.js';
import { registerUser } from './commands/user.js';
import { registerRole } from './commands/role.js';
import { registerPermission } from './commands/permission.js';
import { registerCheck } from './commands/check.js';
import { registerToken } from './commands/token.js';
import { registerDb } from './commands/db.js';
import { registerMedia } from './commands/media.js';
import { registerImport } from './commands/import.js';
import { registerWebhook } from './commands/webhook.js';
import { registerHistory } from './commands/history.js';
import { registerDiff } from './commands/diff.js';
import { registerRoutes } from './commands/routes.js';

export type { CliIo } from './io.js';

const VERSION = '0.1.0';

/**
 * The `folio` program. `--dir`, `--json` and `--yes` are program options, so they work before or
 * after the subcommand (`folio --dir site locale add fr` = `folio locale add fr --dir site`).
 * @example await createProgram(io).exitOverride().parseAsync(['locale', 'list'], { from: 'user' });
 */
export function createProgram(io: CliIo = processIo): Command {
  const program = new Command('folio')
    .description('foliocms: a content server with a Strapi-compatible REST API, storing documents as JSON files')
    .version(VERSION)
    .option('--dir <project>', 'project directory', '.')
    .option('--json', 'print machine-readable JSON on stdout')
    .option('-y, --yes', 'never prompt; missing values are errors')
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeOut: io.out, writeErr: io.err });
  registerInit(program, io);
  registerServe(program, io);
  registerContentType(program, io);
  registerLocale(program, io);
  registerConfig(program, io);
  registerUser(program, io);
  registerRole(program, io);
  registerPermission(program, io);
  registerToken(program, io);
  registerCheck(program, io);
  registerDb(program, io);
  registerMedia(program, io);
  registerImport(program, io);
  registerWebhook(program, io);
  registerRoutes(program, io);
  registerHistory(program, io);
  registerDiff(program, io);
  return program;
}

/**
 * Runs the program for `argv` (as in `process.argv`) and sets the exit code.
 * @example await run(process.argv);
 */
export async function run(argv: string[], io: CliIo = processIo): Promise<void> {
  const program = createProgram(io).exitOverride();
  try {
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 1; // commander already printed its message
      return;
    }
    if (error instanceof ApplicationError) {
      // The user's input or project is wrong: the message says what, and that is all they need.
      io.err(`folio: ${error.message}\n`);
    } else {
      const reason = error instanceof Error ? error.message : String(error);
      io.err(`folio: unexpected error: ${reason}\n`);
      if (io.env.FOLIO_DEBUG && error instanceof Error) io.err(`${error.stack}\n`);
    }
    process.exitCode = 1;
  }
}
