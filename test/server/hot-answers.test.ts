/**
 * A repeated anonymous read is answered as the whole middleware chain answered it — the same
 * status, headers and bytes — and never after anything it depends on changed: a write, Public's
 * permissions, the caller's encoding or origin, credentials, a condition.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { apiServer, type ApiServer } from '../_helpers/server.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** One GET with node:http, headers as given and nothing else. */
function get(api: ApiServer, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${api.url}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The headers of an answer but the date, which moves on. */
const headersOf = ({ headers }: RawAnswer) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'date'));
const titles = (answer: RawAnswer): string[] => (JSON.parse(answer.bytes.toString()).data as Array<{ title: string }>).map((entry) => entry.title);

const hot = suite<{ api: ApiServer }>('answers kept for repeated anonymous reads');
hot.before.each(async (context) => {
  context.api = await apiServer({ config: { server: { cors: { enabled: true, origin: ['https://site.example'] } } } });
});
hot.after.each(({ api }) => api.close());

hot('the same anonymous read, asked again, answers the same status, headers and bytes', async ({ api }) => {
  await api.put('/api/homepage?status=published', { data: { title: 'Welcome' } });
  for (const path of ['/api/articles', '/api/articles?sort=title&pagination[pageSize]=2', '/api/homepage']) {
    const first = await get(api, path);
    const again = await get(api, path);
    const third = await get(api, path);
    assert.is(first.status, 200, path);
    assert.equal([again.status, headersOf(again), again.bytes.toString()], [first.status, headersOf(first), first.bytes.toString()], path);
    assert.equal([third.status, headersOf(third), third.bytes.toString()], [first.status, headersOf(first), first.bytes.toString()], path);
  }
});

hot('a write between two reads is in the second, for a list and for one document', async ({ api }) => {
  const created = await api.post('/api/articles', { data: { title: 'Before the change' } });
  const documentId = created.body.data.documentId as string;
  for (let i = 0; i < 2; i++) {
    assert.ok(titles(await get(api, '/api/articles?status=draft')).includes('Before the change'));
    assert.is(JSON.parse((await get(api, `/api/articles/${documentId}?status=draft`)).bytes.toString()).data.title, 'Before the change');
  }
  await api.put(`/api/articles/${documentId}?status=draft`, { data: { title: 'After the change' } });
  const list = titles(await get(api, '/api/articles?status=draft'));
  assert.ok(list.includes('After the change') && !list.includes('Before the change'), list.join(', '));
  assert.is(JSON.parse((await get(api, `/api/articles/${documentId}?status=draft`)).bytes.toString()).data.title, 'After the change');
});

hot('Public losing its permission is refused at the next read, not answered from before', async ({ api }) => {
  assert.is((await get(api, '/api/articles')).status, 200);
  assert.is((await get(api, '/api/articles')).status, 200);
  const publicRole = api.project.tables.roles.rows().find((role) => role.type === 'public')!;
  await api.project.tables.permissions.update((data) => {
    data.rows = data.rows.filter((row) => !(row.role === publicRole.id && row.action === 'api::article.article.find'));
  });
  assert.is((await get(api, '/api/articles')).status, 403);
});

hot('an answer is never given to a caller who asked otherwise: another encoding, another origin, credentials, a condition', async ({ api }) => {
  const path = '/api/articles?pagination[pageSize]=10';
  const plain = await get(api, path);
  await get(api, path);
  const gzip = await get(api, path, { 'accept-encoding': 'gzip' });
  assert.is(plain.headers['content-encoding'], undefined);
  const compressed = gzip.headers['content-encoding'];
  assert.ok(compressed === 'gzip' || gzip.bytes.length < 1024, 'a large enough answer is compressed when asked');
  assert.is((await get(api, path)).headers['content-encoding'], undefined, 'the plain answer stays plain');

  const fromSite = await get(api, path, { origin: 'https://site.example' });
  assert.is(fromSite.headers['access-control-allow-origin'], 'https://site.example');
  assert.is((await get(api, path, { origin: 'https://elsewhere.example' })).headers['access-control-allow-origin'], undefined);
  assert.is((await get(api, path)).headers['access-control-allow-origin'], undefined);

  assert.is((await get(api, path, { authorization: 'Bearer not-a-token' })).status, 401, 'credentials are always checked');
  const tag = plain.headers.etag!;
  assert.is((await get(api, path, { 'if-none-match': tag })).status, 304);
});

hot.run();
