/**
 * amountOf(schema, operation, …): how many entries a query may answer, counted before it runs
 * against `nodeLimit`, on the sample project's schema.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { defaults } from '../../src/config/index.js';
import { createModelLookup } from '../../src/model/index.js';
import { loadSchemas } from '../../src/schema/index.js';
import { amountOf } from '../../src/graphql/limits.js';
import { buildSchema } from '../../src/graphql/schema.js';
import { repoRoot } from '../_helpers/index.js';

const schemas = await loadSchemas(repoRoot);
const { schema } = buildSchema(schemas, createModelLookup(schemas));
const settings = { ...defaults.graphql, defaultLimit: 10, maxLimit: 100 };

const amount = (query: string, variables: Record<string, unknown> = {}) => {
  const document = parse(query);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION)!;
  const fragments = Object.fromEntries(document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]));
  return amountOf(schema, operation, fragments, variables, settings);
};

const test = suite('amountOf(schema, operation, fragments, variables, settings)');

test('a list counts its page, and each entry below it once per entry of the list', () => {
  assert.is(amount('{ articles { title } }'), 10);
  assert.is(amount('{ articles { title category { name } } }'), 20);
  assert.is(amount('{ articles(pagination: { pageSize: 25 }) { title category { name } } }'), 50);
});

test('nested lists multiply, each cut to maxLimit as the answer will be', () => {
  assert.is(amount('{ categories(pagination: { limit: 100 }) { articles(pagination: { limit: 100 }) { title } } }'), 100 + 100 * 100);
  assert.is(amount('{ categories(pagination: { limit: 5000 }) { name } }'), 100);
  assert.is(amount('{ categories(pagination: { limit: -1 }) { name } }'), 100);
  assert.is(amount('query ($size: Int) { categories(pagination: { pageSize: $size }) { name } }', { size: 7 }), 7);
});

test('a _connection counts once, its nodes as its page, its pageInfo once', () => {
  assert.is(amount('{ articles_connection { nodes { title } pageInfo { total } } }'), 1 + 10 + 1);
  assert.is(amount('{ categories { articles_connection(pagination: { limit: 3 }) { nodes { title } } } }'), 10 + 10 + 10 * 3);
});

test('a list without pagination (a dynamic zone) counts as maxLimit; fragments count as written', () => {
  assert.is(amount('{ homepage { blocks { __typename ... on ComponentSharedQuote { text } } } }'), 1 + 100);
  assert.is(amount('{ articles { ...withCategory } } fragment withCategory on Article { category { name } }'), 20);
});

test('pagination the resolver will refuse counts as the default page, for the resolver to report', () => {
  assert.is(amount('{ articles(pagination: { page: 1, limit: 3 }) { title } }'), 10);
});

test.run();
