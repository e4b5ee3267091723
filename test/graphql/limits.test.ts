/**
 * The counts a query is measured by before it runs, on the sample project's schema: amountOf (how
 * many entries it may answer, against `nodeLimit`), depthRule (`depthLimit`), fieldCountOf (the
 * fields its fragments expand to, against `fieldLimit`) and nestingOf (checked before parsing).
 * Each measures a fragment once, however often it is spread.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Kind, parse, validate, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import { defaults } from '../../src/config/index.js';
import { createModelLookup } from '../../src/model/index.js';
import { loadSchemas } from '../../src/schema/index.js';
import { amountOf, depthRule, fieldCountOf, nestingOf } from '../../src/graphql/limits.js';
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

/** `levels` fragments, each spreading the next twice (and selecting `each`): written out, the query doubles with each. */
function doubling(levels: number, each = ''): string {
  let query = '{ articles { ...F1 } }';
  for (let level = 1; level < levels; level++) query += ` fragment F${level} on Article { ${each} ...F${level + 1} ...F${level + 1} }`;
  return `${query} fragment F${levels} on Article { title }`;
}

test('a fragment spread twice by each of 40 fragments counts as written out, each fragment measured once', () => {
  // Each of the 39 upper fragments adds a category per article, and is spread 2^(level - 1) times.
  assert.is(amount(doubling(40, 'category { name }')), 10 + 10 * (2 ** 39 - 1));
});

test.run();

const depth = suite('depthRule(limit)');

depth('fragments count where they are spread, each measured once', () => {
  const errors = (query: string, limit: number) => validate(schema, parse(query), [depthRule(limit)]).map((error) => error.message);
  assert.equal(errors(doubling(40, 'category { name }'), 2), []);
  assert.equal(errors(doubling(40, 'category { name }'), 1), ["'' exceeds maximum operation depth of 1"]);
});

depth.run();

const fields = suite('fieldCountOf(document)');

fields('counts every field, with each fragment written out where it is spread', () => {
  assert.is(fieldCountOf(parse('{ articles { title category { name } } }')), 4);
  assert.is(fieldCountOf(parse('{ a: articles { ...T } b: articles { ... on Article { ...T } } } fragment T on Article { title slug }')), 6);
  assert.is(fieldCountOf(parse(doubling(40))), 1 + 2 ** 39);
});

fields('a cycle of fragments counts once around (validation then refuses it)', () => {
  assert.is(fieldCountOf(parse('{ articles { ...A } } fragment A on Article { title ...B } fragment B on Article { slug ...A }')), 3);
});

fields.run();

const nesting = suite('nestingOf(query)');

nesting('counts braces, parentheses and brackets, outside strings, block strings and comments', () => {
  assert.is(nestingOf('{ articles { title } }'), 2);
  assert.is(nestingOf('{ articles(filters: { or: [{ title: { eq: "x" } }] }) { title } }'), 6);
  assert.is(nestingOf('{ articles(filters: { title: { eq: "{[(\\"{" } }) { title } }'), 4);
  assert.is(nestingOf('{ a(text: """ {{{ \\""" {{{ """) } # {{{{{{\n{ b }'), 2);
  assert.is(nestingOf(`${'{ a '.repeat(4000)}${'}'.repeat(4000)}`), 4000);
});

nesting.run();
