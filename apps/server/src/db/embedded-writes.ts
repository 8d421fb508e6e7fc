import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * What the embedded engine has written, table by table (docs/performance.md#exact-totals-on-the-embedded-engine). The embedded database belongs to one process (the data directory is locked) and runs one statement at a
 * time, so this process sees every write: each statement that may write bumps the generation of the tables it may write, once it has run, and a
 * transaction bumps them again as it ends (its rows appear, or vanish, only then). A count taken when the tables it
 * reads stood at some generations still holds while they stand there.
 *
 * What a statement may write is read from its text, erring wide: `insert into`, `update`, `delete from` or
 * `merge into` one table write that table, plus every table its triggers' functions name and every table whose
 * foreign key acts on that kind of statement (`ON DELETE` / `ON UPDATE` cascade, set null or set default), and
 * from there, transitively, whatever those reach (read from the catalog); any other statement that is not a read
 * (`with …`, `copy`, `truncate`, DDL, several statements at once) counts as a write to every table.
 */
export class EmbeddedWrites {
  #everything = 0;
  readonly #generations = new Map<string, number>();
  /** For each kind of write and table, the tables it may write (the table included); filled from the catalog. */
  #reach: Record<WriteKind, Map<string, ReadonlySet<string>>> | undefined;
  #tables: ReadonlySet<string> = new Set();
  #loading: Promise<void> | undefined;

  constructor(private readonly client: Pick<PGlite, 'query'>) {}

  /** Reads the tables, triggers and cascading keys once; until then nothing can be reused. */
  ready(): Promise<void> {
    this.#loading ??= this.#load();
    return this.#loading;
  }

  /**
   * The generations of the tables a count statement reads, or undefined when its result may change with nothing
   * written (it reads the clock) or the catalog is not read yet.
   */
  snapshot(statement: string): WriteSnapshot | undefined {
    if (!this.#reach || READS_THE_CLOCK.test(statement)) return undefined;
    const tables = [...new Set(statement.toLowerCase().match(WORDS) ?? [])].filter((word) =>
      this.#tables.has(word),
    );
    return {
      log: this,
      everything: this.#everything,
      tables: tables.map((table) => [table, this.#generation(table)]),
    };
  }

  /** Whether nothing the snapshot's statement reads has been written since (in this database: tests open many). */
  unchangedSince(snapshot: WriteSnapshot): boolean {
    return (
      snapshot.log === this &&
      snapshot.everything === this.#everything &&
      snapshot.tables.every(([table, generation]) => this.#generation(table) === generation)
    );
  }

  /** After a statement has run (or failed): bumps what it may have written; returns that, for its transaction. */
  ran(statement: string, several = false): Written {
    const written = writtenBy(statement, several);
    this.bump(written);
    if (written === 'everything' && CHANGES_THE_SCHEMA.test(statement)) {
      // A new trigger or key may reach further: the catalog is read again before anything is reused.
      this.#reach = undefined;
      this.#loading = undefined;
    }
    return written;
  }

  bump(written: Written): void {
    if (written === 'everything' || (written && !this.#reach)) {
      // Before the catalog is read, a table's triggers and cascades are unknown: that counts as everything.
      this.#everything++;
      return;
    }
    if (!written) return;
    for (const reached of this.#reach![written.kind].get(written.table) ?? [written.table]) {
      this.#generations.set(reached, this.#generation(reached) + 1);
    }
  }

  #generation(table: string): number {
    return this.#generations.get(table) ?? 0;
  }

  async #load(): Promise<void> {
    const { rows: tables } = await this.client.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relkind IN ('r', 'p') AND relnamespace = 'public'::regnamespace`,
    );
    // A key's action runs when the row it references is deleted (confdeltype) or its key updated (confupdtype).
    const { rows: cascades } = await this.client.query<{ source: string; target: string; kind: WriteKind }>(
      `SELECT p.relname AS source, c.relname AS target, a.kind
         FROM pg_constraint k JOIN pg_class p ON p.oid = k.confrelid JOIN pg_class c ON c.oid = k.conrelid,
              LATERAL (VALUES ('delete', k.confdeltype), ('update', k.confupdtype)) AS a (kind, action)
        WHERE k.contype = 'f' AND a.action IN ('c', 'n', 'd')`,
    );
    const { rows: triggers } = await this.client.query<{ source: string; body: string }>(
      `SELECT c.relname AS source, p.prosrc AS body
         FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
        WHERE NOT t.tgisinternal`,
    );
    const names = new Set(tables.map((t) => t.name));
    // What a trigger's function names it may write, whatever the event; what it writes may fire anything.
    const byTriggers = new Map<string, Set<string>>([...names].map((name) => [name, new Set<string>()]));
    for (const { source, body } of triggers) {
      for (const word of body.toLowerCase().match(WORDS) ?? []) {
        if (names.has(word)) byTriggers.get(source)?.add(word);
      }
    }
    const reachOf = (kind: WriteKind) => {
      const first = new Map<string, Set<string>>();
      for (const c of cascades) {
        if (c.kind === kind || kind === 'any')
          first.set(c.source, (first.get(c.source) ?? new Set()).add(c.target));
      }
      const reach = new Map<string, ReadonlySet<string>>();
      for (const name of names) {
        const seen = new Set([name]);
        const next = [...(byTriggers.get(name) ?? []), ...(first.get(name) ?? [])];
        while (next.length > 0) {
          const table = next.pop()!;
          if (seen.has(table)) continue;
          seen.add(table);
          // Past the first table, a trigger or a cascade may write anything: every kind of key action.
          next.push(...(byTriggers.get(table) ?? []));
          for (const c of cascades) if (c.source === table) next.push(c.target);
        }
        reach.set(name, seen);
      }
      return reach;
    };
    this.#tables = names;
    this.#reach = {
      insert: reachOf('insert'),
      update: reachOf('update'),
      delete: reachOf('delete'),
      any: reachOf('any'),
    };
  }
}

export type WriteSnapshot = {
  log: EmbeddedWrites;
  everything: number;
  tables: [table: string, generation: number][];
};
type WriteKind = 'insert' | 'update' | 'delete' | 'any';
/** Nothing, one table by one kind of statement, or (when the text does not say) everything. */
export type Written = null | { kind: WriteKind; table: string } | 'everything';

const NOTHING: Written = null;
const WORDS = /[a-z_][a-z0-9_]*/g;
/** Functions whose value changes with time alone: a count that calls one is never reused. */
const READS_THE_CLOCK =
  /\b(now|current_date|current_time|current_timestamp|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random)\b/i;
/** DDL anywhere in the text (a word in a string only costs a second reading of the catalog). */
const CHANGES_THE_SCHEMA = /\b(?:create|alter|drop)\b/i;
const LEADING = /^(?:\s+|--[^\n]*(?:\n|$)|\/\*[\s\S]*?\*\/|\()*/;
/** Statements that write nothing a count reads. `explain analyze` runs its statement, so it is not among them. */
const READS =
  /^(?:select|values|show|set|reset|begin|start\s+transaction|commit|end|rollback|savepoint|release|listen|unlisten|deallocate|discard|explain(?!\s*\(?\s*analy[sz]e))\b/i;
const ONE_TABLE =
  /^(insert\s+into|update(?:\s+only)?|delete\s+from(?:\s+only)?|merge\s+into)\s+(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;
const KINDS: Record<string, WriteKind> = {
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  merge: 'any',
};

/** What a statement may write: nothing, one table (by insert, update, delete or merge), or everything. */
export function writtenBy(statement: string, several = false): Written {
  if (several) {
    // `exec` may run several statements: only when every one of them reads is nothing written. A `;` inside a
    // string or comment only splits a statement into pieces that do not read as reads, which errs wide.
    const parts = statement.split(';').map((part) => part.replace(LEADING, ''));
    return parts.every((part) => part === '' || READS.test(part)) ? NOTHING : 'everything';
  }
  const text = statement.replace(LEADING, '');
  if (READS.test(text)) return NOTHING;
  const match = ONE_TABLE.exec(text);
  if (!match) return 'everything';
  const kind = KINDS[match[1]!.split(/\s/)[0]!.toLowerCase()]!;
  return { kind, table: match[2]!.toLowerCase() };
}

const writeLogs = new WeakMap<object, EmbeddedWrites>();

/** The write log of an embedded database's Drizzle handle (not of its transactions, nor of PostgreSQL's). */
export function embeddedWritesOf(executor: object): EmbeddedWrites | undefined {
  return writeLogs.get(executor);
}

/**
 * Watches every statement run through the client's `query`, `exec` and `transaction` (and `sql`, which calls
 * `query`) and registers the log under `db`, the Drizzle handle the lists count through.
 */
export function watchEmbeddedWrites(client: PGlite, db: object): EmbeddedWrites {
  const writes = new EmbeddedWrites(client);
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (statement: string, ...rest: unknown[]) => {
    try {
      return await (query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
    } finally {
      writes.ran(statement);
    }
  }) as PGlite['query'];
  client.exec = (async (statement: string, ...rest: unknown[]) => {
    try {
      return await (exec as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
    } finally {
      writes.ran(statement, true);
    }
  }) as PGlite['exec'];
  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction(async (tx) => {
      const written: Written[] = [];
      const note = (value: Written) => void written.push(value);
      const watched = Object.create(tx, {
        query: {
          value: async (statement: string, ...rest: unknown[]) => {
            try {
              return await (tx.query as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
            } finally {
              note(writes.ran(statement));
            }
          },
        },
        exec: {
          value: async (statement: string, ...rest: unknown[]) => {
            try {
              return await (tx.exec as (...args: unknown[]) => Promise<unknown>)(statement, ...rest);
            } finally {
              note(writes.ran(statement, true));
            }
          },
        },
        sql: {
          // A template's text is not read here: it counts as a write to everything.
          value: async (...args: unknown[]) => {
            try {
              return await (tx.sql as (...args: unknown[]) => Promise<unknown>)(...args);
            } finally {
              writes.bump('everything');
              note('everything');
            }
          },
        },
      }) as Transaction;
      try {
        return await callback(watched);
      } finally {
        // Committed or rolled back, what it wrote changes as it ends; no other statement runs before that.
        for (const value of written) writes.bump(value);
      }
    })) as PGlite['transaction'];
  writeLogs.set(db, writes);
  return writes;
}

/** How many reads reusedUntilWritten keeps (oldest out first). */
const READS_KEPT = 200;
const keptReads = new Map<string, { value: unknown; snapshot: WriteSnapshot }>();

/**
 * A read's result, reused on the embedded engine while nothing it reads has been written (the rule of exact list
 * totals there, above); on PostgreSQL, or inside a transaction, always read afresh. For aggregates that must be exact
 * and would otherwise run on every request. The result is shared: callers must not change it.
 */
export async function reusedUntilWritten<T>(
  executor: object,
  query: PromiseLike<T> & { toSQL(): { sql: string; params: unknown[] } },
): Promise<T> {
  const writes = embeddedWritesOf(executor);
  if (!writes) return await query;
  const key = JSON.stringify(query.toSQL());
  const kept = keptReads.get(key);
  if (kept && writes.unchangedSince(kept.snapshot)) return kept.value as T;
  await writes.ready();
  const snapshot = writes.snapshot(key);
  const value = await query;
  keptReads.delete(key);
  if (snapshot) {
    if (keptReads.size >= READS_KEPT) keptReads.delete(keptReads.keys().next().value!);
    keptReads.set(key, { value, snapshot });
  }
  return value;
}
