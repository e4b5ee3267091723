// Types of postgres-server.mjs, for the test helpers that import it.
export interface PostgresServer {
  /** The server's URL (with `/database` when one was asked for). */
  url: string;
  /** Stops it as a crash of the database would, keeping its data. */
  kill(): Promise<void>;
  /** Starts it again after `kill`. */
  restart(): Promise<void>;
  /** Stops it and removes its folder. */
  stop(): Promise<void>;
}

export function startPostgresServer(options?: { database?: string }): Promise<PostgresServer>;
export function serverUrl(url: string): string;
export function shownUrl(url: string): string;
export function existingServer(url: string): Promise<string>;
export function testDatabasePrefix(run?: string): string;
export function dropDatabases(server: string, which: { names?: string[]; prefix?: string }): Promise<number>;
