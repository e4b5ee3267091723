/**
 * Strapi 5's upload plugin over real HTTP: multipart uploads with real images made by sharp, the
 * file objects and their responsive formats, the files served under /uploads/ (ETag, ranges,
 * scripts kept from running), listing, deleting, and bad input answered without a partial file.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { request as httpRequest } from 'node:http';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { actionCatalogue } from '../../src/permissions/index.js';
import { storedTable } from '../_helpers/at-rest.js';
import { eventually, rawRequest, request, withOwnTmpdir } from '../_helpers/index.js';
import { apiServer, serve, testProject, type ApiServer } from '../_helpers/server.js';

const UPLOAD_ACTIONS = ['upload', 'find', 'findOne', 'destroy'].map((action) => `plugin::upload.content-api.${action}`);

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data POST through fetch (Node's own FormData, as a browser or a site's build sends it). */
async function upload(api: ApiServer, parts: Part[], path = '/api/upload'): Promise<{ status: number; body: any }> {
  const form = new FormData();
  for (const part of parts) {
    if (typeof part.value === 'string' && part.filename === undefined) form.append(part.name, part.value);
    else form.append(part.name, new Blob([part.value], { type: part.type ?? 'application/octet-stream' }), part.filename ?? 'file');
  }
  const answer = await fetch(`${api.url}${path}`, { method: 'POST', body: form });
  return { status: answer.status, body: await answer.json() };
}

const jpeg = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#3366cc' } }).jpeg().toBuffer();
const uploadedNames = async (api: ApiServer) => (await readdir(join(api.dir, 'public/uploads')).catch(() => [] as string[])).sort();

let api: ApiServer;
const test = suite('POST /api/upload and /uploads/');
test.before(async () => {
  api = await apiServer({ publicActions: UPLOAD_ACTIONS });
});
test.after(() => api.close());

test('an image is stored with its width, height and the formats smaller than it, in Strapi 5’s file object', async () => {
  const bytes = await jpeg(1200, 800);
  const answer = await upload(api, [
    { name: 'files', value: bytes, filename: 'Summer photo.jpg', type: 'image/jpeg' },
    { name: 'fileInfo', value: JSON.stringify({ alternativeText: 'A blue box', caption: 'Summer' }) },
  ]);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  assert.is(answer.body.length, 1);
  const [file] = answer.body;
  assert.equal(Object.keys(file), ['id', 'documentId', 'name', 'alternativeText', 'caption', 'focalPoint', 'width', 'height', 'formats', 'hash', 'ext', 'mime', 'size', 'url', 'previewUrl', 'provider', 'provider_metadata', 'createdAt', 'updatedAt', 'publishedAt']);
  assert.match(file.hash, /^Summer_photo_[0-9a-f]{10}$/);
  assert.equal([file.name, file.alternativeText, file.caption, file.width, file.height, file.ext, file.mime], ['Summer photo.jpg', 'A blue box', 'Summer', 1200, 800, '.jpg', 'image/jpeg']);
  assert.is(file.size, Math.round((bytes.length / 1000) * 100) / 100, 'size in KB, as Strapi');
  assert.is(file.url, `/uploads/${file.hash}.jpg`);
  assert.equal(Object.keys(file.formats), ['thumbnail', 'large', 'medium', 'small']);
  assert.equal([file.formats.thumbnail.width, file.formats.thumbnail.height], [234, 156]);
  assert.equal([file.formats.large.width, file.formats.medium.width, file.formats.small.width], [1000, 750, 500]);
  assert.equal(Object.keys(file.formats.small), ['name', 'hash', 'ext', 'mime', 'path', 'width', 'height', 'size', 'sizeInBytes', 'url']);
  assert.is(file.formats.small.hash, `small_${file.hash}`);

  // Every one of them is on disk, as a file the server serves with the right type.
  assert.equal(await uploadedNames(api), [file.hash, ...['large', 'medium', 'small', 'thumbnail'].map((key) => `${key}_${file.hash}`)].map((name) => `${name}.jpg`).sort());
  const served = await fetch(`${api.url}${file.url}`);
  assert.is(served.status, 200);
  assert.is(served.headers.get('content-type'), 'image/jpeg');
  assert.ok(Buffer.from(await served.arrayBuffer()).equals(bytes), 'the original bytes, as uploaded');
  const small = await sharp(Buffer.from(await (await fetch(`${api.url}${file.formats.small.url}`)).arrayBuffer())).metadata();
  assert.equal([small.width, small.height], [500, 333]);
  // The record is stored (data/files.json, or the database).
  assert.ok((await storedTable(api.dir, 'files')).rows.some((row) => row.hash === file.hash));
});

