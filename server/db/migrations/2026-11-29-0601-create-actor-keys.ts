import type { Kysely } from 'kysely';

/**
 * Each social-web actor's RSA key pair (docs/decisions/0070-activitypub-on-fedify-parts.md), made
 * on first need. `actor` is the actor's path (`/ap/users/{id}`, `/ap/publications/{id}`), which never
 * changes; the public key is SPKI PEM, as actors publish it; the private key is PKCS #8, sealed
 * with AES-256-GCM under a key derived from the instance's secret (server/lib/sealed-secrets.ts),
 * so a copy of the database alone does not hold it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('actor_keys')
    .addColumn('actor', 'varchar(200)', (col) => col.primaryKey())
    .addColumn('public_key_pem', 'text', (col) => col.notNull())
    .addColumn('private_key_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('actor_keys').execute();
}
