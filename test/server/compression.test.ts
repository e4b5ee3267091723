/**
 * Compression (`server.compression`, koa-compress): JSON answers from 1 KB are sent brotli- or
 * gzip-compressed as the client accepts, and decode to the very bytes sent uncompressed. Cached
 * list answers are compressed once and sent again from memory.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { apiServer, type ApiServer } from '../_helpers/server.js';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as they came over the wire. */
  bytes: Buffer;
  /** The bytes once decoded per Content-Encoding. */
  decoded: Buffer;
}

/** One request with node:http, which neither asks for nor decodes any encoding by itself. */
function send(api: ApiServer, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const outgoing = payload ? { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length) } : headers;
    const req = httpRequest(`${api.url}${path}`, { method, headers: outgoing }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const decoded = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
        resolve({ status: res.statusCode!, headers: res.headers, bytes, decoded });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}

const get = (api: ApiServer, path: string, acceptEncoding?: string) => send(api, 'GET', path, acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding });

const LIST = '/api/articles?sort=views';
const BROWSER = 'gzip, deflate, br, zstd';

/** Published articles enough for a list answer of several KB. */
async function addArticles(api: ApiServer, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const title = `Article ${i}: a title long enough that a page of them weighs some kilobytes`;
    const created = await api.post('/api/articles?status=published', { data: { title, views: i, sections: [{ heading: `Section ${i}`, body: 'Lorem ipsum dolor sit amet. '.repeat(8) }] } });
    assert.is(created.status, 200, created.text);
    ids.push(created.body.data.documentId);
  }
  return ids;
}

// ---------------------------------------------------------------------------------------------

const answers = suite('compressed answers');
let api: ApiServer;
let ids: string[];

answers.before(async () => {
  api = await apiServer();
  ids = await addArticles(api, 12);
});
answers.after(() => api.close());

answers('when a browser asks for a list over 1 KB then it comes brotli-compressed and decodes to the bytes sent uncompressed', async () => {
  const plain = await get(api, LIST);
  assert.is(plain.headers['content-encoding'], undefined, 'no Accept-Encoding: sent as it is');
  assert.ok(plain.bytes.length > 1024, `a list of ${plain.bytes.length} bytes`);
  const compressed = await get(api, LIST, BROWSER);
  assert.is(compressed.status, 200);
  assert.is(compressed.headers['content-encoding'], 'br');
  assert.match(compressed.headers['content-type'] ?? '', /^application\/json/);
  assert.match(compressed.headers.vary ?? '', /\bAccept-Encoding\b/);
  assert.ok(compressed.bytes.length < plain.bytes.length / 2, `${compressed.bytes.length} bytes for ${plain.bytes.length}`);
  assert.equal(compressed.decoded, plain.bytes);
});

answers('when the client accepts gzip only, or identity only, then it gets gzip, or the bytes as they are', async () => {
  const plain = await get(api, LIST);
  const gzip = await get(api, LIST, 'gzip');
  assert.is(gzip.headers['content-encoding'], 'gzip');
  assert.equal(gzip.decoded, plain.bytes);
  const identity = await get(api, LIST, 'identity');
  assert.is(identity.headers['content-encoding'], undefined);
  assert.equal(identity.bytes, plain.bytes);
});

answers('when the same list is asked again in either encoding then the same bytes come, from memory with their length', async () => {
  const path = `${LIST}&pagination[pageSize]=10`;
  const plain = await get(api, path);
  const first = { br: await get(api, path, 'br, gzip'), gzip: await get(api, path, 'gzip') };
  for (const round of [1, 2]) {
    for (const [encoding, accept] of [['br', 'br, gzip'], ['gzip', 'gzip'], ['br', BROWSER]] as const) {
      const again = await get(api, path, accept);
      assert.is(again.headers['content-encoding'], encoding, `round ${round}, ${accept}`);
      assert.equal(again.decoded, plain.bytes);
      assert.equal(again.bytes, first[encoding].bytes, 'the bytes compressed the first time');
      assert.is(again.headers['content-length'], String(again.bytes.length));
    }
    assert.equal((await get(api, path)).bytes, plain.bytes, 'and still as they are without Accept-Encoding');
  }
});

answers('when a document changes then the compressed list shows the change', async () => {
  const before = JSON.parse((await get(api, LIST, BROWSER)).decoded.toString('utf8'));
  assert.is(before.data[0].title.startsWith('Article 0'), true);
  const updated = await api.put(`/api/articles/${ids[0]}?status=published`, { data: { title: 'Renamed after the list was compressed' } });
  assert.is(updated.status, 200, updated.text);
  const after = await get(api, LIST, BROWSER);
  assert.is(after.headers['content-encoding'], 'br');
  assert.is(JSON.parse(after.decoded.toString('utf8')).data[0].title, 'Renamed after the list was compressed');
  assert.equal(after.decoded, (await get(api, LIST)).bytes);
});

answers('when a write or a single document answers over 1 KB then they are compressed too', async () => {
  const sections = Array.from({ length: 6 }, (_, i) => ({ heading: `Written ${i}`, body: 'Dolor sit amet. '.repeat(10) }));
  const written = await send(api, 'PUT', `/api/articles/${ids[1]}?status=published&populate=*`, { 'accept-encoding': 'gzip' }, { data: { sections } });
  assert.is(written.status, 200);
  assert.is(written.headers['content-encoding'], 'gzip');
  assert.equal(JSON.parse(written.decoded.toString('utf8')).data.sections.map((s: { heading: string }) => s.heading), sections.map((s) => s.heading));
  const one = `/api/articles/${ids[1]}?populate=*`;
  const plain = await get(api, one);
  assert.ok(plain.bytes.length > 1024, `a document of ${plain.bytes.length} bytes`);
  const compressed = await get(api, one, 'gzip, br');
  assert.is(compressed.headers['content-encoding'], 'br', 'brotli is preferred when both are accepted alike');
  assert.equal(compressed.decoded, plain.bytes);
});

answers('when an answer is under 1 KB (a short list, an error) then it is sent as it is', async () => {
  const short = await get(api, '/api/articles?filters[views][$eq]=3&fields[0]=title', BROWSER);
  assert.is(short.status, 200);
  assert.ok(short.bytes.length < 1024);
  assert.is(short.headers['content-encoding'], undefined);
  assert.is(JSON.parse(short.bytes.toString('utf8')).data.length, 1);
  const error = await get(api, '/api/articles/no-such-document', BROWSER);
  assert.is(error.status, 404);
  assert.is(error.headers['content-encoding'], undefined);
  assert.is(JSON.parse(error.bytes.toString('utf8')).error.name, 'NotFoundError');
});

answers('when the request is a HEAD then nothing is compressed', async () => {
  const head = await send(api, 'HEAD', LIST, { 'accept-encoding': BROWSER });
  assert.is(head.status, 200);
  assert.is(head.headers['content-encoding'], undefined);
  assert.is(head.bytes.length, 0);
});

answers.run();

// ---------------------------------------------------------------------------------------------

const settings = suite('compression settings');

settings('when compression is disabled, or the threshold is above the answer, then nothing is compressed', async () => {
  for (const compression of [{ enabled: false }, { threshold: '64kb' }]) {
    const server = await apiServer({ config: { server: { compression } } });
    try {
      await addArticles(server, 12);
      const answer = await get(server, LIST, BROWSER);
      assert.ok(answer.bytes.length > 1024);
      assert.is(answer.headers['content-encoding'], undefined, JSON.stringify(compression));
      assert.is(JSON.parse(answer.bytes.toString('utf8')).data.length, 12);
    } finally {
      await server.close();
    }
  }
});

settings.run();
