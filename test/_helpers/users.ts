/** A user service over the real tables of a temporary copy of the sample project (no server), and user rows written straight into a table. */
import type { Config } from '../../src/config/index.js';
import { createModelLookup } from '../../src/model/index.js';
import { openProjectData, type ProjectData } from '../../src/project/index.js';
import { createUserService, type ContentRelations, type UserService } from '../../src/users/index.js';
import { copySampleProject, writeFiles } from './index.js';

export interface UsersFixture {
  dir: string;
  data: ProjectData;
  service: UserService;
  /** Another service over the same files, with its own tables: what a second process sees. */
  secondProcess(): Promise<UserService>;
  cleanup(): Promise<void>;
}

export interface UsersFixtureOptions {
  /** Project files to add, path → text (e.g. `content-types/users-permissions/user.yaml`). */
  files?: Record<string, string>;
  advanced?: Partial<Config['usersPermissions']['advanced']>;
  contentRelations?: ContentRelations;
}

async function open(dir: string, options: UsersFixtureOptions): Promise<{ data: ProjectData; service: UserService }> {
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

export async function usersFixture(options: UsersFixtureOptions = {}): Promise<UsersFixture> {
  const sample = await copySampleProject();
  await writeFiles(sample.dir, options.files);
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
 * Adds a user row straight into the users table, as the store keeps it, for states the API
 * cannot create (a blocked or unconfirmed user with a token, a provider account, a user in a given
 * role: `{ role: id }`). Works on a served project or on bare project data. Answers its id.
 */
export async function addUserRow(project: Pick<ProjectData, 'tables'>, values: Record<string, unknown> = {}, roleType = 'authenticated'): Promise<number> {
  const role = project.tables.roles.rows().find((row) => row.type === roleType)!;
  return project.tables.users.update((data) => {
    const id = data.nextId++;
    const stamp = '2026-01-01T00:00:00.000Z';
    data.rows.push({
      id, documentId: `user${id}`.padEnd(24, 'q'), username: `user${id}`, email: `user${id}@example.com`, provider: 'local', password: null,
      resetPasswordToken: null, confirmationToken: null, confirmed: true, blocked: false, role: role.id,
      createdAt: stamp, updatedAt: stamp, publishedAt: stamp, ...values,
    } as never);
    return id;
  });
}
