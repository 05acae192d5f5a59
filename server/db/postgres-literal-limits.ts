import {
  LimitNode,
  ValueNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

const isNode = (value: unknown): value is OperationNode =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

/** A LIMIT of a whole number written as text, or the node itself if it is anything else. */
function literalLimit(node: LimitNode): LimitNode {
  const limit = node.limit;
  if (
    ValueNode.is(limit) &&
    !limit.immediate &&
    Number.isSafeInteger(limit.value) &&
    Number(limit.value) >= 0
  )
    return LimitNode.create(ValueNode.createImmediate(limit.value));
  return node;
}

function rewriteChild(value: unknown): unknown {
  if (isNode(value)) return rewrite(value);
  if (!Array.isArray(value)) return value;
  let copy: unknown[] | undefined;
  for (let index = 0; index < value.length; index += 1) {
    const item: unknown = value[index];
    const next = isNode(item) ? rewrite(item) : item;
    if (next === item) continue;
    copy ??= [...value];
    copy[index] = next;
  }
  return copy ? Object.freeze(copy) : value;
}

/**
 * Nodes that never hold a statement, so never a LIMIT: names, and data (a value, a list of raw
 * values: what they hold is the statement's data, never walked into).
 */
const HOLD_NO_LIMIT: ReadonlySet<OperationNode['kind']> = new Set([
  'ValueNode',
  'PrimitiveValueListNode',
  'IdentifierNode',
  'SchemableIdentifierNode',
  'TableNode',
  'ColumnNode',
  'ReferenceNode',
  'OperatorNode',
  'SelectAllNode',
]);

/**
 * The tree with its LIMITs as text, sharing every subtree that holds none: only the nodes on the
 * way to a LIMIT are copied. (Kysely's OperationNodeTransformer builds every node of the tree
 * again, which cost about 35 µs for a list's statement, on every statement.)
 */
function rewrite(node: OperationNode): OperationNode {
  if (HOLD_NO_LIMIT.has(node.kind)) return node;
  if (LimitNode.is(node)) return literalLimit(node);
  let copy: Record<string, unknown> | undefined;
  for (const key in node) {
    const value: unknown = (node as unknown as Record<string, unknown>)[key];
    const next = rewriteChild(value);
    if (next === value) continue;
    copy ??= { ...node };
    copy[key] = next;
  }
  return copy ? (Object.freeze(copy) as unknown as OperationNode) : node;
}

/**
 * PostgreSQL keeps a named statement's generic plan only when it costs no more than the custom
 * plans made for the values seen so far (decision 91). Not knowing a `LIMIT $n`, the planner
 * costs the generic plan as if it read a tenth of the table, so a list's statement was planned
 * afresh at every run: about 1.2 ms of planning against 0.15 ms of execution for the front page's
 * twenty posts at 100,000 posts. With the number in the text the generic plan is costed right and
 * kept after the first five runs (decision 91's addendum).
 *
 * Limits come from a few page sizes, so each statement gains a handful of texts at most. OFFSETs,
 * which take any value a reader asks for, stay parameters: as text, each would be a new statement.
 */
export class LiteralLimits implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return rewrite(args.node) as RootOperationNode;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
