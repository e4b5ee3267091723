/** A user service over a temporary copy of the sample project, and a way to look at its failures. */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../../src/config/index.js';
import { createModelLookup } from '../../src/model/index.js';
import { ApplicationError } from '../../src/errors.js';
import { openProjectData, type ProjectData } from '../../src/project/index.js';
import { createUserService, type ContentRelations, type UserService } from '../../src/users/index.js';
import { copySampleProject } from '../_helpers/index.js';

export interface UsersFixture {
  dir: string;
  data: ProjectData;
  service: UserService;
  /** Another service over the same files, with its own tables: what a second process sees. */
  secondProcess(): Promise<UserService>;
  cleanup(): Promise<void>;
}

export interface FixtureOptions {
  /** Project files to add, path → text (e.g. `content-types/users-permissions/user.yaml`). */
  files?: Record<string, string>;
  advanced?: Partial<Config['usersPermissions']['advanced']>;
  contentRelations?: ContentRelations;
}

async function open(dir: string, options: FixtureOptions): Promise<{ data: ProjectData; service: UserService }> {
  const data = await openProjectData(dir, { env: {} });
  const { userModel, ...lookup } = createModelLookup(data.schemas);
  const config: Config = {
    ...data.config,
    usersPermissions: { ...data.config.usersPermissions, advanced: { ...data.config.usersPermissions.advanced, ...options.advanced } },
  };
  const service = createUserService({
    users: data.tables.users,
    roles: data.tables.roles,
    sessions: data.tables.sessions,
    userModel,
    lookup,
    config: () => config,
    ...(options.contentRelations ? { contentRelations: options.contentRelations } : {}),
  });
  return { data, service };
}

export async function usersFixture(options: FixtureOptions = {}): Promise<UsersFixture> {
  const sample = await copySampleProject();
  for (const [file, text] of Object.entries(options.files ?? {})) {
    await mkdir(dirname(join(sample.dir, file)), { recursive: true });
    await writeFile(join(sample.dir, file), text);
  }
  const { data, service } = await open(sample.dir, options);
  return {
    dir: sample.dir,
    data,
    service,
    secondProcess: async () => (await open(sample.dir, options)).service,
    cleanup: sample.cleanup,
  };
}

/**
 * Awaits `work` and answers the ApplicationError it fails with. uvu 0.5 cannot print an error whose
 * `details` is an object, so anything else (or no failure) becomes a plain Error it can show.
 */
export async function failure(work: Promise<unknown> | (() => unknown)): Promise<ApplicationError> {
  try {
    await (typeof work === 'function' ? work() : work);
  } catch (error) {
    if (error instanceof ApplicationError) return error;
    throw new Error(`expected an ApplicationError, got ${error instanceof Error ? error.stack : String(error)}`);
  }
  throw new Error('expected a failure, but it succeeded');
}

/** Runs `work`, turning an ApplicationError into a plain Error uvu can print (with its details). */
export async function ok<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ApplicationError) throw new Error(`${error.name}: ${error.message} ${JSON.stringify(error.details)}`);
    throw error;
  }
}

export const ada = { username: 'ada', email: 'Ada@Example.com', password: 'lovelace1' };
export const bob = { username: 'bob', email: 'bob@example.com', password: 'builder12' };
