// Named prepared statements on the embedded database (issue 47, ADRs 046 and 054). PGlite's own query()
// sends each statement unnamed, in six round trips into its WebAssembly (Parse, Describe,
// Bind, Describe, Execute, Sync), so PostgreSQL parses and plans it again at every call; and
// Drizzle's .prepare() keeps only the SQL on PGlite. Here a statement is parsed once under a
// name, and each later call is one round trip (Bind, Describe, Execute, Sync) that reuses its
// plan: the search's main statement went from 11.8 to 1.4 ms, a one-row lookup from 0.56 to
// 0.29 ms. The client Drizzle is given is the PGlite itself with query() and transaction()
// replaced; everything else (exec, dumps, close) is PGlite's own.
import { parse, type PGlite, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

/** At most this many statements are kept named; the least recently used is closed first. */
export const MAX_NAMED_STATEMENTS = 300;

/**
 * Only plain reads and writes are kept. Anything else runs as PGlite runs it; and unless it is
 * one of the statements below, which change no table (a setting for the transaction, the
 * transaction's own commands), it may have changed the schema (a migration, a test's set-up):
 * every kept statement, whose plans and result columns may have changed with it, is dropped.
 */
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;
const SCHEMA_UNCHANGED =
  /^\s*(set|reset|show|begin|start|commit|end|rollback|savepoint|release|lock|listen|unlisten|notify)\b/i;

/** PostgreSQL's feature_not_supported, as it reports a kept plan whose result columns changed. */
const CACHED_PLAN_CHANGED = "0A000";

type Statement = { name: string; paramTypes: number[] };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Internals = PGlite & {
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
};

/** The statements kept named on one PGlite, and how a statement runs through them. */
class NamedStatements {
  private readonly statements = new Map<string, Statement>();
  private sequence = 0;
  /** Names to close, sent with the next Parse (a Close needs no round trip of its own). */
  private toClose: string[] = [];

  constructor(private readonly db: Internals) {}

  /** Drops every kept statement (after a schema change); they are closed with the next Parse. */
  forgetAll(): void {
    this.toClose.push(...[...this.statements.values()].map((statement) => statement.name));
    this.statements.clear();
  }

  private async prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const kept = this.statements.get(text);
    if (kept) {
      // Most recently used last: the Map's order is the eviction order.
      this.statements.delete(text);
      this.statements.set(text, kept);
      return kept;
    }
    if (this.statements.size >= MAX_NAMED_STATEMENTS) {
      const [oldest, statement] = this.statements.entries().next().value!;
      this.toClose.push(statement.name);
      this.statements.delete(oldest);
    }
    const name = `pn${++this.sequence}`;
    const closing = this.toClose.map((closed) => protocol.serialize.close({ type: "S", name: closed }));
    this.toClose = [];
    const { messages } = await this.db.execProtocol(
      concat([
        ...closing,
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.statements.set(text, statement);
    return statement;
  }

  /**
   * One statement, under PGlite's query lock; `isInTransaction`: the caller's transaction holds
   * the rest. `prelude`, a statement without parameters (a setting for the transaction), runs
   * first in the same round trip: outside a transaction, both are one implicit transaction that
   * ends at the Sync, so a setting made with set_config(…, true) holds for this statement only.
   */
  private async run(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    isInTransaction: boolean,
    prelude?: string,
  ) {
    const before = prelude === undefined ? null : await this.prepare(prelude, undefined);
    const statement = await this.prepare(text, options);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[index]!;
      const serialize = options?.serializers?.[type] ?? this.db.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    try {
      const { messages } = await this.db.execProtocol(
        concat([
          ...(before
            ? [
                protocol.serialize.bind({ statement: before.name, values: [] }),
                protocol.serialize.describe({ type: "P" }),
                protocol.serialize.execute({}),
              ]
            : []),
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: "P" }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (!isInTransaction) await this.db.syncToFs();
      return parse.parseResults(messages, this.db.parsers, options).at(before ? 1 : 0)!;
    } catch (error) {
      // "cached plan must not change result type": a table changed under the kept plan (by
      // hand, or a test's set-up); parsed again at the next call.
      if ((error as { code?: string }).code === CACHED_PLAN_CHANGED) {
        for (const [kept, named] of [[text, statement] as const, ...(before ? [[prelude!, before] as const] : [])]) {
          this.statements.delete(kept);
          this.toClose.push(named.name);
        }
      }
      throw Object.assign(error as Error, { query: text, params });
    }
  }

  /**
   * A plain read or write preceded, in the same round trip and implicit transaction, by
   * `prelude` (see run); never inside a transaction of the caller's.
   */
  queryAfter<T>(prelude: string, text: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
    if (!KEPT.test(text) || options?.blob) throw new Error(`Not a plain read or write: ${text.slice(0, 60)}`);
    return this.db._runExclusiveTransaction(() =>
      this.db._runExclusiveQuery(() => this.run(text, params ?? [], options, false, prelude)),
    ) as Promise<Results<T>>;
  }

  query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    isInTransaction: boolean,
    plain: () => Promise<Results<T>>,
  ): Promise<Results<T>> {
    if (!KEPT.test(text) || options?.blob) {
      return SCHEMA_UNCHANGED.test(text) ? plain() : plain().finally(() => this.forgetAll());
    }
    const work = () => this.db._runExclusiveQuery(() => this.run(text, params ?? [], options, isInTransaction));
    return (isInTransaction ? work() : this.db._runExclusiveTransaction(work)) as Promise<Results<T>>;
  }
}

/** A transaction whose statements go through the kept ones too. */
function wrapTransaction(tx: Transaction, named: NamedStatements): Transaction {
  return {
    // async, as PGlite's own: a closed transaction's query is a rejected promise, not a throw.
    query: async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (tx.closed) throw new Error("Transaction is closed");
      return named.query<T>(text, params, options, true, () => tx.query<T>(text, params, options));
    },
    sql: (...args) => tx.sql(...args),
    exec: (...args) => tx.exec(...args),
    rollback: () => tx.rollback(),
    listen: (...args) => tx.listen(...args),
    get closed() {
      return tx.closed;
    },
  };
}

/**
 * `pg` with query() and transaction() going through named statements; the rest is PGlite's own.
 * `afterPrelude(prelude)`: a client whose every query() runs `prelude` first, in the same round
 * trip and implicit transaction (ADR 075); it has no transaction().
 */
export function withNamedStatements(pg: PGlite): { client: PGlite; afterPrelude: (prelude: string) => PGlite } {
  const named = new NamedStatements(pg as Internals);
  const afterPrelude = (prelude: string) =>
    new Proxy(pg, {
      get(target, property) {
        if (property === "query") {
          return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
            named.queryAfter<T>(prelude, text, params, options);
        }
        if (property === "transaction") {
          return () =>
            Promise.reject(new Error("No transaction on a client whose statements each carry their prelude."));
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return { client: namedClient(pg, named), afterPrelude };
}

function namedClient(pg: PGlite, named: NamedStatements): PGlite {
  return new Proxy(pg, {
    get(target, property) {
      if (property === "query") {
        return <T>(text: string, params?: unknown[], options?: QueryOptions) =>
          named.query<T>(text, params, options, false, () => target.query<T>(text, params, options));
      }
      if (property === "transaction") {
        return <T>(work: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => work(wrapTransaction(tx, named)));
      }
      // PGlite's own methods use its private fields: called on PGlite itself, not on the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
