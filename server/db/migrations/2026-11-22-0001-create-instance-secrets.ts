import type { Kysely } from 'kysely';

// Secrets the instance generates for itself (the JWT signing key when JWT_SECRET is unset), kept
// in the database so every instance sharing it uses the same ones.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance_secrets')
    .addColumn('name', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('instance_secrets').execute();
}
