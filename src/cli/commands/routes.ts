/** `folio routes [--json]`: every route the server answers, with its method, path and action (docs/custom-code.md). */
import type { Command } from 'commander';
import type { CliIo, GlobalOptions } from '../io.js';
import { emit, table } from '../output.js';

export function registerRoutes(program: Command, io: CliIo): void {
  program
    .command('routes')
    .description("list every route the server answers, the project's own too, with the action each asks for")
    .action(async (_options: unknown, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const [{ openProject }, { listRoutes }] = await Promise.all([import('../../project/index.js'), import('../../server/index.js')]);
      const project = await openProject(globals.dir, { env: io.env });
      try {
        const routes = listRoutes(project);
        emit(io, globals, routes, () => table(routes.map((route) => ({ ...route })), ['method', 'path', 'action']));
      } finally {
        await project.close();
      }
    });
}
