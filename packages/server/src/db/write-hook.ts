import {
  DeleteQueryNode,
  InsertQueryNode,
  MergeQueryNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/** Told the tables a statement wrote to, once the database has answered it. */
export type WriteListener = (tables: ReadonlySet<string>) => void;

/**
 * Sees every insert, update and delete that goes through the query builder and reports the
 * tables it wrote once it has run, so caches of what pages show can be dropped on any write
 * whichever feature made it. Raw `sql` statements are not seen: features write through the builder.
 */
export class WriteHook implements KyselyPlugin {
  readonly #listeners = new Set<WriteListener>();
  readonly #pending = new WeakMap<object, ReadonlySet<string>>();

  onWrite(listener: WriteListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const tables = writtenTables(node);
    if (tables.size > 0) this.#pending.set(queryId, tables);
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.#pending.get(queryId);
    if (tables) {
      this.#pending.delete(queryId);
      for (const listener of this.#listeners) listener(tables);
    }
    return result;
  }
}

function writtenTables(node: RootOperationNode): Set<string> {
  const tables = new Set<string>();
  const add = (target: OperationNode | undefined) => {
    if (!target) return;
    if (TableNode.is(target)) tables.add(target.table.identifier.name);
    // `update a from b`, aliases and the like: the first table is the one written.
    else if ('table' in target) add((target as { table?: OperationNode }).table);
    else if ('node' in target) add((target as { node?: OperationNode }).node);
  };
  if (InsertQueryNode.is(node)) add(node.into);
  else if (UpdateQueryNode.is(node)) add(node.table);
  else if (DeleteQueryNode.is(node)) node.from.froms.forEach(add);
  else if (MergeQueryNode.is(node)) add(node.into);
  return tables;
}
