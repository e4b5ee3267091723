/**
 * Document middlewares as the content service runs them: in order, each able to change the params
 * and the result; and, for a read, params made and a result filled only when a middleware asks,
 * which is what keeps a cached list answer cached under a middleware that passes through.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createDocumentMiddlewares, LazyContext, LazyResult, runDocumentAction, type DocumentContext } from '../../src/content/middlewares.js';
import { loadSchemas } from '../../src/schema/index.js';
import { repoRoot } from '../_helpers/index.js';

const test = suite('document middlewares');
const { contentTypes } = await loadSchemas(repoRoot);
const article = contentTypes.find((type) => type.singularName === 'article')!;

test('middlewares run in the order added, around the action, and may change params and result', async () => {
  const middlewares = createDocumentMiddlewares();
  const order: string[] = [];
  middlewares.use(async (context, next) => {
    order.push('first in');
    (context.params.data as Record<string, unknown>).slug = 'filled';
    const result = (await next()) as Record<string, unknown>;
    order.push('first out');
    return { ...result, seen: true };
  });
  middlewares.use(async (_context, next) => {
    order.push('second');
    return next();
  });
  const context: DocumentContext = { uid: article.uid, contentType: article, action: 'create', params: { data: { title: 'Hi' } } };
  const result = await runDocumentAction(middlewares.list, context, async () => {
    order.push('action');
    return { ...(context.params.data as object), id: 1 };
  });
  assert.equal(order, ['first in', 'second', 'action', 'first out']);
  assert.equal(result, { title: 'Hi', slug: 'filled', id: 1, seen: true });
});

test('a read through a middleware that passes through makes no params and leaves its result unread', async () => {
  const middlewares = createDocumentMiddlewares();
  middlewares.use((_context, next) => next());
  let made = 0;
  const context = new LazyContext(article, 'findMany', () => (made++, { filters: {} }));
  let loads = 0;
  const lazy = new LazyResult<unknown[]>([], () => (loads++, [{ id: 1 }]));
  const result = await runDocumentAction(middlewares.list, context, () => lazy.value);
  assert.is(result, lazy.value);
  assert.equal([context.touched, made, lazy.loaded(), loads], [false, 0, false, 0]);
});

test('a middleware that reads the params or looks at the result gets them made', async () => {
  const middlewares = createDocumentMiddlewares();
  middlewares.use(async (context, next) => {
    context.params.filters = { title: 'Hi' };
    const rows = (await next()) as unknown[];
    return rows.length;
  });
  const context = new LazyContext(article, 'findMany', () => ({ sort: 'title' }));
  const lazy = new LazyResult<unknown[]>([], () => [{ id: 1 }, { id: 2 }]);
  const result = await runDocumentAction(middlewares.list, context, () => lazy.value);
  assert.equal([result, context.touched, lazy.loaded()], [2, true, true]);
  assert.equal(context.params, { sort: 'title', filters: { title: 'Hi' } });
  assert.ok(Array.isArray(lazy.value));
  assert.is(JSON.stringify(lazy.value), '[{"id":1},{"id":2}]');
});

test('a middleware that throws, at once or later, rejects the action; nothing after it runs', async () => {
  const middlewares = createDocumentMiddlewares();
  middlewares.use(() => {
    throw new Error('refused at once');
  });
  let ran = false;
  const context: DocumentContext = { uid: article.uid, contentType: article, action: 'delete', params: {} };
  await runDocumentAction(middlewares.list, context, () => (ran = true)).then(
    () => assert.unreachable('it should reject'),
    (error: Error) => assert.is(error.message, 'refused at once'),
  );
  assert.is(ran, false);
});

test.run();
