/**
 * What Strapi's users-permissions and i18n plugins add to the schema: `me`, the sign-in mutations
 * (`login`, `register`, `forgotPassword`, `resetPassword`, `changePassword`, `emailConfirmation`),
 * and `i18NLocales`. Each calls the auth service as its REST route does, behind the same action.
 */
import { GraphQLBoolean, GraphQLID, GraphQLInputObjectType, GraphQLList, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfig } from 'graphql';
import type { AuthAnswer } from '../auth/index.js';
import { UnauthorizedError } from '../errors.js';
import { listLocales } from '../i18n/index.js';
import { assertCan, usersPermissionsAction } from '../permissions/index.js';
import type { UserRow } from '../users/index.js';
import type { RequestContext } from './context.js';
import { DateTimeScalar } from './scalars.js';
import { graphqlMessages } from './messages.js';

type Field = GraphQLFieldConfig<unknown, RequestContext>;
type Args = Record<string, unknown>;
const string = new GraphQLNonNull(GraphQLString);

const MeRole = new GraphQLObjectType({
  name: 'UsersPermissionsMeRole',
  fields: { id: { type: new GraphQLNonNull(GraphQLID) }, name: { type: string }, description: { type: GraphQLString }, type: { type: GraphQLString } },
});

const Me = new GraphQLObjectType({
  name: 'UsersPermissionsMe',
  fields: {
    id: { type: new GraphQLNonNull(GraphQLID) },
    documentId: { type: new GraphQLNonNull(GraphQLID) },
    username: { type: string },
    email: { type: GraphQLString },
    confirmed: { type: GraphQLBoolean },
    blocked: { type: GraphQLBoolean },
    role: { type: MeRole },
  },
});

const LoginPayload = new GraphQLObjectType({
  name: 'UsersPermissionsLoginPayload',
  fields: { jwt: { type: GraphQLString }, user: { type: new GraphQLNonNull(Me) } },
});

const PasswordPayload = new GraphQLObjectType({ name: 'UsersPermissionsPasswordPayload', fields: { ok: { type: new GraphQLNonNull(GraphQLBoolean) } } });

const LoginInput = new GraphQLInputObjectType({
  name: 'UsersPermissionsLoginInput',
  fields: { identifier: { type: string }, password: { type: string }, provider: { type: string, defaultValue: 'local' } },
});

const RegisterInput = new GraphQLInputObjectType({
  name: 'UsersPermissionsRegisterInput',
  fields: { username: { type: string }, email: { type: string }, password: { type: string } },
});

const Locale = new GraphQLObjectType({
  name: 'I18NLocale',
  fields: {
    documentId: { type: new GraphQLNonNull(GraphQLID) },
    name: { type: GraphQLString },
    code: { type: GraphQLString },
    createdAt: { type: DateTimeScalar },
    updatedAt: { type: DateTimeScalar },
    publishedAt: { type: DateTimeScalar },
  },
});

/** A signed-in user as `me` and the sign-in payloads show them, with their role. */
function meOf(context: RequestContext, id: unknown): Record<string, unknown> {
  const users = context.deps.users();
  const row = typeof id === 'number' ? users.find(id) : undefined;
  if (!row) throw new UnauthorizedError(graphqlMessages.unauthorized);
  return { ...users.sanitizeUser(row as UserRow), role: users.roleOf(row as UserRow) };
}

/** `{ jwt, user }`; a refresh-mode session's refresh token is not part of Strapi's payload. */
const payload = (context: RequestContext, answer: AuthAnswer) => ({ jwt: answer.jwt, user: meOf(context, answer.user.id) });

/** An auth action of users-permissions, checked as its REST route checks it. */
const allowed = (context: RequestContext, action: string) => assertCan(context.actor, usersPermissionsAction('auth', action));

export const accountQueries: Record<string, Field> = {
  me: {
    type: Me,
    resolve: (_parent, _args, context) => {
      assertCan(context.actor, usersPermissionsAction('user', 'me'));
      if (context.actor.kind !== 'user') throw new UnauthorizedError(graphqlMessages.unauthorized);
      return meOf(context, context.actor.user.id);
    },
  },
  i18NLocales: {
    type: new GraphQLNonNull(new GraphQLList(Locale)),
    resolve: (_parent, _args, context) => listLocales(context.deps.i18n()),
  },
  i18NLocale: {
    type: Locale,
    args: { documentId: { type: new GraphQLNonNull(GraphQLID) } },
    resolve: (_parent, args: Args, context) => listLocales(context.deps.i18n()).find((locale) => locale.documentId === args.documentId) ?? null,
  },
};

export const accountMutations: Record<string, Field> = {
  login: {
    type: new GraphQLNonNull(LoginPayload),
    args: { input: { type: new GraphQLNonNull(LoginInput) } },
    resolve: async (_parent, args: Args, context) => {
      allowed(context, 'callback');
      const { identifier, password } = args.input as Args;
      return payload(context, await context.deps.auth.login({ identifier, password }, context.client));
    },
  },
  register: {
    type: new GraphQLNonNull(LoginPayload),
    args: { input: { type: new GraphQLNonNull(RegisterInput) } },
    resolve: async (_parent, args: Args, context) => {
      allowed(context, 'register');
      const result = await context.deps.auth.register({ ...(args.input as Args) }, context.client);
      // With email confirmation on there is no session yet: the account, and no token.
      return 'jwt' in result ? payload(context, result) : { jwt: null, user: meOf(context, result.user.id) };
    },
  },
  forgotPassword: {
    type: PasswordPayload,
    args: { email: { type: string } },
    resolve: (_parent, args: Args, context) => {
      allowed(context, 'forgotPassword');
      return context.deps.auth.forgotPassword({ email: args.email });
    },
  },
  resetPassword: {
    type: LoginPayload,
    args: { password: { type: string }, passwordConfirmation: { type: string }, code: { type: string } },
    resolve: async (_parent, args: Args, context) => {
      allowed(context, 'resetPassword');
      return payload(context, await context.deps.auth.resetPassword({ ...args }, context.client));
    },
  },
  changePassword: {
    type: LoginPayload,
    args: { currentPassword: { type: string }, password: { type: string }, passwordConfirmation: { type: string } },
    resolve: async (_parent, args: Args, context) => {
      allowed(context, 'changePassword');
      return payload(context, await context.deps.auth.changePassword(context.actor, { ...args }, context.client));
    },
  },
  emailConfirmation: {
    type: LoginPayload,
    args: { confirmation: { type: string } },
    resolve: async (_parent, args: Args, context) => {
      allowed(context, 'emailConfirmation');
      return payload(context, await context.deps.auth.confirmEmailAndSignIn({ confirmation: args.confirmation }, context.client));
    },
  },
};
