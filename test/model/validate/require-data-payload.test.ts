import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { requireDataPayload, validationMessages } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { rejects } from './_helpers.js';

const test = suite('requireDataPayload(body)');

test('should return the data object of a body', () => {
  const data = { title: 'Hello' };
  assert.is(expectSuccess(() => requireDataPayload({ data })), data);
});

test('should accept an empty data object, which an update may send', () => {
  assert.equal(expectSuccess(() => requireDataPayload({ data: {} })), {});
});

test('when the body has no object under data then Strapi\'s "Missing data payload" error', () => {
  const bodies: unknown[] = [undefined, null, 'text', 42, [], {}, { data: null }, { data: 'x' }, { data: 7 }, { data: [] }, { data: [{ title: 'x' }] }, { title: 'x' }];
  for (const body of bodies) {
    const error = rejects(() => requireDataPayload(body));
    assert.is(error.message, 'Missing "data" payload in the request body', JSON.stringify(body));
    assert.is(error.message, validationMessages.missingData);
    assert.equal(error.errors, []);
  }
});

test.run();