test('an image’s type is read from its bytes, not from the label the client gave it', async () => {
  const png = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
  const [file] = (await upload(api, [{ name: 'files', value: png, filename: 'labelled.jpg', type: 'image/jpeg' }])).body;
  assert.equal([file.mime, file.width, file.height], ['image/png', 20, 10]);
  assert.is((await fetch(`${api.url}${file.url}`)).status, 200);
  await api.del(`/api/upload/files/${file.id}`);
});

test('a small image gets no formats; a file that is not an image gets no width, height or formats', async () => {
  const answer = await upload(api, [
    { name: 'files', value: await jpeg(200, 100), filename: 'icon.jpg', type: 'image/jpeg' },
    { name: 'files', value: Buffer.from('%PDF-1.4 not really'), filename: 'notes.pdf', type: 'application/pdf' },
    { name: 'fileInfo', value: JSON.stringify({ name: 'Icon' }) },
    { name: 'fileInfo', value: JSON.stringify({ caption: 'Notes' }) },
  ]);
  assert.is(answer.status, 201, JSON.stringify(answer.body));
  const [icon, notes] = answer.body;
  assert.equal([icon.name, icon.width, icon.height, icon.formats], ['Icon', 200, 100, null]);
  assert.equal([notes.name, notes.caption, notes.width, notes.height, notes.formats, notes.mime, notes.ext], ['notes.pdf', 'Notes', null, null, null, 'application/pdf', '.pdf']);
});

test('files are served with ETag, Last-Modified and a long cache, answer conditional and range requests, and scripts in them never run', async () => {
  const [file] = (await upload(api, [{ name: 'files', value: await jpeg(300, 300), filename: 'square.jpg', type: 'image/jpeg' }])).body;
  const first = await fetch(`${api.url}${file.url}`);
  const etag = first.headers.get('etag');
  assert.ok(etag && first.headers.get('last-modified'));
  assert.is(first.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  // Through node:http: fetch adds `Cache-Control: no-cache` to a conditional request, as the Fetch standard says.
  assert.is((await rawRequest(`${api.url}${file.url}`, 'GET', undefined, { 'if-none-match': etag })).status, 304);
  const range = await fetch(`${api.url}${file.url}`, { headers: { range: 'bytes=0-9' } });
  assert.is(range.status, 206);
  assert.is((await range.arrayBuffer()).byteLength, 10);

  const [svg] = (await upload(api, [{ name: 'files', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), filename: 'evil.svg', type: 'image/svg+xml' }])).body;
  const served = await fetch(`${api.url}${svg.url}`);
  assert.is(served.headers.get('content-disposition'), 'attachment');
  assert.match(served.headers.get('content-security-policy') ?? '', /default-src 'none'.*sandbox/);

  // Nothing but a stored name is served: no climbing out of the folder, no dot files.
  for (const path of ['/uploads/..%2Fdata%2Fusers.json', '/uploads/%2e%2e/config/server.yaml', '/uploads/.hidden', '/uploads/missing.jpg']) {
    const answer = await fetch(`${api.url}${path}`);
    assert.is(answer.status, 404, path);
    assert.equal(((await answer.json()) as { error: { name: string } }).error.name, 'NotFoundError');
  }
});

