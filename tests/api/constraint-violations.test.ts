import { expect, it } from 'vitest';
import { unitOfWork } from '../../server/db/transaction';
import { DuplicateKey, MissingReference } from '../../server/lib/constraint-violations';
import { FollowsRepository } from '../../server/modules/social/follows/follows-repository';
import { TagsRepository } from '../../server/modules/tags/tags-repository';
import { describeEachDatabase, signUpUser } from './support/harness';

/**
 * Services act on a refused write by its meaning, never by a driver's code: the database layer
 * turns both databases' constraint errors into DuplicateKey and MissingReference
 * (server/db/constraint-errors.ts), inside transactions too, and a unit of work's transaction
 * leaves nothing behind when its work throws.
 */
describeEachDatabase('constraint errors in our words', (ctx) => {
  it('answers a second row with the same unique key as DuplicateKey', async () => {
    const user = await signUpUser(ctx);
    const row = await ctx.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    const copy = { ...row, id: `${row.id.slice(0, -4)}0000` };
    const refused = await ctx.database.db
      .insertInto('users')
      .values(copy)
      .execute()
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(DuplicateKey);
    // The driver's own error stays at hand for the logs.
    expect((refused as DuplicateKey).cause).toBeDefined();
  });

  it('answers a row that points at nothing as MissingReference, inside a unit of work, and rolls it back', async () => {
    const reader = await signUpUser(ctx);
    const store = unitOfWork(ctx.database.db, (db) => ({
      follows: new FollowsRepository(db),
      tags: new TagsRepository(db),
    }));
    const refused = await store
      .run(async ({ tags }) => {
        await tags.follow(reader.id, 'no-such-topic-anywhere');
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(MissingReference);

    const other = await signUpUser(ctx);
    const partial = await store
      .run(async ({ follows, tags }) => {
        expect(await follows.add(reader.id, other.id)).toBe(true);
        await tags.follow(reader.id, 'no-such-topic-anywhere');
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(partial).toBeInstanceOf(MissingReference);
    // The follow written before the refusal went with the transaction.
    const kept = await ctx.database.db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', reader.id)
      .execute();
    expect(kept).toEqual([]);
  });
});
