/**
 * No oracle on private fields (the issue's "Attacks on accounts" part): the query language of
 * every list (filters, sort, fields, populate, search) can neither tell a private, password,
 * component or user field's value nor show it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueToken } from '../../../src/auth/index.js';
import { bearer } from '../../_helpers/index.js';
import { NO_RATE_LIMIT, PERMISSIONS_ACTION, ROLE_ACTIONS, USER_ACTIONS, apiServer, type ApiServer } from '../../_helpers/server.js';
import { envelopeProblem } from '../_helpers.js';
import { SYSTEM_ACTOR } from '../../../src/permissions/index.js';

const vault = `
kind: collectionType
info: { singularName: vault, pluralName: vaults, displayName: Vault }
options: { draftAndPublish: false }
attributes:
  title:  { type: string }
  secret: { type: string, private: true }
  pin:    { type: password }
  owner:  { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
  box:    { type: component, repeatable: false, component: sec.box }
`;
const box = `
info: { displayName: Box }
attributes:
  label:  { type: string }
  hidden: { type: string, private: true }
`;
const userExtension = 'attributes:\n  secretNote: { type: string, private: true }\n  nickname: { type: string }\n';

const oracle = suite('no oracle on private fields');
let oracleApi: ApiServer;
let oracleAdmin: Record<string, string>;
let vaultId: string;
let resetHash: string;
const SECRET_VALUES = ['vault-secret-alpha', 'pin-1234', 'box-hidden-beta', 'note-secret-gamma', 'hunter2-long'];

oracle.before(async () => {
  oracleApi = await apiServer({
    files: { 'content-types/vault.yaml': vault, 'content-types/components/sec/box.yaml': box, 'content-types/users-permissions/user.yaml': userExtension },
    authenticatedActions: [...USER_ACTIONS, ...ROLE_ACTIONS, PERMISSIONS_ACTION],
    config: { 'users-permissions': NO_RATE_LIMIT },
  });
  // Public may read users, so a vault's `owner` can be written and populated (else it is a restricted relation).
  await oracleApi.project.roles.grant(SYSTEM_ACTOR, 'public', ['plugin::users-permissions.user.find']);
  const owner = await oracleApi.project.users.create(SYSTEM_ACTOR, { username: 'owner', email: 'owner@example.com', password: 'hunter2-long', confirmed: true, secretNote: 'note-secret-gamma' } as never);
  await oracleApi.project.users.create(SYSTEM_ACTOR, { username: 'other', email: 'other@example.com', password: 'other-password', confirmed: true });
  oracleAdmin = bearer(issueToken(oracleApi.project.tokens, owner.id));
  const created = await oracleApi.post('/api/vaults', { data: { title: 'Vault', secret: 'vault-secret-alpha', pin: 'pin-1234', owner: owner.id, box: { label: 'lid', hidden: 'box-hidden-beta' } } });
  assert.is(created.status, 200, created.text);
  vaultId = created.body.data.documentId;
  await oracleApi.post('/api/vaults', { data: { title: 'Other vault', secret: 'zzz-other', pin: 'pin-9999' } });
  await oracleApi.post('/api/auth/forgot-password', { email: 'owner@example.com' });
  for (let i = 0; i < 100 && !resetHash; i++) {
    resetHash = oracleApi.project.tables.users.rows().find((row) => row.username === 'owner')!.resetPasswordToken as string;
    if (!resetHash) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  assert.ok(resetHash, 'a reset token is pending');
});
oracle.after(async () => {
  await oracleApi?.close();
});

/**
 * Each probe is a query with `{V}`: sent once with a value that matches the secret and once with
 * one that does not. The two answers must be identical (no oracle), be a 4xx in the envelope or
 * the same as the answer without the probe (an ignored parameter), and carry no secret.
 */
