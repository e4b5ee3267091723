/**
 * What the GraphQL endpoint says when it refuses a request, in one place; tests import them.
 * Where Strapi's plugin (or a library it uses) has its own words, they are kept: the depth
 * message is graphql-depth-limit's, the mixed pagination one the Content API's.
 */
export const graphqlMessages = {
  queryRequired: 'A query is required: send it as "query", in the JSON body (POST) or the query string (GET)',
  variablesNotObject: 'variables must be a JSON object',
  operationNameNotString: 'operationName must be a string',
  unknownOperation: (name: string) => `Unknown operation named "${name}"`,
  operationNameRequired: 'The query holds several operations: name the one to run with operationName',
  mutationWithGet: (kind: string) => `A ${kind} must be sent with POST`,
  methodNotAllowed: 'GraphQL is asked with GET (queries) or POST',
  tooLong: (length: number, limit: number) => `The query is ${length} characters long: the most allowed is ${limit}`,
  tooDeep: (operation: string, limit: number) => `'${operation}' exceeds maximum operation depth of ${limit}`,
  tooManyAliases: (aliases: number, limit: number) => `The query uses ${aliases} aliases: the most allowed is ${limit}`,
  tooNested: (depth: number, limit: number) =>
    `The query nests braces, parentheses or brackets ${depth} levels deep: the most allowed is ${limit}`,
  tooManyFields: (fields: number, limit: number) =>
    `The query selects ${fields} fields once its fragments are written out where they are spread: ` +
    `the most allowed is ${limit} (fieldLimit)`,
  tooSlow: (limit: number) =>
    `The query ran longer than the ${limit} ms a query may take (timeLimit): ask for less at a time, or try again later`,
  tooMany: (amount: number, limit: number) => `The query may answer up to ${amount} entries: the most allowed is ${limit}; ask for smaller pages`,
  askedTwice: (field: string) => `"${field}" is asked for twice with different arguments: ask for it once, or with the same arguments`,
  pageBelowOne: 'pagination.page must be 1 or more',
  pageSizeBelowOne: 'pagination.pageSize must be 1 or more',
  startBelowZero: 'pagination.start must be 0 or more',
  limitBelowZero: 'pagination.limit must be 0 or more, or -1 for the most allowed',
  unauthorized: 'Unauthorized',
  internal: 'Internal Server Error',
  noSchema: (cause: string) => `GraphQL cannot serve the project's content types: ${cause} Rename the content type or component whose GraphQL name is taken (docs/graphql.md).`,
  zoneEntry: (typeName: string, members: readonly string[]) => `${typeName} expects an object whose __typename is one of ${members.join(', ')}`,
  zoneAsVariable: (typeName: string) => `${typeName} must be given as a variable`,
  badScalar: (scalar: string, value: unknown, expected: string) => `${scalar} cannot represent ${JSON.stringify(value)}: expected ${expected}`,
};
