/** `folio role create|list|delete`: the roles of data/roles.json. A running server follows them live. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';
import { valueOrAsk } from '../prompt.js';

/** The project's roles service (shared with `folio permission`), and the CLI's actor: the system. */
export async function openRoleService(globals: GlobalOptions, io: CliIo) {
  const [{ openProjectData }, { SYSTEM_ACTOR }] = await Promise.all([import('../../project/index.js'), import('../../permissions/index.js')]);
  const { config, roles } = await openProjectData(globals.dir, { env: io.env });
  return { config, service: roles, system: SYSTEM_ACTOR };
}

export function registerRole(program: Command, io: CliIo): void {
  const group = program.command('role').description('manage roles (Public, Authenticated and your own)');

  group
    .command('create [name]')
    .description('create a role with no permissions; grant them with `folio permission grant`')
    .option('--description <d>', 'what the role is for')
    .option('--type <type>', 'its key, used by `folio permission` and config (default: the name in snake_case)')
    .action(async (nameArg: string | undefined, options: { description?: string; type?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const name = await valueOrAsk(io, globals, nameArg, { flag: '<name>', message: 'Role name (e.g. Editor)' });
      const { service, system } = await openRoleService(globals, io);
      const role = await service.create(system, { name, ...(options.description !== undefined && { description: options.description }), ...(options.type !== undefined && { type: options.type }) });
      done(io, globals, role, `Created role ${role.name} (type ${role.type}).`);
    });

  group
    .command('list')
    .description('list roles with their type, description and number of users')
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service } = await openRoleService(globals, io);
      const roles = service.list();
      emit(io, globals, roles, () => table(roles.map((role) => ({ id: role.id, name: role.name, type: role.type, users: role.nb_users, description: role.description })), ['id', 'name', 'type', 'users', 'description']));
    });

  group
    .command('delete <name-or-id>')
    .description('delete a role (not Public); its users get the Public role, as in Strapi')
    .action(async (ref: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service, config, system } = await openRoleService(globals, io);
      const { role, usersMoved } = await service.remove(system, service.resolveRole(ref).id);
      const moved = usersMoved === 0 ? '' : ` Its ${usersMoved} user${usersMoved === 1 ? '' : 's'} now ha${usersMoved === 1 ? 's' : 've'} the Public role.`;
      done(io, globals, { role, usersMoved }, `Deleted role ${role.name}.${moved}`);
      if (role.type === config.usersPermissions.advanced.defaultRole) {
        io.err(`folio: warning: "${role.type}" was the default role of new users (users-permissions.advanced.defaultRole); choose another with \`folio config set users-permissions.advanced.defaultRole <type>\`.\n`);
      }
    });
}
