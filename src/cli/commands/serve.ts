/** `folio serve`: start the HTTP server and stop it cleanly on SIGINT/SIGTERM. */
import type { Command } from 'commander';
import { ApplicationError } from '../../errors.js';
import type { Project } from '../../project/index.js';
import type { CliIo, GlobalOptions } from '../io.js';

/**
 * The first request to try on a server that just started: the first collection type that Public
 * may list (content types in name order), with its relations and components; none when Public may
 * list none. A role table the server cannot read is no reason to fail a start.
 */
function firstTry(project: Project, url: string, findAction: (singularName: string) => string): string | undefined {
  let granted: ReadonlySet<string>;
  try {
    granted = new Set(project.roles.listGranted('public').actions);
  } catch {
    return undefined;
  }
  const type = project.schemas.contentTypes.find((candidate) => candidate.kind === 'collectionType' && granted.has(findAction(candidate.singularName)));
  return type && `curl '${url}/api/${type.pluralName}?populate=*'`;
}

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
      const [{ openProject }, { startServer }, { contentAction }] = await Promise.all([
        import('../../project/index.js'),
        import('../../server/index.js'),
        import('../../permissions/index.js'),
      ]);
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
      // The ready line stays alone on stdout, exactly so: scripts and tests parse it.
      io.out(`foliocms listening on ${running.url}\n`);
      const hint = firstTry(project, running.url, (singularName) => contentAction(singularName, 'find'));
      if (hint) project.log.info(`try: ${hint}`);
      const { admin } = project.config.server;
      if (admin.enabled) project.log.info(`editors' page: ${running.url}${admin.path}/ (sign in with a user whose role may read content; docs/editors-page.md)`);
      await stopped;
    });
}