async function probe(path: string, probes: string[], headers: Record<string, string> = {}, hit = 'vault-secret-alpha'): Promise<string[]> {
  const problems: string[] = [];
  const baseline = await oracleApi.send('GET', path, undefined, headers);
  for (const entry of probes) {
    // `~`: a query that may legitimately answer 2xx (a search, populate=*): only no-oracle and no-secret apply.
    const lenient = entry.startsWith('~');
    const query = lenient ? entry.slice(1) : entry;
    const sep = path.includes('?') ? '&' : '?';
    const hitValue = query.includes('{H}') ? resetHash : hit;
    const yes = await oracleApi.send('GET', `${path}${sep}${query.replace(/\{V\}|\{H\}/g, encodeURIComponent(hitValue))}`, undefined, headers);
    const no = await oracleApi.send('GET', `${path}${sep}${query.replace(/\{V\}|\{H\}/g, 'no-such-value-at-all')}`, undefined, headers);
    const label = `${path}?${query}`;
    if (yes.status >= 500 || no.status >= 500) problems.push(`${label}: ${yes.status}/${no.status}`);
    else if (yes.status !== no.status || yes.text !== no.text) problems.push(`${label}: ORACLE — the answer depends on the secret (${yes.status} ${yes.text.slice(0, 80)} vs ${no.status} ${no.text.slice(0, 80)})`);
    else if (yes.status >= 400 ? envelopeProblem(yes) : !lenient && yes.text !== baseline.text) problems.push(`${label}: ${yes.status} that is neither a 4xx envelope nor the unfiltered answer: ${yes.text.slice(0, 120)}`);
    for (const secret of [...SECRET_VALUES, resetHash]) {
      if (yes.text.includes(secret)) problems.push(`${label}: the answer contains ${secret}`);
    }
    if (/\$scrypt\$/.test(yes.text)) problems.push(`${label}: the answer contains a password hash`);
  }
  return problems;
}

const CONTENT_PROBES = [
  'filters[secret][$eq]={V}', 'filters[secret]={V}', 'filters[secret][$startsWith]=vault', 'filters[secret][$containsi]={V}', 'filters[secret][$in][0]={V}', 'filters[secret][$null]=true', 'filters[secret][$notNull]=true',
  'filters[pin][$eq]=pin-1234', 'filters[pin][$null]=false', 'filters[pin][$startsWith]=$scrypt',
  'filters[$or][0][secret][$eq]={V}&filters[$or][1][title][$eq]=nothing', 'filters[$and][0][title][$notNull]=true&filters[$and][1][secret][$eq]={V}', 'filters[$not][secret][$eq]={V}', 'filters[$not][$not][secret][$eq]={V}',
  'filters[box][hidden][$eq]=box-hidden-beta', 'filters[box][hidden][$null]=false',
  'filters[owner][password][$startsWith]=$scrypt', 'filters[owner][password][$null]=false', 'filters[owner][resetPasswordToken][$eq]={H}', 'filters[owner][resetPasswordToken][$notNull]=true',
  'filters[owner][confirmationToken][$null]=true', 'filters[owner][secretNote][$eq]=note-secret-gamma', 'filters[owner][role][users][password][$null]=false', 'filters[owner][role][users][secretNote][$eq]=note-secret-gamma',
  'sort=secret', 'sort=secret:desc', 'sort[0]=pin', 'sort[secret]=asc', 'sort=owner.password', 'sort[owner][password]=asc', 'sort=owner.resetPasswordToken:desc', 'sort=box.hidden', 'sort[owner][secretNote]=desc',
  'fields=secret', 'fields[0]=pin', 'fields=title,secret', 'fields[0]=title&fields[1]=secret',
  'populate[owner][fields][0]=password', 'populate[owner][fields][0]=resetPasswordToken', 'populate[owner][fields]=secretNote', 'populate[owner][filters][password][$startsWith]=$scrypt',
  'populate[owner][filters][resetPasswordToken][$eq]={H}', 'populate[owner][sort]=password', 'populate[owner][populate][role][populate][users][fields][0]=password',
  'populate[owner][populate][role][populate][users][filters][secretNote][$eq]=note-secret-gamma', 'populate[box][fields][0]=hidden', '~populate[owner][populate]=*', '~populate=*',
  'where[secret]={V}', 'where[owner][password][$null]=false', 'where[pin][$startsWith]=$scrypt',
  'lookup[secret]={V}', 'lookup[owner][password][$null]=false',
  '~_q={V}', '~_q=pin-1234', '~_q=box-hidden-beta', '~_q=note-secret-gamma', '~_q={H}',
];

