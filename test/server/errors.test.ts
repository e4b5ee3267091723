import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createServer, request as httpRequest } from 'node:http';
import { ApplicationError, ForbiddenError, NotFoundError, PaginationError, PolicyError, RateLimitError, UnauthorizedError, ValidationError, PayloadTooLargeError, NotImplementedError, ServiceUnavailableError, InsufficientStorageError } from '../../src/errors.js';
import { messages } from '../../src/messages.js';
import { openProject } from '../../src/project/index.js';
import { createApp, toErrorBody } from '../../src/server/index.js';
import { copySampleProject, listenLocal, request } from '../_helpers/index.js';
import { apiServer } from '../_helpers/server.js';

const table = suite('toErrorBody(error)');

table('should map each error class to Strapi\'s status and keep its name, message and details', () => {
  const cases: Array<[Error, number, string]> = [
    [new ApplicationError('nope'), 400, 'ApplicationError'],
    [new ValidationError('bad', { errors: [] }), 400, 'ValidationError'],
    [new PaginationError(), 400, 'PaginationError'],
    [new UnauthorizedError(), 401, 'UnauthorizedError'],
    [new ForbiddenError('Forbidden'), 403, 'ForbiddenError'],
    [new PolicyError(), 403, 'PolicyError'],
    [new NotFoundError(), 404, 'NotFoundError'],
    [new PayloadTooLargeError(), 413, 'PayloadTooLargeError'],
    [new RateLimitError(), 429, 'RateLimitError'],
    [new NotImplementedError(), 501, 'NotImplementedError'],
    [new ServiceUnavailableError('The server is shutting down'), 503, 'ServiceUnavailableError'],
    [new InsufficientStorageError(), 507, 'InsufficientStorageError'],
  ];
  for (const [error, status, name] of cases) {
    const body = toErrorBody(error);
    assert.equal(body, { data: null, error: { status, name, message: error.message, details: (error as ApplicationError).details } }, name);
  }
});

table('should hide an unknown error behind a generic 500', () => {
  assert.equal(toErrorBody(new Error('secret: /etc/passwd')), {
    data: null,
    error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} },
  });
  assert.equal(toErrorBody('a string').error.status, 500);
});

table.run();

// ---------------------------------------------------------------------------------------------

const http = suite('HTTP error envelope');
let base: string;
let close: () => Promise<void>;
const logged: string[] = [];

http.before(async () => {
  const sample = await copySampleProject();
  const project = await openProject(sample.dir, { logLines: (line) => logged.push(line) });
  const app = createApp(project);
  // A route that fails the way a bug would, to see what the client and the log get.
  app.use((ctx) => {
    if (ctx.path === '/boom') throw new Error('database password is hunter2');
  });
  const server = createServer(app.callback());
  base = `http://127.0.0.1:${await listenLocal(server)}`;
  close = async () => {
    await new Promise((resolve) => server.close(resolve));
    await sample.cleanup();
  };
});

http.after(() => close());

http('when the route does not exist then 404 NotFoundError in the envelope', async () => {
  const response = await request(`${base}/api/nothing-here`);
  assert.is(response.status, 404);
  assert.match(response.headers.get('content-type') ?? '', /application\/json/);
  assert.equal(response.body, { data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details: {} } });
});

http('when an /api route is a typo of a content type then the 404 stays Strapi\'s and suggests the route in details', async () => {
  const notFound = (details: Record<string, unknown>) => ({ data: null, error: { status: 404, name: 'NotFoundError', message: 'Not Found', details } });
  const cases: Array<[string, Record<string, unknown>]> = [
    ['/api/artcles', { suggestion: '/api/articles' }],
    ['/api/article', { suggestion: '/api/articles' }],
    ['/api/categries/abc', { suggestion: '/api/categories' }],
    ['/api/homepag', { suggestion: '/api/homepage' }], // a single type's route is its singular name
    ['/api/zzzzzzzz', {}], // nothing close
    ['/api/articles/abc/def', {}], // the type exists: the rest of the path is wrong
    ['/artcles', {}], // not under /api
  ];
  for (const [path, details] of cases) {
    const response = await request(`${base}${path}`);
    assert.is(response.status, 404, path);
    assert.equal(response.body, notFound(details), path);
  }
});

http('when an /api route is a typo of a type the caller may not read then the 404 suggests nothing', async () => {
  const api = await apiServer({ publicActions: ['api::article.article.find'] });
  try {
    assert.equal((await api.get('/api/artcles')).body.error.details, { suggestion: '/api/articles' });
    assert.equal((await api.get('/api/categries')).body.error.details, {}, 'Public does not read categories');
  } finally {
    await api.close();
  }
});

http('when the JSON body is malformed then 400 in the envelope', async () => {
  const response = await request(`${base}/api/i18n/locales`, { method: 'POST', body: '{"data": {"title": "x"' });
  assert.is(response.status, 400);
  assert.equal(response.body, { data: null, error: { status: 400, name: 'BadRequestError', message: messages.malformedJson, details: {} } });
});

