import {
  LimitNode,
  OperationNodeTransformer,
  ValueNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Writes a whole-number LIMIT into the statement's text instead of sending it as a parameter. */
class LiteralLimitTransformer extends OperationNodeTransformer {
  protected override transformLimit(node: LimitNode): LimitNode {
    const limit = node.limit;
    if (
      ValueNode.is(limit) &&
      !limit.immediate &&
      Number.isSafeInteger(limit.value) &&
      Number(limit.value) >= 0
    )
      return LimitNode.create(ValueNode.createImmediate(limit.value));
    return super.transformLimit(node);
  }
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
  private readonly transformer = new LiteralLimitTransformer();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.transformer.transformNode(args.node);
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
