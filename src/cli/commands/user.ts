/**
 * `folio user create|list|block|unblock|delete`: end users in data/users.json. Safe while
 * `folio serve` runs on the same project: the tables lock and re-read, and the server follows the
 * change on its next request.
 */
import type { Command } from 'commander';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, printable, table } from '../output.js';
import { canPrompt, valueOrAsk } from '../prompt.js';

interface CreateOptions {
  username?: string;
  email?: string;
  password?: string;
  role?: string;
  confirmed?: boolean;
  blocked?: boolean;
}

/** The project's user and role services (not its documents: nothing here needs them), and the CLI's actor: the system. */
async function openUsers(globals: GlobalOptions, io: CliIo) {
  const [{ openProjectData }, users, { SYSTEM_ACTOR }] = await Promise.all([
    import('../../project/index.js'),
    import('../../users/index.js'),
    import('../../permissions/index.js'),
  ]);
  const project = await openProjectData(globals.dir, { env: io.env });
  return { service: project.users, roles: project.roles, users, system: SYSTEM_ACTOR };
}

type Opened = Awaited<ReturnType<typeof openUsers>>;

/** A validation error with several problems says all of them on its one line, not "3 errors occurred". */
async function oneLine<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const errors = error instanceof ValidationError ? error.details.errors : undefined;
    if (Array.isArray(errors) && errors.length > 1) {
      throw new ValidationError(errors.map((issue: { message: string }) => issue.message).join('; '), (error as ValidationError).details, { cause: error });
    }
    throw error;
  }
}

function requireUser({ service, users }: Opened, value: string) {
  const user = service.findByIdOrEmail(value);
  if (!user) throw new NotFoundError(users.userMessages.noUserMatching(value));
  return user;
}

export function registerUser(program: Command, io: CliIo): void {
  const group = program.command('user').description('manage end users (data/users.json)');

  group
    .command('create')
    .description('create a user with a password (a local account)')
    .option('--username <u>', 'username (at least 3 characters)')
    .option('--email <e>', 'email address')
    .option('--password <p>', 'password (6 to 72 bytes); asked masked on a terminal when left out')
    .option('--role <role>', 'role type, name or id (default: advanced.defaultRole, "authenticated")')
    .option('--confirmed', 'mark the email as confirmed')
    .option('--blocked', 'create the account blocked')
    .action(async (options: CreateOptions, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const opened = await openUsers(globals, io);
      const { service, roles, system } = opened;
      // The role first: a wrong one fails before anything is asked.
      const role = options.role === undefined ? undefined : roles.resolveRole(options.role);
      const username = await valueOrAsk(io, globals, options.username, { flag: '--username <u>', message: 'Username' });
      const email = await valueOrAsk(io, globals, options.email, { flag: '--email <e>', message: 'Email' });
      const password = await valueOrAsk(io, globals, options.password, { flag: '--password <p>', message: 'Password', type: 'password' });
      const body = {
        username,
        email,
        password,
        confirmed: options.confirmed ?? false,
        blocked: options.blocked ?? false,
        ...(role ? { role: role.id } : {}),
      };
      const user = await oneLine(() => service.create(system, body));
      const userRole = service.roleOf(user);
      done(io, globals, service.sanitizeUser(user, { role: userRole }), `Created user ${user.id} (${user.username} <${user.email}>) with role ${userRole?.name ?? 'none'}.`);
    });

  group
    .command('list')
    .description('list users with their role and state')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service } = await openUsers(globals, io);
      const rows = service.list({ sort: [{ path: ['id'], order: 'asc' }] }).map((user) => ({ user, role: service.roleOf(user) }));
      const json = rows.map(({ user, role }) => service.sanitizeUser(user, { role }));
      const human = rows.map(({ user, role }) => ({ id: user.id, username: user.username, email: user.email, role: role?.name ?? '', confirmed: user.confirmed, blocked: user.blocked }));
      emit(io, globals, json, () => (human.length === 0 ? 'No users.\n' : table(human, ['id', 'username', 'email', 'role', 'confirmed', 'blocked'])));
    });

  for (const [name, blocked] of [['block', true], ['unblock', false]] as const) {
    group
      .command(`${name} <id-or-email>`)
      .description(blocked ? 'block a user: their tokens stop working and they cannot log in' : 'unblock a user')
      .action(async (value: string, _options: unknown, command: Command) => {
        const globals = command.optsWithGlobals<GlobalOptions>();
        const opened = await openUsers(globals, io);
        const user = await opened.service.setBlocked(opened.system, requireUser(opened, value).id, blocked);
        done(io, globals, opened.service.sanitizeUser(user, { role: opened.service.roleOf(user) }), `${blocked ? 'Blocked' : 'Unblocked'} user ${user.id} (${user.username}).`);
      });
  }

  group
    .command('delete <id-or-email>')
    .description('delete a user and their sessions (asks first on a terminal, unless --yes)')
    .action(async (value: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const opened = await openUsers(globals, io);
      const user = requireUser(opened, value);
      if (canPrompt(io, globals)) {
        // The prompt library prints its message as given: a username's escape codes are shown as text here too.
        const message = printable(`Delete user ${user.id} (${user.username} <${user.email}>)?`);
        const sure = await valueOrAsk<boolean>(io, globals, undefined, { flag: '--yes', message, type: 'confirm', default: false });
        if (!sure) {
          io.err('Nothing deleted.\n');
          return;
        }
      }
      const removed = await opened.service.remove(opened.system, user.id);
      done(io, globals, opened.service.sanitizeUser(removed), `Deleted user ${removed.id} (${removed.username}).`);
    });
}
