/**
 * The scalars of Strapi's GraphQL schema beyond GraphQL's own: `JSON` (blocks and json
 * attributes), `DateTime`, `Date`, `Time`, `Long` (big integers, carried as decimal strings so
 * nothing is rounded) and `I18NLocaleCode`. Values are checked as they come in; what goes out is
 * what the Content API answers.
 */
import { GraphQLError, GraphQLScalarType, Kind, print, type ValueNode } from 'graphql';
import type { Attribute } from '../schema/index.js';
import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLString, type GraphQLScalarType as Scalar } from 'graphql';
import { graphqlMessages } from './messages.js';

/** A JSON value written inline in a query, as a plain value. */
function literalValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map((value) => literalValue(value, variables));
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value, variables)]));
    case Kind.VARIABLE:
      return variables?.[node.name.value];
    case Kind.ENUM:
      return node.value;
  }
}

export const JSONScalar = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value: blocks, json attributes and file formats.',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});

/** A string scalar whose values must match `pattern`, said in `expected` when they do not. */
function textScalar(name: string, description: string, pattern: RegExp, expected: string): GraphQLScalarType {
  const check = (value: unknown): string => {
    if (typeof value === 'string' && pattern.test(value)) return value;
    throw new GraphQLError(graphqlMessages.badScalar(name, value, expected));
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => value,
    parseValue: check,
    parseLiteral: (node) => check(node.kind === Kind.STRING ? node.value : undefined),
  });
}

export const DateTimeScalar = textScalar('DateTime', 'A date and time, as an ISO 8601 string.', /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, 'an ISO 8601 date and time');
export const DateScalar = textScalar('Date', 'A date, YYYY-MM-DD.', /^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-11-27');
export const TimeScalar = textScalar('Time', 'A time, HH:mm:ss.SSS.', /^\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/, 'a time like 12:30:00.000');

/** Big integers: answered as the Content API answers them (decimal strings); numbers and strings of digits are taken. */
export const LongScalar = new GraphQLScalarType({
  name: 'Long',
  description: 'A big integer, as a string of decimal digits (or a safe integer).',
  serialize: (value) => value,
  parseValue: (value) => {
    if ((typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && /^-?\d+$/.test(value))) return String(value);
    throw new GraphQLError(graphqlMessages.badScalar('Long', value, 'an integer'));
  },
  parseLiteral: (node) => {
    if (node.kind === Kind.INT || (node.kind === Kind.STRING && /^-?\d+$/.test(node.value))) return node.value;
    throw new GraphQLError(graphqlMessages.badScalar('Long', node.kind === Kind.STRING ? node.value : print(node), 'an integer'));
  },
});

/** A locale code, or `*` for every locale: whether the project has it is the content service's to say. */
export const LocaleCodeScalar = textScalar('I18NLocaleCode', 'A locale code of the project, or * for every locale.', /^(\*|[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*)$/, 'a locale code like "en" or "pt-BR"');

/** The scalar an attribute's values take, as Strapi's plugin maps them; undefined for the kinds that are no scalar. */
export function scalarOf(attribute: Attribute): Scalar | undefined {
  switch (attribute.type) {
    case 'string':
    case 'text':
    case 'richtext':
    case 'uid':
    case 'email':
    case 'password':
      return GraphQLString;
    case 'blocks':
    case 'json':
      return JSONScalar;
    case 'integer':
      return GraphQLInt;
    case 'biginteger':
      return LongScalar;
    case 'float':
    case 'decimal':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'date':
      return DateScalar;
    case 'time':
      return TimeScalar;
    case 'datetime':
      return DateTimeScalar;
    case 'enumeration':
    case 'component':
    case 'dynamiczone':
    case 'relation':
      return undefined;
  }
  return attribute satisfies never;
}
