import type { DatabaseConnection, Driver, QueryResult, TransactionSettings } from 'kysely';
import { DuplicateKey, MissingReference } from '../lib/constraint-violations';
import { codeOf, constraintOf, isForeignKeyViolation, isUniqueViolation } from './errors';

/** The driver's error as one of ours when it is a constraint's refusal; anything else as it is. */
export function translateConstraintError(error: unknown): unknown {
  if (isUniqueViolation(error))
    return new DuplicateKey('Duplicate key', codeOf(error) ?? '', error, constraintOf(error));
  if (isForeignKeyViolation(error))
    return new MissingReference('Missing reference', codeOf(error) ?? '', error, constraintOf(error));
  return error;
}

/**
 * Wraps a Kysely driver so that every statement's constraint errors arrive as DuplicateKey or
 * MissingReference, whichever database ran it: one place knows the codes, for every repository
 * and every transaction. The wrapped connection is handed to Kysely; the driver's own methods get
 * their own connection back (PostgreSQL's driver releases a client through a private symbol).
 */
export class ConstraintTranslatingDriver implements Driver {
  private readonly inner = new WeakMap<DatabaseConnection, DatabaseConnection>();

  constructor(private readonly driver: Driver) {}

  init(): Promise<void> {
    return this.driver.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.driver.acquireConnection();
    const wrapped: DatabaseConnection = {
      executeQuery: async <R>(query: Parameters<DatabaseConnection['executeQuery']>[0]) => {
        try {
          return (await connection.executeQuery<R>(query)) as QueryResult<R>;
        } catch (error) {
          throw translateConstraintError(error);
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
    this.inner.set(wrapped, connection);
    return wrapped;
  }

  private own(connection: DatabaseConnection): DatabaseConnection {
    return this.inner.get(connection) ?? connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.driver.beginTransaction(this.own(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.commitTransaction(this.own(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.driver.rollbackTransaction(this.own(connection));
  }

  async savepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['savepoint']>>[2],
  ): Promise<void> {
    await this.driver.savepoint?.(this.own(connection), name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['rollbackToSavepoint']>>[2],
  ): Promise<void> {
    await this.driver.rollbackToSavepoint?.(this.own(connection), name, compile);
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: Parameters<NonNullable<Driver['releaseSavepoint']>>[2],
  ): Promise<void> {
    await this.driver.releaseSavepoint?.(this.own(connection), name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const own = this.own(connection);
    this.inner.delete(connection);
    return this.driver.releaseConnection(own);
  }

  destroy(): Promise<void> {
    return this.driver.destroy();
  }
}
