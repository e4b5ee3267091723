/**
 * A served copy of the sample project for the settings routes: an `Administrator` role holding every
 * settings action and the users and roles actions (as the repository's sample has it), an account in
 * it and one in Authenticated, each with a JWT, and `folio` run in this process over the project.
 */
import { issueToken } from '../../src/auth/index.js';
import { createProgram, type CliIo } from '../../src/cli/index.js';
import { SETTINGS_ACTIONS, SYSTEM_ACTOR } from '../../src/permissions/index.js';
import { bearer } from './index.js';
import { apiServer, PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, type ApiServer, type ProjectOptions } from './server.js';
import { addUserRow } from './users.js';

/** What the repository's sample grants its Administrator role (data/permissions.json). */
export const ADMINISTRATOR_ACTIONS = [...SETTINGS_ACTIONS, ...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION];

export interface SettingsServer {
  api: ApiServer;
  /** `Authorization` of an account whose role is Administrator. */
  admin: Record<string, string>;
  adminId: number;
  /** `Authorization` of an account in Authenticated, which holds no settings action. */
  editor: Record<string, string>;
  /** `folio …args` run in this process on the served project (the built CLI may be older than the source). */
  folio(...args: string[]): Promise<{ out: string; err: string; error?: unknown }>;
  close(): Promise<void>;
}

export async function settingsServer(options: ProjectOptions = {}): Promise<SettingsServer> {
  const api = await apiServer({ publicActions: [], ...options });
  const role = await api.project.roles.create(SYSTEM_ACTOR, { name: 'Administrator', type: 'administrator' });
  await api.project.roles.grant(SYSTEM_ACTOR, role.id, ADMINISTRATOR_ACTIONS);
  const adminId = await addUserRow(api.project, { username: 'owner', email: 'owner@example.com' }, 'administrator');
  const editorId = await addUserRow(api.project, { username: 'eddie', email: 'eddie@example.com' });
  const folio = async (...args: string[]) => {
    let out = '';
    let err = '';
    const io: CliIo = { out: (text) => void (out += text), err: (text) => void (err += text), isTTY: false, env: {} };
    try {
      await createProgram(io).exitOverride().parseAsync(['--dir', api.dir, ...args], { from: 'user' });
      return { out, err };
    } catch (error) {
      return { out, err, error };
    }
  };
  return {
    api,
    admin: bearer(issueToken(api.project.tokens, adminId)),
    adminId,
    editor: bearer(issueToken(api.project.tokens, editorId)),
    folio,
    close: () => api.close(),
  };
}

/** A Strapi error body's `error`, with the field its first detail names (`details.errors[0].path`). */
export function fieldOf(body: { error?: { details?: { errors?: Array<{ path: string[] }> } } }): string | undefined {
  return body.error?.details?.errors?.[0]?.path.join('.');
}