http('when the body is not a JSON object or array then 400', async () => {
  const response = await request(`${base}/api/i18n/locales`, { method: 'POST', body: '"just a string"' });
  assert.is(response.status, 400);
  assert.is(response.body.error.name, 'BadRequestError');
});

http('when a sign-in body is not sent as JSON then 400 saying so, not that its fields are missing', async () => {
  const json = JSON.stringify({ identifier: 'ada@example.com', password: 'a-password' });
  const plain = await request(`${base}/api/auth/local`, { method: 'POST', body: json, headers: { 'content-type': 'text/plain' } });
  assert.is(plain.status, 400);
  assert.equal(plain.body, { data: null, error: { status: 400, name: 'BadRequestError', message: messages.notJson('text/plain'), details: {} } });
  const untyped = await fetch(`${base}/api/auth/local`, { method: 'POST', body: new TextEncoder().encode(json) });
  assert.is(untyped.status, 400);
  assert.equal(await untyped.json(), { data: null, error: { status: 400, name: 'BadRequestError', message: messages.notJson(''), details: {} } });
  const form = await request(`${base}/api/auth/local`, { method: 'POST', body: 'identifier=ada', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  assert.is(form.body.error.message, messages.notJson('application/x-www-form-urlencoded'));
  const empty = await request(`${base}/api/auth/local`, { method: 'POST', body: '', headers: { 'content-type': 'text/plain' } });
  assert.is(empty.body.error.name, 'ValidationError', 'no body at all is read as an empty one: its fields are missing');
});

http('when the body is larger than the limit then 413 in the envelope', async () => {
  const big = JSON.stringify({ data: { text: 'x'.repeat(1024 * 1024 + 10) } });
  const response = await request(`${base}/api/i18n/locales`, { method: 'POST', body: big });
  assert.is(response.status, 413);
  assert.is(response.body.data, null);
  assert.is(response.body.error.name, 'PayloadTooLargeError');
  assert.is(response.body.error.status, 413);
  assert.match(response.body.error.message, /larger than the limit/);
});

http('when the method is not allowed on a route then 405 in the envelope, with an Allow header listing the methods it takes', async () => {
  const response = await request(`${base}/api/i18n/locales`, { method: 'DELETE' });
  assert.is(response.status, 405);
  assert.equal(response.body, { data: null, error: { status: 405, name: 'MethodNotAllowedError', message: 'Method Not Allowed', details: {} } });
  assert.is(response.headers.get('allow'), 'HEAD, GET, POST');
  const cases: Array<[string, string, string]> = [
    ['PATCH', '/api/articles', 'HEAD, GET, POST'],
    ['POST', '/api/articles/abc', 'HEAD, GET, PUT, DELETE'],
    ['POST', '/api/homepage', 'HEAD, GET, PUT, DELETE'],
    ['GET', '/api/auth/local', 'POST'],
    // A method no route knows is the caller's mistake too: 405, never a 5xx.
    ['PURGE', '/api/articles', 'HEAD, GET, POST'],
  ];
  for (const [method, path, allow] of cases) {
    const answer = await request(`${base}${path}`, { method });
    assert.is(answer.status, 405, `${method} ${path}`);
    assert.is(answer.body.error.name, 'MethodNotAllowedError', `${method} ${path}`);
    assert.is(answer.headers.get('allow'), allow, `${method} ${path}`);
  }
  assert.is((await request(`${base}/api/articles`)).headers.get('allow'), null, 'an answered request carries no Allow');
});

http('when a handler fails unexpectedly then 500 with a generic message and the cause only in the log', async () => {
  const response = await request(`${base}/boom`);
  assert.is(response.status, 500);
  assert.equal(response.body, { data: null, error: { status: 500, name: 'InternalServerError', message: 'Internal Server Error', details: {} } });
  assert.not.match(response.text, /hunter2/);
  // The request's line carries the cause, once the answer is sent.
  for (let i = 0; i < 50 && !logged.some((line) => line.includes('/boom')); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  assert.ok(logged.some((line) => line.includes(' error GET /boom 500 ') && line.includes('hunter2')), 'the cause is logged');
});

http.run();

// ---------------------------------------------------------------------------------------------

const shutdown = suite('RunningServer.stop()');

shutdown('should let an in-flight request finish, then refuse new connections', async () => {
  const running = await apiServer({ publicActions: [] });
  const { port } = new URL(running.url);

  // A request whose body is still arriving when shutdown starts.
  let finishBody = () => {};
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/i18n/locales', headers: { 'content-type': 'application/json', 'content-length': '11' } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.write('{"data":');
    finishBody = () => req.end('{}}');
  });
  while (running.app.folio.inFlight === 0) await new Promise((resolve) => setImmediate(resolve));
  let stopped = false;
  const stopping = running.stop().then(() => (stopped = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.not.ok(stopped, 'stop waits for the request in flight');
  finishBody();
  const result = await answer;
  assert.is(result.status, 401, 'the in-flight request got its real answer (adding a locale needs credentials)');
  await stopping;
  assert.ok(stopped);
  const refused = await fetch(`${running.url}/api/i18n/locales`).then(() => false, () => true);
  assert.ok(refused, 'no new connections after stop');
  await running.close();
});

shutdown.run();
