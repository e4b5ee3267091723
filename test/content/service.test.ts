/** The content service checks every write against its actor, whoever the transport is. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ForbiddenError } from '../../src/errors.js';
import { SYSTEM_ACTOR, type Actor } from '../../src/permissions/index.js';
import { openProject, type Project } from '../../src/project/index.js';
import type { ContentType } from '../../src/schema/index.js';
import { copySampleProject, expectError } from '../_helpers/index.js';

let project: Project;
let cleanup: () => Promise<void>;
const typeOf = (singular: string): ContentType => project.schemas.contentTypes.find((type) => type.singularName === singular)!;
/** A signed-in caller whose role holds only `actions`. */
const holding = (...actions: string[]): Actor => ({ kind: 'user', user: { id: 1 }, role: project.tables.roles.rows()[0], permissions: new Set(actions) });
const stored = async (singular: string) => readdir(join(project.paths.data, 'content', singular)).catch(() => [] as string[]);
const write = (actor: Actor) => ({ status: 'published' as const, locale: undefined, actor });

const writes = suite('content writes as an actor');
writes.before.each(async () => {
  const copy = await copySampleProject();
  cleanup = copy.cleanup;
  project = await openProject(copy.dir, { env: {}, logLines: () => undefined });
});
writes.after.each(async () => {
  await project.flush();
  await cleanup();
});

writes('when the actor lacks create then create is Forbidden and nothing is stored', async () => {
  const error = await expectError(project.content.create(typeOf('category'), { name: 'News' }, write(holding('api::category.category.find'))), ForbiddenError);
  assert.is(error.message, 'Forbidden');
  assert.equal(await stored('category'), []);
});

writes('when the actor lacks update or delete then the document stays as it was', async () => {
  const category = typeOf('category');
  const { data } = await project.content.create(category, { name: 'News' }, write(holding('api::category.category.create')));
  const documentId = data.documentId as string;
  const reader = holding('api::category.category.find', 'api::category.category.create');
  await expectError(project.content.update(category, documentId, { name: 'Old news' }, write(reader)), ForbiddenError);
  await expectError(project.content.remove(category, documentId, { locale: undefined, actor: reader }), ForbiddenError);
  assert.equal(await stored('category'), [documentId]);
  await project.content.remove(category, documentId, { locale: undefined, actor: SYSTEM_ACTOR });
  assert.equal(await stored('category'), []);
});

writes('when the actor may update but not createLocalization then a new locale version is Forbidden', async () => {
  const article = typeOf('article');
  const { data } = await project.content.create(article, { title: 'Hello' }, write(SYSTEM_ACTOR));
  const editor = holding('api::article.article.update');
  const error = await expectError(project.content.update(article, data.documentId as string, { title: 'Bonjour' }, { ...write(editor), locale: 'fr' }), ForbiddenError);
  assert.is(error.message, 'Forbidden');
  const updated = await project.content.update(article, data.documentId as string, { title: 'Bonjour' }, { ...write(holding('api::article.article.update', 'api::article.article.createLocalization')), locale: 'fr' });
  assert.is(updated.data.locale, 'fr');
});

writes.run();
