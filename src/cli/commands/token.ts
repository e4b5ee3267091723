/**
 * `folio token create|list|regenerate|revoke`: API tokens for sites and builds (Strapi 5's content-API
 * tokens). The value is printed once, by create and regenerate; a running server obeys changes at once.
 */
import type { Command } from 'commander';
import type { ApiToken } from '../../auth/index.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';

/** The project's tokens, and the system actor the CLI calls them as (the same calls as `/api/admin/api-tokens`). */
async function openTokens(globals: GlobalOptions, io: CliIo) {
  const [{ openProjectData }, { SYSTEM_ACTOR }] = await Promise.all([import('../../project/index.js'), import('../../permissions/index.js')]);
  return { tokens: (await openProjectData(globals.dir, { env: io.env })).apiTokens, system: SYSTEM_ACTOR };
}

const collect = (value: string, previous: string[]) => [...previous, value];
const day = (iso: string | null) => (iso === null ? 'never' : iso.slice(0, 10));

/**
 * The token's value alone on stdout, so that `TOKEN=$(folio token create …)` holds exactly it; what
 * it is goes to stderr, which a terminal shows too. With --json, the token with its value.
 */
function shownOnce(io: CliIo, globals: GlobalOptions, verb: string, token: ApiToken, accessKey: string): void {
  const expires = token.expiresAt === null ? 'does not expire' : `expires ${token.expiresAt}`;
  if (!globals.json) io.err(`${verb} API token "${token.name}" (${token.type}, ${expires}). It is shown only now: store it as a secret.\n`);
  done(io, globals, { ...token, accessKey }, accessKey);
}

export function registerToken(program: Command, io: CliIo): void {
  const group = program.command('token').description('manage API tokens: credentials of a site, a build or a server (`Authorization: Bearer <token>`)');

  group
    .command('create <name>')
    .description('create a token and print it once')
    .option('--type <type>', 'read-only (find and findOne of every content type), full-access (every action) or custom (the --grant actions)', 'read-only')
    .option('--grant <action>', 'an action a custom token may do, e.g. api::article.article.find (repeat for more)', collect, [])
    .option('--duration <days>', 'how long it works: 7, 30, 90 or unlimited', 'unlimited')
    .option('--description <text>', 'what the token is for')
    .action(async (name: string, options: { type: string; grant: string[]; duration: string; description?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { tokens, system } = await openTokens(globals, io);
      const { token, accessKey } = await tokens.create(system, { name, type: options.type, grant: options.grant, duration: options.duration, description: options.description });
      shownOnce(io, globals, 'Created', token, accessKey);
    });

  group
    .command('list')
    .description('list tokens: name, type, created, expires, last used (never the token itself)')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { tokens: service, system } = await openTokens(globals, io);
      const tokens = service.list(system);
      emit(io, globals, tokens, () =>
        table(
          tokens.map((token) => ({ name: token.name, type: token.type, created: day(token.createdAt), expires: day(token.expiresAt), lastUsed: token.lastUsedAt ?? 'never', description: token.description })),
          ['name', 'type', 'created', 'expires', 'lastUsed', 'description'],
        ),
      );
    });

  group
    .command('regenerate <name>')
    .description('give a token a new value and print it once; the old value stops working at once')
    .action(async (name: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { tokens, system } = await openTokens(globals, io);
      const { token, accessKey } = await tokens.regenerate(system, name);
      shownOnce(io, globals, 'Regenerated', token, accessKey);
    });

  group
    .command('revoke <name>')
    .description('delete a token; requests with it are refused at once')
    .action(async (name: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { tokens, system } = await openTokens(globals, io);
      const token = await tokens.revoke(system, name);
      done(io, globals, token, `Revoked API token "${token.name}".`);
    });
}
