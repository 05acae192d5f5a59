import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RootOperationNode,
  type SelectQueryNode,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { LiteralLimits } from './postgres-literal-limits';

interface Tables {
  posts: { id: string; title: string; body: unknown };
  users: { id: string; name: string };
}

/** A PostgreSQL Kysely that only compiles. */
const compiler = new Kysely<Tables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const rewritten = (node: RootOperationNode) =>
  new LiteralLimits().transformQuery({ node, queryId: { queryId: 'test' } });

describe('LiteralLimits', () => {
  it('writes a LIMIT in a subquery as text, leaving an OFFSET a parameter', () => {
    const node = compiler
      .selectFrom((eb) => eb.selectFrom('posts').select('id').orderBy('id', 'desc').limit(21).as('page'))
      .innerJoin('users', 'users.id', 'page.id')
      .select(['page.id', 'users.name'])
      .offset(40)
      .toOperationNode();
    const compiled = new PostgresQueryCompiler().compileQuery(rewritten(node), { queryId: 'test' });
    expect(compiled.sql).toContain('limit 21)');
    expect(compiled.sql).toContain('offset $1');
    expect(compiled.parameters).toEqual([40]);
  });

  it('returns a statement without a LIMIT as it is, and shares what lies off the way to one', () => {
    const plain = compiler.selectFrom('posts').select('title').where('title', '=', 'x').toOperationNode();
    expect(rewritten(plain)).toBe(plain);

    const limited = compiler
      .selectFrom('posts')
      .select('title')
      .where('title', '=', 'x')
      .limit(5)
      .toOperationNode() as SelectQueryNode;
    const after = rewritten(limited) as SelectQueryNode;
    expect(after).not.toBe(limited);
    expect(after.where).toBe(limited.where);
    expect(after.selections).toBe(limited.selections);
  });

  it('never walks into a value: data shaped like a LIMIT stays data', () => {
    const data = { kind: 'LimitNode', limit: { kind: 'ValueNode', value: 3 } };
    const node = compiler.insertInto('posts').values({ id: '1', title: 't', body: data }).toOperationNode();
    expect(rewritten(node)).toBe(node);
  });
});
