/** `folio permission grant|revoke|list`: a role's permissions (Strapi action ids). A running server obeys them on its next request. */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { done, emit, table } from '../output.js';
import { openRoleService } from './role.js';

const ROLE_ARGUMENT = 'a role type, name or id, e.g. public';

export function registerPermission(program: Command, io: CliIo): void {
  const group = program.command('permission').description("manage a role's permissions, e.g. `folio permission grant public api::article.article.find`");

  group
    .command('grant <role> <action...>')
    .description(`allow a role actions (${ROLE_ARGUMENT}; actions like api::article.article.find)`)
    .action(async (ref: string, actions: string[], _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service, system } = await openRoleService(globals, io);
      const result = await service.grant(system, ref, actions);
      const lines = [
        ...(result.granted.length > 0 ? [`Granted to ${result.role.name}: ${result.granted.join(', ')}.`] : []),
        ...(result.alreadyGranted.length > 0 ? [`${result.role.name} already held: ${result.alreadyGranted.join(', ')}.`] : []),
      ];
      done(io, globals, result, lines.join('\n'));
    });

  group
    .command('revoke <role> <action...>')
    .description(`take actions from a role (${ROLE_ARGUMENT})`)
    .action(async (ref: string, actions: string[], _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service, system } = await openRoleService(globals, io);
      const result = await service.revoke(system, ref, actions);
      const lines = [
        ...(result.revoked.length > 0 ? [`Revoked from ${result.role.name}: ${result.revoked.join(', ')}.`] : []),
        ...(result.notGranted.length > 0 ? [`${result.role.name} did not hold: ${result.notGranted.join(', ')}.`] : []),
      ];
      done(io, globals, result, lines.join('\n'));
    });

  group
    .command('list <role>')
    .description(`list the actions a role holds (${ROLE_ARGUMENT})`)
    .action(async (ref: string, _options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { service } = await openRoleService(globals, io);
      const { role, actions } = service.listGranted(ref);
      emit(io, globals, actions, () => (actions.length === 0 ? `${role.name} holds no permission.\n` : table(actions.map((action) => ({ action })), ['action'])));
    });
}