test('GET /api/upload/files lists with filters, sort, fields and start/limit; GET and DELETE by id; DELETE removes the file and its formats', async () => {
  const [big] = (await upload(api, [{ name: 'files', value: await jpeg(800, 600), filename: 'listed.jpg', type: 'image/jpeg' }])).body;
  const all = await api.get('/api/upload/files');
  assert.is(all.status, 200);
  assert.ok(Array.isArray(all.body) && all.body.length >= 4);
  const named = await api.get('/api/upload/files?filters[name][$eq]=listed.jpg&fields[0]=name');
  assert.equal(named.body, [{ id: big.id, documentId: big.documentId, name: 'listed.jpg' }]);
  const sorted = await api.get('/api/upload/files?sort=id:desc&start=0&limit=2');
  assert.equal(sorted.body.map((file: { id: number }) => file.id), [big.id, big.id - 1]);
  assert.is((await api.get('/api/upload/files?filters[nope][$eq]=1')).status, 400);

  assert.equal((await api.get(`/api/upload/files/${big.id}`)).body, big);
  const removed = await api.del(`/api/upload/files/${big.id}`);
  assert.is(removed.status, 200);
  assert.equal(removed.body, big);
  assert.not.ok((await uploadedNames(api)).some((name) => name.includes(big.hash)), 'the file and every format are gone from disk');
  const notFound = { data: null, error: { status: 404, name: 'NotFoundError', message: 'file.notFound', details: {} } };
  assert.equal((await api.get(`/api/upload/files/${big.id}`)).body, notFound);
  assert.equal((await api.del(`/api/upload/files/${big.id}`)).body, notFound);
  assert.is((await api.get('/api/upload/files/abc')).status, 404);
});

test('POST /api/upload?id= changes a file’s fileInfo, or replaces its bytes under a new URL, the old bytes removed', async () => {
  const [original] = (await upload(api, [{ name: 'files', value: await jpeg(600, 400), filename: 'old.jpg', type: 'image/jpeg' }, { name: 'fileInfo', value: '{"alternativeText":"Old"}' }])).body;
  const described = await upload(api, [{ name: 'fileInfo', value: '{"alternativeText":"New text","caption":"Now with a caption"}' }], `/api/upload?id=${original.id}`);
  assert.is(described.status, 200, JSON.stringify(described.body));
  assert.equal([described.body.alternativeText, described.body.caption, described.body.name, described.body.url], ['New text', 'Now with a caption', 'old.jpg', original.url]);

  const replacement = await jpeg(300, 300);
  const replaced = await upload(api, [{ name: 'files', value: replacement, filename: 'new.jpg', type: 'image/jpeg' }], `/api/upload?id=${original.id}`);
  assert.is(replaced.status, 200, JSON.stringify(replaced.body));
  assert.equal([replaced.body.id, replaced.body.width, replaced.body.height, replaced.body.alternativeText], [original.id, 300, 300, 'New text']);
  assert.is.not(replaced.body.url, original.url, 'a new URL: the old one may be cached for a year');
  assert.equal(Object.keys(replaced.body.formats), ['thumbnail']);
  const names = await uploadedNames(api);
  assert.not.ok(names.some((name) => name.includes(original.hash)), 'the old bytes and formats are gone');
  assert.ok(Buffer.from(await (await fetch(`${api.url}${replaced.body.url}`)).arrayBuffer()).equals(replacement));

  const two = await upload(api, [{ name: 'files', value: replacement, filename: 'a.jpg', type: 'image/jpeg' }, { name: 'files', value: replacement, filename: 'b.jpg', type: 'image/jpeg' }], `/api/upload?id=${original.id}`);
  assert.equal([two.status, two.body.error.message], [400, 'Cannot replace a file with multiple ones']);
  assert.is((await upload(api, [{ name: 'fileInfo', value: '{"caption":"x"}' }], '/api/upload?id=999999')).status, 404);
});

