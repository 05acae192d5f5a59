import type pg from 'pg';

/**
 * PostgreSQL plans an unnamed statement afresh every time it runs. The app sends a few hundred
 * distinct statements over and over, some joining six tables, and planning them was most of the
 * database's CPU: a post's read took about 1 ms a statement unnamed against 0.1–0.2 ms as a named
 * (prepared) statement on the same connection (decision 91). So every statement with parameters
 * is sent as a named one, which node-postgres parses once per connection and PostgreSQL then
 * plans as it sees fit (a generic plan once it costs no more than a custom one).
 *
 * A statement without parameters is left unnamed: it may hold several commands (a migration's),
 * which a prepared statement cannot.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  /**
   * @param limit How many distinct statements are named, each kept by every connection (in the
   *   server's memory and PostgreSQL's) for the connection's life. IN-lists of every length make
   *   new texts; past the limit, statements go unnamed as before.
   */
  constructor(private readonly limit = 1_000) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (name === undefined && this.names.size < this.limit) {
      name = `inkwell_${this.names.size + 1}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/** Makes `client` send each statement with parameters as a named one (see StatementNames). */
export function sendNamedStatements(client: pg.PoolClient, names: StatementNames): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && Array.isArray(values) && values.length > 0 && args.length === 2) {
      const name = names.nameOf(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  }) as typeof client.query;
}