oracle('every probe on a content list (private, password, component and relation-to-user fields) reveals nothing', async () => {
  const problems = await probe('/api/vaults', CONTENT_PROBES);
  assert.equal(problems, []);
});

oracle('the same probes on a single document, the other lists and a single type reveal nothing', async () => {
  const others = CONTENT_PROBES.filter((q) => !q.startsWith('populate[box]'));
  const problems = [
    ...(await probe(`/api/vaults/${vaultId}`, CONTENT_PROBES)),
    ...(await probe('/api/articles', others)),
    ...(await probe('/api/categories', others)),
    ...(await probe('/api/homepage', others)),
  ];
  assert.equal(problems, []);
});

oracle('lookup is refused on every content list, whatever it holds', async () => {
  for (const path of ['/api/vaults', '/api/articles', '/api/categories', `/api/vaults/${vaultId}`, '/api/homepage']) {
    for (const query of ['lookup[secret]=x', 'lookup=x', 'lookup[$ne]=x']) {
      const response = await oracleApi.get(`${path}?${query}`);
      assert.is(response.status, 400, `${path}?${query}`);
      assert.match(response.body.error.message, /lookup/, `${path}?${query}`);
    }
  }
});

const USER_PROBES = [
  'filters[password][$startsWith]=$scrypt', 'filters[password][$null]=false', 'filters[password][$eq]=hunter2-long', 'filters[resetPasswordToken][$eq]={H}', 'filters[resetPasswordToken][$notNull]=true',
  'filters[confirmationToken][$null]=true', 'filters[secretNote][$eq]=note-secret-gamma', 'filters[secretNote][$startsWith]=note',
  'filters[$or][0][password][$null]=false&filters[$or][1][username][$eq]=none', 'filters[$not][resetPasswordToken][$null]=true', 'filters[role][users][password][$null]=false',
  'filters[role][users][resetPasswordToken][$eq]={H}', 'filters[role][users][secretNote][$eq]=note-secret-gamma',
  'sort=password', 'sort=resetPasswordToken:desc', 'sort[0]=confirmationToken', 'sort[secretNote]=asc', 'sort=role.users.password',
  'fields=password', 'fields[0]=resetPasswordToken', 'fields=username,secretNote', 'fields[0]=confirmationToken',
  'populate[role][populate][users][fields][0]=password', 'populate[role][populate][users][filters][password][$null]=false', 'populate[role][filters][users][password][$null]=false',
  'populate[role][populate][users][sort]=resetPasswordToken', '~populate[role][populate]=*',
  'where[password][$null]=false', 'where[resetPasswordToken]={H}', 'lookup[password][$null]=false', 'lookup[resetPasswordToken]={H}',
  '~_q=hunter2-long', '~_q={H}', '~_q=note-secret-gamma', '~_q=$scrypt',
];

oracle('every probe on /api/users, /api/users/count and /api/users/me reveals nothing', async () => {
  const problems = [
    ...(await probe('/api/users', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe('/api/users/count', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe('/api/users/me', USER_PROBES, oracleAdmin, 'note-secret-gamma')),
    ...(await probe(`/api/users/${oracleApi.project.users.findByIdOrEmail('owner@example.com')!.id}`, USER_PROBES, oracleAdmin, 'note-secret-gamma')),
  ];
  assert.equal(problems, []);
});

oracle('populating a relation to users, roles or a component never shows a private value', async () => {
  for (const query of ['populate=*', 'populate[owner][populate]=*', 'populate[owner][populate][role]=true', 'populate[box]=true', 'populate=owner,box']) {
    const response = await oracleApi.get(`/api/vaults?${query}`);
    assert.ok(response.status < 500, query);
    for (const secret of [...SECRET_VALUES, resetHash]) assert.not.ok(response.text.includes(secret), `${query}: ${secret}`);
    assert.not.match(response.text, /"(password|resetPasswordToken|confirmationToken|secretNote|secret|pin|hidden)"/, query);
  }
  const roles = await oracleApi.get('/api/users?populate=role', oracleAdmin);
  assert.not.match(roles.text, /"(password|resetPasswordToken|confirmationToken|secretNote)"/);
});

oracle.run();
