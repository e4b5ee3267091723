import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Attribute } from '../../../src/schema/index.js';
import { RelationInput, validationMessages as m } from '../../../src/model/index.js';
import { expectSuccess } from '../../_helpers/index.js';
import { component, rejects, validate } from './_helpers.js';

const test = suite('validateDocumentInput(data, model, { localizedOnly: true })');

const localized = { pluginOptions: { i18n: { localized: true } } };
const section = component('shared.section', { heading: { type: 'string' }, views: { type: 'integer' } });
const attributes: Record<string, Attribute> = {
  title: { type: 'string', required: true, ...localized },
  sections: { type: 'component', repeatable: true, component: 'shared.section', ...localized },
  views: { type: 'integer', required: true },
  featured: { type: 'boolean', default: false },
  slug: { type: 'uid' },
  category: { type: 'relation', relation: 'manyToOne', target: 'api::category.category' },
};
const options = { components: [section], model: { localized: true }, localizedOnly: true };

test('should accept localized attributes, with any attribute inside a localized component', () => {
  assert.equal(expectSuccess(() => validate({ title: 'Bonjour', sections: [{ heading: 'Un', views: 1 }], locale: 'fr' }, attributes, options)), {
    title: 'Bonjour',
    sections: [{ heading: 'Un', views: 1 }],
  });
});

test('when a non-localized attribute is given then 400 naming the field', () => {
  for (const [key, value] of [['views', 3], ['featured', true], ['views', null]] as const) {
    const error = rejects(() => validate({ title: 'Bonjour', [key]: value }, attributes, options));
    assert.is(error.message, `${key} is not localized and cannot be set when creating a localization`);
    assert.is(error.message, m.notLocalized(key));
    assert.equal(error.details, { key, path: key, source: 'body' });
  }
});

test('should accept uids, which belong to each locale; a relation not marked localized is shared, so it is refused like the others', () => {
  assert.equal(expectSuccess(() => validate({ slug: 'bonjour' }, attributes, options)), { slug: 'bonjour' });
  assert.is(rejects(() => validate({ category: 'c1' }, attributes, options)).message, m.notLocalized('category'));
  const localizedRelation = { ...attributes, category: { ...attributes.category!, ...localized } as Attribute };
  assert.equal(expectSuccess(() => validate({ category: 'c1' }, localizedRelation, options)), {
    category: new RelationInput({ target: 'api::category.category', relation: 'manyToOne', path: ['category'], set: [{ documentId: 'c1' }] }),
  });
});

test('should neither require nor default the shared attributes on create, as they come from the existing locales', () => {
  assert.equal(expectSuccess(() => validate({ title: 'Bonjour' }, attributes, { ...options, mode: 'create' })), { title: 'Bonjour' });
  assert.equal(rejects(() => validate({}, attributes, { ...options, mode: 'create' })).errors, [
    { path: ['title'], message: m.required('title'), name: 'ValidationError' },
  ]);
});

test('when the content type is not localized then nothing counts as localized', () => {
  const error = rejects(() => validate({ title: 'x' }, attributes, { ...options, model: { localized: false } }));
  assert.is(error.message, m.notLocalized('title'));
});

test('should accept any attribute when localizedOnly is not set', () => {
  assert.equal(expectSuccess(() => validate({ views: 3, featured: true }, attributes, { components: [section], model: { localized: true } })), { views: 3, featured: true });
});

test.run();
