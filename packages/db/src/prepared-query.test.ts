import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { preparedQuery } from './prepared-query.ts';
import { insertUser } from './repositories/users.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from './testing.ts';

const usersByEmailPrefix = preparedQuery((db, prefix: string, createdBefore: Date) =>
  db
    .selectFrom('users')
    .select(['email', 'first_name'])
    .where('email', 'like', sql<string>`${prefix} || '%'`)
    .where('created_at', '<', createdBefore)
    .orderBy('email')
    // A constant of the query, compiled in: it stays as it is.
    .limit(2),
);

describe.each(testDatabaseKinds())('prepared queries on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
    for (const [email, name] of [['ann@a.test', 'Ann'], ['amy@a.test', 'Amy'], ['abe@a.test', 'Abe'], ['bob@b.test', 'Bob']]) {
      await insertUser(t.db, { googleSub: null, email: email!, firstName: name!, lastName: null, profileImageUrl: null });
    }
  });

  it('answers each call with its own values, as the query built afresh does, in parallel too', async () => {
    const later = new Date(Date.now() + 60_000);
    const calls = ['a', 'b', 'am', 'z', "'; DROP TABLE users; --"].map(async (prefix) => ({
      prefix,
      prepared: (await t.db.executeQuery(usersByEmailPrefix(t.db, prefix, later))).rows,
      fresh: await t.db.selectFrom('users').select(['email', 'first_name']).where('email', 'like', sql<string>`${prefix} || '%'`).where('created_at', '<', later).orderBy('email').limit(2).execute(),
    }));
    const answers = await Promise.all(calls);
    for (const answer of answers) expect(answer.prepared, answer.prefix).toEqual(answer.fresh);
    expect(answers.map((a) => a.prepared.map((row) => row.first_name))).toEqual([['Abe', 'Amy'], ['Bob'], ['Amy'], [], []]);
    // The hostile prefix was a value, never SQL: the table and its four rows are still there.
    expect(Number((await t.db.selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)).toBe(4);
    // Dates are values like any other: nobody was created before the epoch.
    expect((await t.db.executeQuery(usersByEmailPrefix(t.db, 'a', new Date(0)))).rows).toEqual([]);
  });

  it('inside a transaction, sees what the transaction wrote', async () => {
    const seen = await t.db.transaction().execute(async (trx) => {
      await insertUser(trx, { googleSub: null, email: 'aaron@a.test', firstName: 'Aaron', lastName: null, profileImageUrl: null });
      return (await trx.executeQuery(usersByEmailPrefix(trx, 'aa', new Date(Date.now() + 60_000)))).rows;
    });
    expect(seen).toEqual([{ email: 'aaron@a.test', first_name: 'Aaron' }]);
  });

  it('refuses a query that uses an argument twice or not at all', () => {
    const twice = preparedQuery((db, email: string) => db.selectFrom('users').select('id').where('email', '=', email).where('first_name', '=', email));
    expect(() => twice(t.db, 'x')).toThrow(/each of its 1 arguments as exactly one parameter/);
    const unused = preparedQuery((db, _email: string) => db.selectFrom('users').select('id'));
    expect(() => unused(t.db, 'x')).toThrow(/exactly one parameter/);
  });
});
