/** `folio serve`: start the HTTP server and stop it cleanly on SIGINT/SIGTERM. */
import type { Command } from 'commander';
import { ApplicationError } from '../../errors.js';
import type { CliIo, GlobalOptions } from '../io.js';

function parsePort(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new ApplicationError(`--port must be a number from 0 to 65535, got "${value}"`);
  return Number(value);
}

export function registerServe(program: Command, io: CliIo): void {
  program
    .command('serve')
    .description('start the HTTP server; prints "foliocms listening on http://HOST:PORT" when ready')
    .option('--port <port>', 'port to listen on; 0 picks a free one (default: config, then 1337)')
    .option('--host <host>', 'address to listen on (default: config, then 127.0.0.1)')
    .action(async (options: { port?: string; host?: string }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalOptions>();
      const overrides = { ...(options.port !== undefined && { port: parsePort(options.port) }), ...(options.host !== undefined && { host: options.host }) };
      const [{ openProject }, { startServer }] = await Promise.all([import('../../project/index.js'), import('../../server/index.js')]);
      const project = await openProject(globals.dir, { env: io.env, overrides });
      let running;
      try {
        running = await startServer(project);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const { host, port } = project.config.server;
        if (code === 'EADDRINUSE') throw new ApplicationError(`port ${port} on ${host} is already in use; pass another with --port`);
        if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new ApplicationError(`cannot listen on host "${host}" (${code})`);
        if (code === 'EACCES') throw new ApplicationError(`no permission to listen on port ${port}; use a port above 1023`);
        throw error;
      }
      const { stop } = running;
      // Handlers go in before the ready line: whoever reads it may signal at once.
      const stopped = new Promise<void>((resolve) => {
        const shutdown = (signal: NodeJS.Signals) => {
          project.log.info(`${signal} received: finishing in-flight requests and writes`);
          stop().then(resolve, (error: unknown) => {
            project.log.error('shutdown failed', error);
            process.exitCode = 1;
            resolve();
          });
        };
        process.once('SIGINT', shutdown);
        process.once('SIGTERM', shutdown);
      });
      io.out(`foliocms listening on ${running.url}\n`);
      await stopped;
    });
}
