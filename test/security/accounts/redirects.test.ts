/**
 * Open redirects and poisoned links (the "Attacks on accounts" part): connect callbacks
 * off the configured origin, and confirmation redirects and reset links built from the request's
 * Host header or query.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { NO_RATE_LIMIT, apiServer } from '../../_helpers/server.js';
import { codeIn, emailConfigFor, mailCatcher } from '../../_helpers/smtp.js';
import { ACME_PROVIDER } from '../_helpers.js';
import { SYSTEM_ACTOR } from '../../../src/permissions/index.js';

const redirects = suite('open redirects and poisoned links');

redirects('connect refuses every callback off the configured origin and path, and redirects only to the provider', async () => {
  const local = await apiServer({ config: { 'users-permissions': { ...NO_RATE_LIMIT, providers: { acme: ACME_PROVIDER } } } });
  try {
    const refused = [
      'https://evil.example/signed-in', '//evil.example/signed-in', 'https://app.example.evil.example/signed-in', 'https://app.example@evil.example/signed-in',
      'https://evil.example\\@app.example/signed-in', 'https://app.example/signed-in/../../evil', 'https://app.example/signed-inx', 'https://app.example/signed-in/more',
      'https://app.example/signed-in%2F..%2Fevil', 'http://app.example/signed-in', 'javascript:alert(1)//https://app.example/signed-in', 'data:text/html,<script>alert(1)</script>',
      '/\\evil.example', '\\\\evil.example', 'https:evil.example', 'https://app.example:8443/signed-in', 'signed-in', '', ' https://evil.example',
    ];
    const problems: string[] = [];
    for (const callback of refused) {
      const response = await fetch(`${local.url}/api/connect/acme?callback=${encodeURIComponent(callback)}`, { redirect: 'manual' });
      const location = response.headers.get('location') ?? '';
      if (response.status !== 400 && !(response.status === 302 && location.startsWith('https://idp.example/authorize?'))) problems.push(`${callback} → ${response.status} ${location}`);
      if (response.status === 302 && callback !== '') problems.push(`${callback} → accepted`);
    }
    for (const callback of ['https://app.example/signed-in', 'https://app.example/signed-in?next=1']) {
      const response = await fetch(`${local.url}/api/connect/acme?callback=${encodeURIComponent(callback)}`, { redirect: 'manual' });
      assert.is(response.status, 302, callback);
      assert.ok(response.headers.get('location')!.startsWith('https://idp.example/authorize?'), 'to the provider, never to the callback');
    }
    assert.equal(problems, []);
  } finally {
    await local.close();
  }
});

redirects('email confirmation redirects only where the config says, whatever the query or Host header', async () => {
  const catcher = await mailCatcher();
  const local = await apiServer({ config: { email: emailConfigFor(catcher.port), server: { host: '127.0.0.1', port: 0, proxy: true }, 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailConfirmation: true, emailConfirmationRedirection: 'https://site.example/welcome' } } } });
  try {
    await local.post('/api/auth/local/register', { username: 'ada', email: 'ada@example.com', password: 'correct-horse' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' });
    const mail = await catcher.next('ada@example.com');
    assert.not.match(mail.text, /evil\.example/, 'the link in the email is not built from the Host header');
    const confirmation = codeIn(mail.text, 'confirmation')!;
    const query = ['redirect', 'redirectUrl', 'redirect_uri', 'callback', 'url', 'next', 'returnTo'].map((key) => `${key}=${encodeURIComponent('https://evil.example/')}`).join('&');
    const response = await local.send('GET', `/api/auth/email-confirmation?confirmation=${confirmation}&${query}`, undefined, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    assert.is(response.status, 302);
    assert.is(response.headers.get('location'), 'https://site.example/welcome');
  } finally {
    await local.close();
    await catcher.close();
  }
});

redirects('a reset email links to the configured page, whatever the Host or X-Forwarded-Host of the request', async () => {
  const catcher = await mailCatcher();
  for (const proxy of [false, true]) {
    const local = await apiServer({ config: { email: emailConfigFor(catcher.port), server: { host: '127.0.0.1', port: 0, proxy }, 'users-permissions': { ...NO_RATE_LIMIT, advanced: { emailResetPasswordUrl: 'https://site.example/reset' } } } });
    try {
      await local.project.users.create(SYSTEM_ACTOR, { username: 'ada', email: 'ada@example.com', password: 'correct-horse', confirmed: true });
      await local.post('/api/auth/forgot-password', { email: 'ada@example.com' }, { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'host=evil.example' });
      const mail = await catcher.next('ada@example.com');
      assert.match(mail.text, /https:\/\/site\.example\/reset\?code=[0-9a-f]{128}/, `proxy ${proxy}`);
      assert.not.match(mail.text, /evil\.example/, `proxy ${proxy}`);
    } finally {
      await local.close();
    }
  }
  await catcher.close();
});

redirects.run();