test('bad uploads are told why and leave no file behind', async () => {
  const before = await uploadedNames(api);
  const notMultipart = await api.post('/api/upload', { files: [] });
  assert.is(notMultipart.status, 400);
  assert.match(notMultipart.body.error.message, /multipart\/form-data/);
  assert.equal((await upload(api, [{ name: 'other', value: 'x' }])).body.error, { status: 400, name: 'ValidationError', message: 'Files are empty', details: {} });
  const badInfo = await upload(api, [{ name: 'files', value: await jpeg(10, 10), filename: 'a.jpg', type: 'image/jpeg' }, { name: 'fileInfo', value: '{"name":' }]);
  assert.is(badInfo.status, 400);
  assert.match(badInfo.body.error.message, /fileInfo must be JSON/);
  const extraKey = await upload(api, [{ name: 'files', value: await jpeg(10, 10), filename: 'a.jpg', type: 'image/jpeg' }, { name: 'fileInfo', value: '{"url":"/etc/passwd"}' }]);
  assert.match(extraKey.body.error.message, /fileInfo field has unspecified keys: url/);
  const pathName = await upload(api, [{ name: 'files', value: await jpeg(10, 10), filename: 'a.jpg', type: 'image/jpeg' }, { name: 'fileInfo', value: '{"name":"../../etc/passwd"}' }]);
  assert.equal([pathName.status, pathName.body.error.message], [400, 'File name contains invalid characters']);
  // A file that claims to be an image must be one; the bytes decide the type of one that is.
  const page = await upload(api, [{ name: 'files', value: Buffer.from('<html><script>alert(1)</script></html>'), filename: 'photo.jpg', type: 'image/jpeg' }]);
  assert.equal([page.status, page.body.error.message], [400, 'photo.jpg is not a valid image']);
  const sneaky = await upload(api, [{ name: 'files', value: Buffer.from('<html></html>'), filename: 'photo.png', type: 'text/plain' }]);
  assert.equal([sneaky.status, sneaky.body.error.message], [400, 'photo.png is not a valid image']);
  assert.equal(await uploadedNames(api), before, 'nothing was written');
});

test('an image whose header is whole but whose data is cut short is a 400 naming it, never a 500, and leaves nothing behind', async () => {
  const before = await uploadedNames(api);
  // Noise does not compress: cutting the file in half cuts its pixel data, not only trailing bytes.
  const noisy = (width: number, height: number) => sharp(Buffer.from(Array.from({ length: width * height * 3 }, (_, i) => (i * 7919) % 251)), { raw: { width, height, channels: 3 } }).png().toBuffer();
  for (const [width, height] of [[600, 400], [100, 80]] as const) {
    const whole = await noisy(width, height);
    const cut = whole.subarray(0, Math.floor(whole.length / 2));
    const answer = await upload(api, [{ name: 'files', value: cut, filename: 'cut.png', type: 'image/png' }]);
    assert.equal([answer.status, answer.body.error?.message], [400, 'cut.png is not a valid image'], `${width}×${height}`);
  }
  assert.equal(await uploadedNames(api), before, 'nothing was written');
});

