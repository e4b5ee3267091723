/** Custom User attributes from content-types/users-permissions/user.yaml: written, checked and shown like content. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { validationMessages } from '../../src/model/index.js';
import { userMessages as m } from '../../src/users/index.js';
import { expectError, expectSuccess } from '../_helpers/index.js';
import { usersFixture, type UsersFixture } from '../_helpers/users.js';
import { ada, bob } from './_helpers.js';
import { SYSTEM_ACTOR } from '../../src/permissions/index.js';

const userYaml = `
attributes:
  nickname:   { type: string, maxLength: 12 }
  age:        { type: integer, min: 0 }
  level:      { type: enumeration, enum: [bronze, silver, gold], default: bronze }
  secretNote: { type: string, private: true }
  badge:      { type: string, unique: true }
  mentor:     { type: relation, relation: manyToOne, target: plugin::users-permissions.user }
  reading:    { type: relation, relation: manyToMany, target: api::article.article }
  sections:   { type: component, repeatable: true, component: shared.section }
`;
const files = { 'content-types/users-permissions/user.yaml': userYaml };

let fx: UsersFixture;
const custom = suite('create(input) and update(id, input) with custom attributes');
custom.before.each(async () => {
  fx = await usersFixture({ files });
});
custom.after.each(() => fx.cleanup());

custom('should store custom values and fill their defaults', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, nickname: 'Countess', age: 36 }));
  assert.is(user.nickname, 'Countess');
  assert.is(user.age, 36);
  assert.is(user.level, 'bronze');
  const changed = await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { level: 'gold' }));
  assert.is(changed.level, 'gold');
  assert.is(changed.nickname, 'Countess');
});

custom('should check custom values by their type, with the content messages', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, nickname: 'a very long nickname', age: -1, level: 'platinum' }));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, m.manyErrors(3));
  assert.equal(
    (error.details.errors as Array<{ message: string }>).map((issue) => issue.message),
    [validationMessages.maxLength('nickname', 12), validationMessages.min('age', 0), validationMessages.oneOf('level', ['bronze', 'silver', 'gold'])],
  );
  assert.is((await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, age: 'old' }))).message, validationMessages.cast('age', 'number', 'NaN', 'old'));
});

custom('should report credential and custom problems together', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { username: 'ada', age: 1.5 }));
  assert.equal(
    (error.details.errors as Array<{ message: string }>).map((issue) => issue.message),
    [m.requiredField('email'), m.requiredField('password'), validationMessages.integer('age')],
  );
});

custom('when a unique custom value belongs to another user then "This attribute must be unique"', async () => {
  const first = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, badge: 'pioneer' }));
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...bob, badge: 'pioneer' }));
  assert.is(error.message, validationMessages.unique);
  assert.ok(await expectSuccess(fx.service.update(SYSTEM_ACTOR, first.id, { badge: 'pioneer' })), 'the user keeps their own value');
});

custom('should accept a private attribute in the input and never show it', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, secretNote: 'likes engines' }));
  assert.is(user.secretNote, 'likes engines');
  const out = fx.service.sanitizeUser(user);
  assert.not.ok('secretNote' in out);
  assert.is(out.nickname, null, 'unset custom attributes are null');
  assert.is(out.level, 'bronze');
  assert.not.ok('sections' in out || 'mentor' in out || 'reading' in out, 'components and relations are not populated');
});

custom('should store a relation to another user as its id', async () => {
  const mentor = await expectSuccess(fx.service.create(SYSTEM_ACTOR, bob));
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, mentor: { connect: [mentor.documentId] } }));
  assert.is(user.mentor, mentor.id);
  assert.is((await expectError(fx.service.update(SYSTEM_ACTOR, user.id, { mentor: 99 }))).message, m.noRelated('mentor', { id: 99 }));
  assert.is((await expectSuccess(fx.service.update(SYSTEM_ACTOR, user.id, { mentor: null }))).mentor, null);
});

custom('should store components without entry ids', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, sections: [{ heading: 'One' }, { heading: 'Two', body: 'text' }] }));
  assert.equal(user.sections, [{ heading: 'One' }, { heading: 'Two', body: 'text' }]);
});

custom('when a relation to a content type is given without content relations then a clear error', async () => {
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...ada, reading: ['k3v9q0x2m1c8l7b6n5z4a3s2'] }));
  assert.is(error.name, 'ValidationError');
  assert.is(error.message, m.contentRelationUnavailable('reading'));
});

custom.run();

const lent = suite('create(input) with content relations lent by the caller');
lent.before.each(async () => {
  const known = new Map([['k3v9q0x2m1c8l7b6n5z4a3s2', 7]]);
  fx = await usersFixture({
    files,
    contentRelations: {
      resolve: (_target, ref) => ('documentId' in ref ? (known.has(ref.documentId) ? ref.documentId : undefined) : [...known].find(([, id]) => id === ref.id)?.[0]),
      related: () => [],
    },
  });
});
lent.after.each(() => fx.cleanup());

lent('should store content relations as documentIds and refuse unknown ones', async () => {
  const user = await expectSuccess(fx.service.create(SYSTEM_ACTOR, { ...ada, reading: [{ id: 7 }] }));
  assert.equal(user.reading, ['k3v9q0x2m1c8l7b6n5z4a3s2']);
  const error = await expectError(fx.service.create(SYSTEM_ACTOR, { ...bob, reading: ['zzzz'] }));
  assert.is(error.message, m.noRelated('reading', { documentId: 'zzzz' }));
});

lent.run();
