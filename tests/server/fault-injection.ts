import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export type StatementKind = 'insert' | 'update' | 'delete' | 'select';

/** What the PostgreSQL driver throws when the server goes away under a connection. */
export const connectionLost = (): Error => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

function tableName(node: OperationNode | undefined): string | null {
  if (!node) return null;
  const n = node as unknown as Record<string, unknown>;
  if (node.kind === 'TableNode') return ((n.table as { identifier: { name: string } }).identifier).name;
  if (node.kind === 'AliasNode') return tableName(n.node as OperationNode);
  // sql.table('areas') inside a raw statement.
  if (node.kind === 'RawNode' && (n.parameters as readonly OperationNode[]).length === 1) return tableName((n.parameters as readonly OperationNode[])[0]);
  return null;
}

function statementOf(node: RootOperationNode): { kind: StatementKind; table: string | null } | null {
  const n = node as unknown as Record<string, unknown>;
  switch (node.kind) {
    case 'InsertQueryNode':
      return { kind: 'insert', table: tableName(n.into as OperationNode) };
    case 'UpdateQueryNode':
      return { kind: 'update', table: tableName(n.table as OperationNode) };
    case 'DeleteQueryNode':
      return { kind: 'delete', table: tableName((n.from as { froms: OperationNode[] }).froms[0]) };
    case 'SelectQueryNode':
      return { kind: 'select', table: tableName((n.from as { froms: OperationNode[] } | undefined)?.froms[0]) };
    case 'RawNode': {
      // sql`delete from ${sql.table('areas')} …`: the statement's first words and the table given first.
      const head = ((n.sqlFragments as readonly string[])[0] ?? '').trim().toLowerCase();
      const kind = /^delete from$/.test(head) ? 'delete' : /^insert into$/.test(head) ? 'insert' : /^update$/.test(head) ? 'update' : /^select .* from$/.test(head) ? 'select' : null;
      return kind ? { kind, table: tableName((n.parameters as readonly OperationNode[])[0]) } : null;
    }
    default:
      return null;
  }
}

/**
 * A Kysely plugin that makes one chosen statement fail, as if the database had gone away just then:
 * `failNext('insert', 'order_items')` throws on the next insert into order_items (the statements
 * before it in the same request have run). Statements built with the query builder count, and raw
 * ones that name their table with `sql.table` right after their first words (`delete from ${…}`).
 * The test server gets it through `startTestServer(…, { plugins })`.
 */
export class StatementFault implements KyselyPlugin {
  private armed: { kind: StatementKind; table: string; error: () => Error } | null = null;
  /** Faults injected so far. */
  injected = 0;

  failNext(kind: StatementKind, table: string, error: () => Error = connectionLost): void {
    this.armed = { kind, table, error };
  }

  /** Whether the armed fault has not fired yet. */
  get pending(): boolean {
    return this.armed !== null;
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const armed = this.armed;
    const statement = statementOf(args.node);
    if (armed && statement && statement.kind === armed.kind && statement.table === armed.table) {
      this.armed = null;
      this.injected++;
      throw armed.error();
    }
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}
