/** Concurrent writes over HTTP: no duplicate unique values, no lost or torn update. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storedVersion } from '../_helpers/at-rest.js';
import { apiServer } from '../_helpers/server.js';

const concurrency = suite('concurrent content writes');

concurrency('concurrent creates with the same unique value: exactly one wins', async () => {
  const api = await apiServer();
  const responses = await Promise.all(Array.from({ length: 30 }, () => api.post('/api/categories', { data: { name: 'Same' } })));
  assert.equal(responses.filter((r) => r.status === 200).length, 1);
  assert.ok(responses.filter((r) => r.status !== 200).every((r) => r.status === 400 && r.body.error.message === 'This attribute must be unique'));
  assert.is((await api.get('/api/categories?filters[name]=Same')).body.data.length, 1);
  await api.close();
});

concurrency('100 concurrent updates of one document: each answer is consistent and the file holds the last one', async () => {
  const api = await apiServer();
  const created = (await api.post('/api/articles', { data: { title: 'start', views: 0 } })).body.data;
  const responses = await Promise.all(
    Array.from({ length: 100 }, (_, i) => api.put(`/api/articles/${created.documentId}`, { data: { title: `title ${i}`, views: i } })),
  );
  for (const response of responses) {
    assert.is(response.status, 200);
    assert.is(response.body.data.title, `title ${response.body.data.views}`, 'no answer mixes two writes');
  }
  const final = (await api.get(`/api/articles/${created.documentId}`)).body.data;
  const onDisk = await storedVersion(api, 'article', created.documentId, 'published', 'en');
  assert.is(onDisk.title, final.title);
  assert.is(onDisk.views, final.views);
  assert.is(final.title, `title ${final.views}`);
  const updatedAts = responses.map((r) => r.body.data.updatedAt).sort();
  assert.is(final.updatedAt, updatedAts[updatedAts.length - 1], 'the stored version is the last one acknowledged');
  await api.close();
});

concurrency.run();
