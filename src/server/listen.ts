/**
 * Starting and stopping the HTTP server: the ready line, and a shutdown that stops accepting,
 * lets in-flight requests and their writes finish, then resolves.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { messages } from '../messages.js';
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

/**
 * Requests Node's HTTP parser refuses before Koa sees them (headers or URL too large, bytes that
 * are not HTTP) still get the error envelope, not a bare status line.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (!socket.writable || (error as { code?: string }).code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, name, message] = error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'RequestHeaderFieldsTooLargeError', messages.headersTooLarge] : [400, 'BadRequestError', messages.badRequest];
  const body = JSON.stringify({ data: null, error: { status, name, message, details: {} } });
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
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
  server.on('clientError', answerClientError);
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
      await project.close();
    })());

  return { app, server, url: formatUrl(host, bound), stop };
}
