/** The users the user-service specs create. The fixture itself is `usersFixture` in test/_helpers/users.ts. */
export const ada = { username: 'ada', email: 'Ada@Example.com', password: 'lovelace1' };
export const bob = { username: 'bob', email: 'bob@example.com', password: 'builder12' };
