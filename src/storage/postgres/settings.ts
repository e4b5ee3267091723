/**
 * Where the database is and how to reach it: the settings of `config/database.yaml`, the connection
 * options node-postgres is given, and the database as messages show it, without the password.
 */
import type pg from 'pg';

/**
 * Where the database is and how many connections to keep: `config/database.yaml`
 * (docs/postgresql.md).
 */
export interface PostgresSettings {
  connection: {
    /** `postgres://user:password@host:port/database`; when given, it wins over the keys below. */
    connectionString: string | null;
    host: string;
    port: number;
    database: string;
    user: string;
    password: string | null;
    ssl: boolean;
    /** The PostgreSQL schema the tables live in. */
    schema: string;
  };
  pool: { min: number; max: number };
}

/** The connection's settings for node-postgres: the URL wins over the separate keys. */
export function clientConfig(settings: PostgresSettings): pg.ClientConfig {
  const { connection } = settings;
  // extra_float_digits above 0 (PostgreSQL's default, pinned): a double's text is its shortest, as
  // JavaScript writes it, which the SQL reader's number text relies on.
  const options = `-c search_path=${connection.schema} -c extra_float_digits=1`;
  if (connection.connectionString) return { connectionString: connection.connectionString, options, ...(connection.ssl && { ssl: true }) };
  return {
    host: connection.host,
    port: connection.port,
    database: connection.database,
    user: connection.user,
    ...(connection.password !== null && { password: connection.password }),
    ssl: connection.ssl,
    options,
  };
}

/**
 * The database as messages may show it: no password, ever.
 * @example shownDatabase(settings) // 'postgres://folio@db.internal:5432/site'
 */
export function shownDatabase(settings: PostgresSettings): string {
  const { connection } = settings;
  if (connection.connectionString) {
    try {
      const url = new URL(connection.connectionString);
      url.password = '';
      url.search = '';
      return url.toString().replace(/^(\w+:\/\/[^@/]*):@/, '$1@');
    } catch {
      return 'the database of connection.connectionString';
    }
  }
  return `postgres://${connection.user}@${connection.host}:${connection.port}/${connection.database}`;
}
