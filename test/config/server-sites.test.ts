/**
 * `config/server.yaml` keys for sites on other origins: `cors`, `security`, `compression` — their
 * defaults (Strapi's), the forms they accept, and the values refused at start, naming file and key.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { copySampleProject, expectError, folio, tempDir } from '../_helpers/index.js';

async function loadServer(yaml: string) {
  const tmp = await tempDir();
  try {
    await mkdir(join(tmp.path, 'config'));
    await writeFile(join(tmp.path, 'config', 'server.yaml'), yaml);
    return (await loadConfig(tmp.path)).server;
  } finally {
    await tmp.cleanup();
  }
}

async function refusal(yaml: string): Promise<string> {
  return (await expectError(loadServer(yaml), Error)).message;
}

// ---------------------------------------------------------------------------------------------

const values = suite('loadConfig: server.cors, server.security, server.compression');

values('when server.yaml says nothing of them then Strapi\'s defaults apply, and compression from 1 KB', async () => {
  const server = await loadServer('port: 1337\n');
  assert.equal(server.cors, {
    enabled: true,
    origin: '*',
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    headers: ['Content-Type', 'Authorization', 'Origin', 'Accept'],
    expose: [],
    maxAge: 31536000,
    credentials: true,
    keepHeaderOnError: true,
  });
  assert.equal(server.compression, { enabled: true, threshold: 1024 });
  assert.equal(server.security.xFrameOptions, { action: 'sameorigin' });
  assert.is(server.security.crossOriginResourcePolicy, false);
});

values('when values are written as Strapi\'s options take them then they are read in one form', async () => {
  const server = await loadServer([
    'cors:',
    '  origin: "https://www.example.com, HTTPS://Admin.Example.com:443/"',
    '  methods: get, post',
    '  expose: [Content-Disposition]',
    'security:',
    '  frameguard: { action: DENY }',
    '  hsts: { maxAge: 600 }',
    '  contentSecurityPolicy:',
    '    directives:',
    '      imgSrc: "\'self\' data: https://cdn.example.com"',
    'compression: { threshold: 2kb }',
    '',
  ].join('\n'));
  assert.equal(server.cors.origin, ['https://www.example.com', 'https://admin.example.com']);
  assert.equal(server.cors.methods, ['GET', 'POST']);
  assert.equal(server.cors.expose, ['Content-Disposition']);
  assert.is(server.cors.credentials, true, 'the keys not given keep their default');
  assert.equal(server.security.xFrameOptions, { action: 'deny' });
  assert.equal(server.security.strictTransportSecurity, { maxAge: 600, includeSubDomains: true });
  const csp = server.security.contentSecurityPolicy as { directives: Record<string, unknown> };
  assert.equal(csp.directives['img-src'], ["'self'", 'data:', 'https://cdn.example.com']);
  assert.equal(csp.directives['connect-src'], ["'self'", 'https:'], 'the default directives stay');
  assert.is(server.compression.threshold, 2048);
});

values.run();

// ---------------------------------------------------------------------------------------------

const refused = suite('loadConfig: bad values of server.cors, server.security, server.compression');

refused('when a cors value is wrong then the message names the file and the key', async () => {
  assert.is(
    await refusal('cors: { origin: www.example.com }\n'),
    'config/server.yaml: cors.origin must be an origin like "https://www.example.com" (scheme, host and port only), got "www.example.com"',
  );
  assert.is(
    await refusal('cors: { origin: [https://www.example.com, https://www.example.com/app] }\n'),
    'config/server.yaml: cors.origin.1 must be an origin like "https://www.example.com" (scheme, host and port only), got "https://www.example.com/app"',
  );
  assert.is(await refusal('cors: { origin: ["https://*.example.com"] }\n'), 'config/server.yaml: cors.origin.0 must list origins one by one, without wildcards, got "https://*.example.com"');
  assert.is(await refusal('cors: { origin: [] }\n'), 'config/server.yaml: cors.origin must be "*" or list at least one origin (to turn CORS off: cors.enabled: false)');
  assert.is(await refusal('cors: { methods: [GET, "PO ST"] }\n'), 'config/server.yaml: cors.methods.1 must be an HTTP method like "GET", got "PO ST"');
  assert.is(await refusal('cors: { headers: "Authorization, X Client" }\n'), 'config/server.yaml: cors.headers must be a header name like "Authorization", got "X Client"');
  assert.is(await refusal('cors: { maxAge: -5 }\n'), 'config/server.yaml: cors.maxAge must be an integer from 0 to 9007199254740991, got -5');
  assert.is(await refusal('cors: { credentials: yes please }\n'), 'config/server.yaml: cors.credentials must be true or false, got "yes please"');
  assert.is(await refusal('cors: { keepHeadersOnError: true }\n'), 'config/server.yaml: cors.keepHeadersOnError is not a known setting; did you mean "keepHeaderOnError"?');
});

refused('when a security value is wrong then the message names the file and the key as written', async () => {
  assert.is(
    await refusal('security: { frameguard: { action: allow } }\n'),
    'config/server.yaml: security.frameguard.action must be one of "deny", "sameorigin", got "allow"',
  );
  assert.is(
    await refusal('security: { referrerPolicy: { policy: [no-referrer, everywhere] } }\n'),
    'config/server.yaml: security.referrerPolicy.policy.1 must be one of "no-referrer", "no-referrer-when-downgrade", "same-origin", "origin", "strict-origin", "origin-when-cross-origin", "strict-origin-when-cross-origin", "unsafe-url", got "everywhere"',
  );
  assert.is(
    await refusal("security:\n  contentSecurityPolicy:\n    directives:\n      script-src: ['self']\n"),
    'config/server.yaml: security.contentSecurityPolicy.directives.script-src.0 must keep its single quotes: write "\'self\'"',
  );
  assert.is(
    await refusal('security: { contentSecurityPolicy: { directives: { img-src: "\'self\'; script-src *" } } }\n'),
    'config/server.yaml: security.contentSecurityPolicy.directives.img-src must be a CSP source like "\'self\'" or "https://cdn.example.com", got "\'self\';"',
  );
  assert.is(
    await refusal('security: { contentSecurityPolicy: { directives: { defaultSrc: null } } }\n'),
    'config/server.yaml: security.contentSecurityPolicy.directives.defaultSrc cannot be dropped: every other directive falls back to it',
  );
  assert.is(
    await refusal("security: { contentSecurityPolicy: { useDefaults: false, directives: { img-src: [\"'self'\"] } } }\n"),
    'config/server.yaml: security.contentSecurityPolicy.directives must set default-src when useDefaults is false',
  );
  assert.is(
    await refusal('security: { hsts: false, strictTransportSecurity: { maxAge: 60 } }\n'),
    'config/server.yaml: security.strictTransportSecurity is the same setting as hsts: give only one of them',
  );
  assert.is(await refusal('security: { xFrameOption: false }\n'), 'config/server.yaml: security.xFrameOption is not a known setting; did you mean "xFrameOptions"?');
  assert.is(await refusal('security: { xContentTypeOptions: { on: true } }\n'), 'config/server.yaml: security.xContentTypeOptions must be true or false, got {"on":true}');
});

refused('when a compression value is wrong then the message names the file and the key', async () => {
  assert.is(await refusal('compression: { threshold: lots }\n'), 'config/server.yaml: compression.threshold must be a number of bytes like 1024 or "1kb", got "lots"');
  assert.is(await refusal('compression: { enabled: 1 }\n'), 'config/server.yaml: compression.enabled must be true or false, got 1');
});

refused('when server.yaml has a bad value then folio serve stops before listening, with that one line', async () => {
  const sample = await copySampleProject();
  try {
    await writeFile(join(sample.dir, 'config', 'server.yaml'), 'cors:\n  origin: [https://www.example.com/]\n  methods: [GET, 42]\n');
    const result = await folio(['--dir', sample.dir, 'serve', '--port', '0']);
    assert.is(result.code, 1);
    assert.is(result.stdout, '');
    assert.match(result.stderr, 'config/server.yaml: cors.methods.1 must be an HTTP method like "GET", got 42');
  } finally {
    await sample.cleanup();
  }
});

refused.run();
