/**
 * Attacks on the auth rate limits (the issue's "Attacks on accounts" part): a bucket split by body
 * fields, forwarding headers, another spelling of the path, or another address for the same user.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../../src/auth/index.js';
import { bearer } from '../../_helpers/index.js';
import { apiServer } from '../../_helpers/server.js';
import { ACME_PROVIDER } from '../_helpers.js';
import { SYSTEM_ACTOR } from '../../../src/permissions/index.js';

const limits = suite('rate-limit buckets cannot be split');
const limited = { 'users-permissions': { ratelimit: { enabled: true, interval: 60_000, max: 2 }, providers: { acme: ACME_PROVIDER } } };

// Strapi 5.54 keys register, forgot-password and send-email-confirmation by the lower-cased email too
// (so people behind one address each get a bucket); nothing else in a body ever gives a fresh one.
limits('no limited route gets a fresh bucket from different body fields, nor from another spelling of the same email', async () => {
  const local = await apiServer({ config: limited, authenticatedActions: [] });
  try {
    const user = await local.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const token = bearer(issueToken(local.project.tokens, user.id));
    const routes: Array<[string, string, (i: number) => unknown, Record<string, string>?]> = [
      ['POST', '/api/auth/local', (i) => ({ identifier: `someone${i}@example.com`, password: `guess-${i}`, deviceId: `device-${i}` })],
      ['POST', '/api/auth/local/register', (i) => ({ username: `u${i}`, email: i % 2 ? 'NOT-an-email' : 'not-an-email', password: `correct-horse-${i}` })],
      ['POST', '/api/auth/forgot-password', (i) => ({ email: i % 2 ? 'Target@Example.com' : 'target@example.com' })],
      ['POST', '/api/auth/reset-password', (i) => ({ code: `${i}`.repeat(128).slice(0, 128), password: 'x-pass-word', passwordConfirmation: 'x-pass-word' })],
      ['POST', '/api/auth/send-email-confirmation', (i) => ({ email: i % 2 ? 'TARGET@example.com' : 'target@example.com' })],
      ['POST', '/api/auth/change-password', (i) => ({ currentPassword: `guess-${i}`, password: 'new-pass-word', passwordConfirmation: 'new-pass-word' }), token],
      ['GET', '/api/connect/acme', (i) => i],
    ];
    const problems: string[] = [];
    for (const [method, path, body, headers] of routes) {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = method === 'GET'
          ? await local.send('GET', `${path}?callback=${encodeURIComponent(`https://app.example/signed-in?try=${i}`)}`, undefined, headers)
          : await local.send(method, path, JSON.stringify(body(i)), headers);
        statuses.push(response.status);
      }
      if (statuses[2] !== 429 || statuses[3] !== 429) problems.push(`${method} ${path}: ${statuses.join(', ')}`);
    }
    assert.equal(problems, [], 'the 3rd and 4th attempt answer 429 whatever the body says');
  } finally {
    await local.close();
  }
});

limits('without server.proxy no forwarding header, user agent or cookie gives a fresh bucket', async () => {
  const local = await apiServer({ config: limited });
  try {
    const login = (headers: Record<string, string>) => local.send('POST', '/api/auth/local', JSON.stringify({ identifier: 'ada', password: 'guess' }), headers);
    assert.is((await login({})).status, 400);
    assert.is((await login({})).status, 400);
    const spoofs: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.1' }, { 'x-forwarded-for': '203.0.113.2, 127.0.0.1' }, { 'x-real-ip': '203.0.113.3' },
      { forwarded: 'for=203.0.113.4' }, { 'true-client-ip': '203.0.113.5' }, { 'cf-connecting-ip': '203.0.113.6' }, { 'x-client-ip': '203.0.113.7' },
      { 'x-cluster-client-ip': '203.0.113.8' }, { 'fastly-client-ip': '203.0.113.9' }, { 'user-agent': 'another browser' }, { cookie: 'session=other' },
      { 'accept-language': 'fr' }, { 'x-strapi-refresh-cookie': 'httpOnly' }, { host: 'other.example' }, { 'x-forwarded-host': 'other.example' },
    ];
    const problems: string[] = [];
    for (const headers of spoofs) {
      const response = await login(headers);
      if (response.status !== 429) problems.push(`${JSON.stringify(headers)} → ${response.status}`);
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

limits('another spelling of the path (trailing slash, case, query string, encoding) never gives a fresh bucket', async () => {
  const local = await apiServer({ config: limited });
  try {
    const body = JSON.stringify({ identifier: 'ada', password: 'guess' });
    assert.is((await local.send('POST', '/api/auth/local', body)).status, 400);
    assert.is((await local.send('POST', '/api/auth/local', body)).status, 400);
    const problems: string[] = [];
    for (const path of ['/api/auth/local/', '/API/AUTH/LOCAL', '/api/auth/local?x=1', '/api/auth/local/?', '/api/auth//local', '/api/auth/%6Cocal', '/api/auth/local%20', '/api/auth/./local', '/api/auth/x/../local', '/api/auth/local;x', '/api/auth/local#x']) {
      const response = await local.send('POST', path, body);
      // A spelling the router does not serve is a 404; one it serves must share the bucket.
      if (response.status !== 429 && response.status !== 404) problems.push(`${path} → ${response.status}`);
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

limits('a signed-in user\'s bucket follows the user, not the address it comes from', async () => {
  const local = await apiServer({ config: limited });
  try {
    const user = await local.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
    const token = bearer(issueToken(local.project.tokens, user.id));
    const change = (headers: Record<string, string>) => local.send('POST', '/api/auth/change-password', JSON.stringify({ currentPassword: 'guess', password: 'new-pass-word', passwordConfirmation: 'new-pass-word' }), { ...token, ...headers });
    assert.is((await change({})).status, 400);
    assert.is((await change({ 'x-forwarded-for': '203.0.113.1' })).status, 400);
    assert.is((await change({ 'x-forwarded-for': '203.0.113.2' })).status, 429);
    assert.is((await change({ 'user-agent': 'other' })).status, 429);
    // Signing in again gives another token of the same user: the same bucket.
    assert.is((await change({ authorization: `Bearer ${issueToken(local.project.tokens, user.id)}` })).status, 429);
  } finally {
    await local.close();
  }
});

limits.run();
