/**
 * How a statement's plan reads its tables, from PostgreSQL's EXPLAIN (FORMAT JSON): which reads
 * go through a whole table rather than through an index to the rows asked for.
 */
import type pg from 'pg';

/** A node of EXPLAIN (FORMAT JSON)'s plan, with the fields looked at here. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

export interface WholeRead {
  table: string;
  /** The plan node, and the index it walks, if any. */
  how: string;
}

/** The statements EXPLAIN takes; anything else (SET, LOCK, DDL, transaction control) has no plan to look at. */
const EXPLAINABLE = /^\s*(?:SELECT|INSERT|UPDATE|DELETE|WITH|VALUES|TABLE)\b/i;

/** Why a statement is not explained, or undefined when it is. */
export function notExplained(statement: { sql: string; exec: boolean }): string | undefined {
  if (statement.exec) return 'several statements without parameters (exec): migrations, never a request';
  if (!EXPLAINABLE.test(statement.sql)) return 'not a statement EXPLAIN plans (SET, LOCK, DDL or transaction control)';
  return undefined;
}

/** The plan PostgreSQL makes for the statement with these parameters, without running it. */
export async function explain(client: pg.Client, sql: string, params: readonly unknown[]): Promise<PlanNode> {
  const { rows } = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, [...params]);
  const plan = rows[0]?.['QUERY PLAN'][0]?.Plan;
  if (!plan) throw new Error(`EXPLAIN gave no plan for: ${sql}`);
  return plan;
}

const INDEX_SCANS = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/**
 * The nodes of `plan` that read all of a table `isLarge` names: a sequential scan, or a walk of a
 * whole index (no index condition) that filters the rows it passes, as an ORDER BY … LIMIT read
 * through an unrelated index does. A partial index walked whole is fine: it holds only the rows
 * its predicate names, which is why it was made.
 */
export function wholeReads(plan: PlanNode, isLarge: (table: string) => boolean, partialIndexes: ReadonlySet<string>): WholeRead[] {
  const found: WholeRead[] = [];
  const visit = (node: PlanNode) => {
    const table = node['Relation Name'];
    const index = node['Index Name'];
    if (table && isLarge(table)) {
      if (node['Node Type'] === 'Seq Scan') found.push({ table, how: 'Seq Scan' });
      else if (INDEX_SCANS.has(node['Node Type']) && index && !node['Index Cond'] && node.Filter && !partialIndexes.has(index))
        found.push({ table, how: `${node['Node Type']} walking all of ${index}, filtering each row` });
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  visit(plan);
  return found;
}
