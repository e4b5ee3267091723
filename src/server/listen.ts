/**
 * Starting and stopping the HTTP server: the ready line, and a shutdown that stops accepting,
 * lets in-flight requests and their writes finish, then resolves.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Project } from '../project/index.js';
import { createApp, type FolioApp } from './app.js';

export interface RunningServer {
  app: FolioApp;
  server: Server;
  /** http://HOST:PORT, with the port actually bound (so `--port 0` shows the real one). */
  url: string;
  /** Stops accepting, waits for in-flight requests and pending writes, stops watching files. */
  stop(): Promise<void>;
}

function formatUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Listens on the configured host and port and follows changes to the project made by other processes.
 * @example const { url, stop } = await startServer(project); console.log(url); await stop();
 */
export async function startServer(project: Project): Promise<RunningServer> {
  const app = createApp(project);
  const { host, port } = project.config.server;
  const server = app.listen({ host, port });
  await once(server, 'listening');
  const bound = (server.address() as AddressInfo).port;
  const stopWatching = project.watch();
  project.setListeningUrl(formatUrl(host, bound));

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      app.folio.draining = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      while (app.folio.inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await project.flush();
      server.closeAllConnections();
      await closed;
      stopWatching();
    })());

  return { app, server, url: formatUrl(host, bound), stop };
}
