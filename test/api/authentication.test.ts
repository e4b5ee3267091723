/** Bearer tokens (user JWTs, checked as Strapi 5 checks them): what gets in, and the 401s for everything else. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import jwt from 'jsonwebtoken';
import { issueToken } from '../../src/auth/index.js';
import { bearer } from '../_helpers/index.js';
import { apiServer, type ApiServer } from '../_helpers/server.js';
import { addUserRow } from '../_helpers/users.js';

const missingOrInvalid = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Missing or invalid credentials', details: {} } };
const invalidCredentials = { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid credentials', details: {} } };

let api: ApiServer;
let userId: number;

const addUser = (values: Record<string, unknown>) => addUserRow(api.project, values);

const tokens = suite('bearer tokens');
tokens.before(async () => {
  api = await apiServer({ publicActions: ['api::category.category.find'], authenticatedActions: ['api::article.article.find'] });
  userId = await addUser({});
});
tokens.after(() => api.close());


tokens('a valid token acts as its user\'s role: Authenticated may do what Public may not', async () => {
  assert.is((await api.get('/api/articles')).status, 403, 'Public lacks article.find');
  const response = await api.get('/api/articles', bearer(issueToken(api.project.tokens, userId)));
  assert.is(response.status, 200);
  assert.is((await api.get('/api/categories', bearer(issueToken(api.project.tokens, userId)))).status, 403, 'the user acts as Authenticated, not Public');
});

tokens('a token that does not verify is 401 Missing or invalid credentials, never Public', async () => {
  const { secret } = api.project.tokens;
  const forged = [
    jwt.sign({ id: userId }, 'not the secret'),
    jwt.sign({ id: userId }, secret, { algorithm: 'HS512' }),
    jwt.sign({ id: userId }, secret, { expiresIn: -10 }),
    jwt.sign({ id: String(userId) }, secret),
    jwt.sign({ sub: userId }, secret),
    // alg: none — an unsigned token with the same payload
    `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ id: userId })).toString('base64url')}.`,
    'garbage',
  ];
  for (const token of forged) {
    const response = await api.get('/api/categories', bearer(token));
    assert.equal(response.body, missingOrInvalid, token);
  }
});

tokens('a valid token of a blocked, deleted or unconfirmed user is 401 Invalid credentials', async () => {
  const blocked = await addUser({ blocked: true });
  assert.equal((await api.get('/api/articles', bearer(issueToken(api.project.tokens, blocked)))).body, invalidCredentials);
  const deleted = await addUser({});
  const token = issueToken(api.project.tokens, deleted);
  await api.project.tables.users.update((data) => {
    data.rows = data.rows.filter((row) => row.id !== deleted);
  });
  assert.equal((await api.get('/api/articles', bearer(token))).body, invalidCredentials);
});

tokens('tokens are HS256 with payload { id } and the configured lifetime', () => {
  const decoded = jwt.decode(issueToken(api.project.tokens, userId), { complete: true }) as jwt.Jwt;
  assert.is(decoded.header.alg, 'HS256');
  const payload = decoded.payload as jwt.JwtPayload;
  assert.is(payload.id, userId);
  assert.is(payload.exp! - payload.iat!, 30 * 24 * 3600);
});

tokens('without a configured secret one is generated once, kept owner-only in data/, and reused', async () => {
  const file = join(api.dir, 'data/.jwt-secret');
  assert.is((await stat(file)).mode & 0o077, 0);
  assert.is((await readFile(file, 'utf8')).trim(), api.project.tokens.secret);
});

tokens.run();

const confirmation = suite('with email confirmation on');

confirmation('a valid token of an unconfirmed user is 401 Invalid credentials', async () => {
  api = await apiServer({ authenticatedActions: ['api::article.article.find'], config: { 'users-permissions': { advanced: { emailConfirmation: true } } } });
  const unconfirmed = await addUser({ confirmed: false });
  assert.equal((await api.get('/api/articles', bearer(issueToken(api.project.tokens, unconfirmed)))).body, invalidCredentials);
  await api.close();
});

confirmation.run();