test('only pictures, sound, video, PDF and plain text are shown inline; anything else is downloaded as bytes, so no page or script of this origin runs from /uploads/', async () => {
  const kinds: Array<[string, string, Buffer, boolean]> = [
    ['page.shtml', 'text/html', Buffer.from('<html><script>alert(1)</script></html>'), false],
    ['page.xht', 'application/xhtml+xml', Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>'), false],
    ['page.html', 'text/html', Buffer.from('<html></html>'), false],
    ['tool.js', 'text/javascript', Buffer.from('window.ran = true;'), false],
    ['data.json', 'application/json', Buffer.from('{}'), false],
    ['notes.txt', 'text/plain', Buffer.from('plain words'), true],
    ['picture.jpg', 'image/jpeg', await jpeg(20, 20), true],
  ];
  for (const [filename, type, value, inline] of kinds) {
    const [file] = (await upload(api, [{ name: 'files', value, filename, type }])).body;
    const served = await fetch(`${api.url}${file.url}`);
    assert.is(served.status, 200, filename);
    assert.is(served.headers.get('x-content-type-options'), 'nosniff', filename);
    if (inline) {
      assert.is(served.headers.get('content-disposition'), null, filename);
      assert.ok(!/octet-stream/.test(served.headers.get('content-type') ?? ''), filename);
    } else {
      assert.is(served.headers.get('content-disposition'), 'attachment', filename);
      assert.is(served.headers.get('content-type'), 'application/octet-stream', filename);
    }
    await served.arrayBuffer();
  }
});

test.run();

// ---------------------------------------------------------------------------------------------

const streamed = suite('uploads stream to temporary files');


/** The files under `dir`, one level of folders deep, with their sizes. */
async function filesUnder(dir: string): Promise<number[]> {
  const sizes: number[] = [];
  for (const folder of await readdir(dir)) {
    for (const name of await readdir(join(dir, folder)).catch(() => [] as string[])) sizes.push((await stat(join(dir, folder, name))).size);
  }
  return sizes;
}

streamed('a file is on disk, not in memory, while the rest of the request still arrives; nothing is left once it is answered', async () => {
  const server = await apiServer({ publicActions: UPLOAD_ACTIONS });
  try {
    await withOwnTmpdir(async (temporary) => {
      const boundary = 'folio-boundary-7MA4YWxkTrZu0gW';
      const part = (name: string, bytes: Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`), bytes, Buffer.from('\r\n')]);
      const first = Buffer.alloc(2_000_000, 7);
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const sent = httpRequest(`${server.url}/api/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }, (response) => {
          let body = '';
          response.on('data', (chunk) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        sent.on('error', reject);
        // The first file whole and the second begun: the server holds the first in a file of its own.
        sent.write(Buffer.concat([part('first.bin', first), Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="second.bin"\r\n\r\n`)]));
        void eventually(async () => (await filesUnder(temporary)).includes(first.length), 'the first file written to a temporary file').then(
          () => sent.end(Buffer.concat([Buffer.alloc(1000, 8), Buffer.from(`\r\n--${boundary}--\r\n`)])),
          (error: unknown) => {
            sent.destroy();
            reject(error);
          },
        );
      });
      const { status, body } = await answer;
      assert.is(status, 201, body);
      assert.equal((JSON.parse(body) as Array<{ size: number }>).map((file) => file.size), [2000, 1]);
      assert.equal(await readdir(temporary), [], 'the temporary files are removed once answered');
    });
  } finally {
    await server.close();
  }
});

streamed('a client that goes away in the middle of its files leaves no temporary file and nothing stored', async () => {
  const server = await apiServer({ publicActions: UPLOAD_ACTIONS });
  try {
    await withOwnTmpdir(async (temporary) => {
      const boundary = 'folio-boundary-gone';
      const sent = httpRequest(`${server.url}/api/upload`, { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      sent.on('error', () => undefined); // the socket is destroyed on purpose
      sent.write(Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="half.bin"\r\n\r\n`), Buffer.alloc(500_000, 3)]));
      await eventually(async () => (await filesUnder(temporary)).some((size) => size > 0), 'the file begun on disk');
      sent.destroy();
      await eventually(async () => (await readdir(temporary)).length === 0, 'the temporary folder removed');
      assert.equal(await uploadedNames(server), []);
      assert.equal((await server.get('/api/upload/files')).body, []);
    });
  } finally {
    await server.close();
  }
});

streamed('the files of one request together over upload.requestSizeLimit are a 413, and nothing is stored or left behind', async () => {
  const server = await apiServer({ publicActions: UPLOAD_ACTIONS, config: { upload: { sizeLimit: 5000, requestSizeLimit: 8000 } } });
  try {
    await withOwnTmpdir(async (temporary) => {
      const files = [1, 2, 3].map((n) => ({ name: 'files', value: Buffer.alloc(3000, n), filename: `part-${n}.bin` }));
      const answer = await upload(server, files);
      assert.equal(answer.body.error, { status: 413, name: 'PayloadTooLargeError', message: 'The files of one request exceed 8 KB together.', details: {} });
      assert.equal(await uploadedNames(server), []);
      assert.equal((await server.get('/api/upload/files')).body, []);
      assert.equal(await readdir(temporary), []);
      // Under it, the same files are stored.
      assert.is((await upload(server, files.slice(0, 2))).status, 201);
    });
  } finally {
    await server.close();
  }
});

streamed('by default a request may carry upload.sizeLimit of files together, as Strapi’s body parser allows', async () => {
  const server = await apiServer({ publicActions: UPLOAD_ACTIONS, config: { upload: { sizeLimit: 4000 } } });
  try {
    const answer = await upload(server, [1, 2].map((n) => ({ name: 'files', value: Buffer.alloc(3000, n), filename: `part-${n}.bin` })));
    assert.is(answer.status, 413);
    assert.is(answer.body.error.message, 'The files of one request exceed 4 KB together.');
  } finally {
    await server.close();
  }
});

streamed.run();

const limits = suite('upload.sizeLimit and permissions');

limits('a file over upload.sizeLimit is a 413 naming it, and nothing is stored', async () => {
  const small = await apiServer({ publicActions: UPLOAD_ACTIONS, config: { upload: { sizeLimit: 1000 } } });
  try {
    const answer = await upload(small, [{ name: 'files', value: Buffer.alloc(5000, 1), filename: 'big.bin' }]);
    assert.equal(answer.body.error, { status: 413, name: 'PayloadTooLargeError', message: 'big.bin exceeds size limit of 1 KB.', details: {} });
    assert.equal(await uploadedNames(small), []);
    assert.equal((await small.get('/api/upload/files')).body, []);
  } finally {
    await small.close();
  }
});

limits('without the upload actions, Public may neither upload nor list; the actions are in the permission tree', async () => {
  const closed = await apiServer({ publicActions: ['plugin::upload.content-api.find'] });
  try {
    assert.is((await upload(closed, [{ name: 'files', value: await jpeg(10, 10), filename: 'a.jpg', type: 'image/jpeg' }])).status, 403);
    assert.is((await closed.get('/api/upload/files')).status, 200);
    assert.is((await closed.get('/api/upload/files/1')).status, 403);
    for (const action of UPLOAD_ACTIONS) assert.ok(actionCatalogue(closed.project.schemas).includes(action), action);
  } finally {
    await closed.close();
  }
});

limits.run();

const crash = suite('uploads and a crash');

crash('uploads acknowledged before a SIGKILL are all there after a restart, with every byte and format; nothing half-written is listed', async () => {
  const project = await testProject({ publicActions: UPLOAD_ACTIONS });
  let server = await serve(project.dir);
  try {
    const photo = await jpeg(800, 600);
    const acknowledged: Array<{ id: number; hash: string; url: string; formats: Record<string, { url: string }> }> = [];
    let stop = false;
    const uploader = async () => {
      while (!stop) {
        const form = new FormData();
        form.append('files', new Blob([photo], { type: 'image/jpeg' }), 'crash.jpg');
        const answer = await fetch(`${server.url}/api/upload`, { method: 'POST', body: form }).catch(() => undefined);
        if (answer?.status === 201) acknowledged.push(...((await answer.json().catch(() => [])) as typeof acknowledged));
      }
    };
    const uploaders = [uploader(), uploader(), uploader()];
    while (acknowledged.length < 6) await new Promise((resolve) => setTimeout(resolve, 20));
    await server.stop('SIGKILL');
    stop = true;
    await Promise.all(uploaders);

    server = await serve(project.dir);
    const listed = (await request(`${server.url}/api/upload/files`)).body as Array<{ id: number; url: string; formats: Record<string, { url: string }> }>;
    const byId = new Map(listed.map((file) => [file.id, file]));
    for (const file of acknowledged) {
      assert.ok(byId.has(file.id), `file ${file.id} acknowledged, then lost`);
      for (const url of [file.url, ...Object.values(file.formats).map((format) => format.url)]) {
        const served = await fetch(`${server.url}${url}`);
        assert.is(served.status, 200, url);
        await served.arrayBuffer();
      }
    }
    // Every listed file is whole: its bytes are the photo's.
    for (const file of listed) assert.ok(Buffer.from(await (await fetch(`${server.url}${file.url}`)).arrayBuffer()).equals(photo), file.url);
  } finally {
    await server.stop();
    await project.cleanup();
  }
});

crash.run();
