/** `checkSchemaFiles`: every problem of content-types/ at once, with lines, for `folio check`. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { checkSchemaFiles } from '../../src/schema/index.js';
import { repoRoot } from '../_helpers/index.js';
import { article, project, removeProjects } from './_project.js';

const CATEGORY = 'kind: collectionType\ninfo: { singularName: category, pluralName: categories }\nattributes:\n  name: { type: string }\n';

const check = suite('checkSchemaFiles(projectDir)');
check.after(removeProjects);

check('the sample project has no problem and loads as loadSchemas loads it', async () => {
  const { schemas, problems, notLoaded } = await checkSchemaFiles(repoRoot);
  assert.equal(problems, []);
  assert.equal(schemas.contentTypes.map((type) => type.singularName), ['article', 'category', 'homepage']);
  assert.equal([...schemas.components.keys()], ['shared.quote', 'shared.section']);
  assert.is(notLoaded.size, 0);
});

check('every broken file is reported at the line of its key (of its mistake, for YAML syntax), and the good ones still load', async () => {
  const dir = await project({
    'content-types/article.yaml': article('  title: { type: string }\n  views: { type: integr }'),
    'content-types/category.yaml': CATEGORY,
    'content-types/page.yaml': 'kind: collectionType\ninfo: { singularName: page, pluralName: pages\nattributes: {}\n',
    'content-types/tag.yaml': 'kind: collectionTyp\ninfo: { singularName: tag, pluralName: tags }\nattributes: {}\n',
    'content-types/components/shared/quote.yaml': 'attributes:\n  text: { type: text, maxLength: -1 }\n',
    'content-types/stray/schema.json': '{}',
  });
  const { schemas, problems, notLoaded } = await checkSchemaFiles(dir);
  assert.equal(problems, [
    { file: 'content-types/stray', line: 1, message: 'is an unexpected folder: a content type is one file, content-types/<singularName>.yaml, and components live in content-types/components/<category>/<name>.yaml' },
    { file: 'content-types/components/shared/quote.yaml', line: 2, message: 'attributes.text.maxLength must be a non-negative integer, got -1' },
    { file: 'content-types/article.yaml', line: 5, message: 'attributes.views.type "integr" is not a known type; did you mean "integer"?' },
    { file: 'content-types/page.yaml', line: 2, message: 'the { at column 7 is never closed (Flow map in block collection must be sufficiently indented and end with a })' },
    { file: 'content-types/tag.yaml', line: 1, message: 'kind "collectionTyp" is not a known kind; did you mean "collectionType"?' },
  ]);
  assert.not.match(problems[3]!.message, /line/, 'a YAML syntax error at the line of its mistake, the line taken out of the message');
  assert.equal(schemas.contentTypes.map((type) => type.singularName), ['category']);
  assert.equal([...notLoaded.keys()].sort(), ['article', 'page', 'tag']);
});

check('a file that uses one that does not load is reported once, not as "does not exist"', async () => {
  const dir = await project({
    'content-types/article.yaml': article('  title: { type: string }\n  sections: { type: component, repeatable: true, component: shared.section }'),
    'content-types/components/shared/section.yaml': 'attributes:\n  heading: { type: strin }\n',
    'content-types/category.yaml': CATEGORY,
  });
  const { problems, notLoaded, schemas } = await checkSchemaFiles(dir);
  assert.equal(problems, [
    { file: 'content-types/components/shared/section.yaml', line: 2, message: 'attributes.heading.type "strin" is not a known type; did you mean "string"?' },
    {
      file: 'content-types/article.yaml',
      line: 5,
      message: 'attributes.sections uses shared.section, whose file content-types/components/shared/section.yaml has errors; this file is checked once that one loads',
    },
  ]);
  assert.equal([...notLoaded.keys()], ['article']);
  assert.equal(schemas.contentTypes.map((type) => type.singularName), ['category']);
});

check('problems across files are all reported too', async () => {
  const dir = await project({
    'content-types/article.yaml': article('  title: { type: string }\n  category: { type: relation, relation: manyToOne, target: api::categry.categry }'),
    'content-types/post.yaml': 'kind: collectionType\ninfo: { singularName: post, pluralName: articles }\nattributes: {}\n',
    'content-types/category.yaml': CATEGORY,
  });
  const { problems } = await checkSchemaFiles(dir);
  assert.equal(problems.map(({ file, line }) => `${file}:${line}`), ['content-types/post.yaml:2', 'content-types/article.yaml:5']);
  assert.match(problems[0]!.message, /^info\.pluralName "articles" is already the pluralName of content-types\/article\.yaml/);
  assert.match(problems[1]!.message, /^attributes\.category\.target "api::categry\.categry" is not a content type; did you mean "api::category\.category"\?/);
});

check('no content-types/ folder is one problem', async () => {
  const dir = await project({ 'config/server.yaml': 'port: 1337\n' });
  const { problems } = await checkSchemaFiles(dir);
  assert.equal(problems, [{ file: 'content-types', line: 1, message: 'folder not found; a project keeps its content types in content-types/<singularName>.yaml' }]);
});

check.run();
