import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrate, migrations, type Migration } from './migrations';
import type { Queryable } from './database-types';
import { testDatabases, useTestDatabases } from '../testing/databases';

/**
 * The text of every migration that has landed. A landed migration is never edited: databases have
 * applied it as it was. A change of the schema is a new migration, whose hash is added here.
 */
const LANDED: Record<number, string> = {
  1: '541abf1bf3c835d0e154b3dc2261fc3b86a695bbad4b200086a04ec1dc34506b',
  2: 'a1b14c4e1ee24df86f1c97165ec16c5f7bcd663b514c06878ebd9ebd8870763c',
  3: 'caaa58011cdc9729b546fed8ba4fbe504433d08f0dd1f8f32f287ed0a5491f56',
  4: 'f62dc2fd9dcb2a2bfe26d3d01f12d91b4085d92cc1230e9cd312f283d14714f4',
  5: 'de35552423889799ecd11497af6120b1eb9286a144157c862df11d3257f7f248',
  6: 'dccb984d17364be48c791bec423c8019c4aa4e2e1975faf1964e5c66ebb07c4c',
  7: 'b8c50212cd30fd51328d5da75522a0141e64db7e5a838040644dbbec14291f79',
  8: '930d83db1c903ea6412191b49f77e9649b5664ca2ad78d55c630ea3d061c2451',
  9: '0b0e934ecc851964b99169ddf8e65a85e5bd68b1ddc96f832264525618493b99',
  10: '438baa7faa0020e228415948d04205dbfdc31b70e20e44fcbb97cb0bf974fba6',
  11: '07819a74571680cd70712c41cf74f7dbd02453a89e6d6dc2db6e691a4869c630',
  12: 'c3119cd55efc00d25895d0e4608449ca4ae66421ae3de3cd57430431968eb7d5',
  13: 'e9b762adde6b3a69654d30c8a7f7a6b4563d9af7957048e49399be6841c15b79',
  14: '72d4c61d8b7a9a0e520c5067e7035ae3165f1f25699a3f4c4e39b6636c842cd7',
  15: 'e7bf4d032ff8821e8bc77ac217716d0a37c4803f3453ebb869988c41c87ecd58',
  16: 'b82b4b020dafb704e414a4d8615884f85f49885f49651799bbc8fce36a76acb9',
  17: '4820918711709d1e6146c7366cd4f6ba497d51ecfa61bb2f821673a833ba039b',
  18: '0d5e8a16d13bc7a412ded2e02f24b01383b135c12e7e5e69f5a103fbd5914e05',
  19: '8784c66749cab3aebceedc5073d29af404d8e0bd2cc63ded4911c2eae293a6e4',
  20: 'ccbb9b0b8889db6ce496f4037d0d671fe1cb6593e0a133fc0b699f5117893081',
  21: '1937c88df1882acc512c29391fcff26bcd45ef2dc436d6bb6f08bae590079c6e',
  22: '4f7fd1286f89219078882bb483ea72fbe64c6b92c23571936bbcdd040fbf4294',
  23: '36a25653171c2d0da0f6018ad5d3e031ff6805f943fca9dba85d7e5a2fa9e23d',
  24: '428ea5ba90ab70ab176d2a4de0335599028960f3c12450bfe73975bb4204cdd9',
  25: '21a0674eb19b6fc355ac3fc0e454f276a2a253850030f84c24c2bd915494f255',
  26: '118a2794bf68c44af72c2e2ef4d5499b3477bcc47e07368ed2578e1718af7f4c',
};

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Migration 2 as it first landed, before it was changed in place. */
const FIRST_MIGRATION_2: Migration = {
  id: 2,
  name: 'sessions, second factor, throttling, mail and SAML',
  sql: `
    ALTER TABLE users ADD COLUMN totp_pending_secret text;
    ALTER TABLE users ADD COLUMN failed_logins integer NOT NULL DEFAULT 0;
    ALTER TABLE users ADD COLUMN last_failed_login_at timestamptz;
    CREATE TABLE revoked_tokens (jti uuid PRIMARY KEY, expires_at timestamptz NOT NULL);
    CREATE TABLE rate_counters (key text PRIMARY KEY, count integer NOT NULL, window_end timestamptz NOT NULL);
    CREATE TABLE mail_outbox (
      id bigserial PRIMARY KEY, recipient text NOT NULL, subject text NOT NULL, text_body text NOT NULL,
      html_body text NOT NULL, links jsonb NOT NULL DEFAULT '[]', sent_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TABLE saml_requests (id text PRIMARY KEY, context text NOT NULL, return_to text NOT NULL DEFAULT '', expires_at timestamptz NOT NULL);
    CREATE TABLE saml_used_assertions (id text PRIMARY KEY, expires_at timestamptz NOT NULL);
  `,
};

/** Columns and indexes of the current schema, as text to compare. */
async function shape(db: Queryable) {
  const columns = await db.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null }>(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
     WHERE table_schema = current_schema() ORDER BY table_name, column_name`,
  );
  const indexes = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() ORDER BY indexname`);
  return { columns, indexes: indexes.map((row) => row.indexname) };
}

describe('the migrations', () => {
  it('that have landed keep the text they landed with', () => {
    for (const [id, hash] of Object.entries(LANDED)) {
      expect(sha256(migrations.find((migration) => migration.id === Number(id))?.sql ?? ''), `migration ${id}`).toBe(hash);
    }
  });

  it('are each pinned here once landed', () => {
    expect(migrations.map((migration) => migration.id)).toEqual(Object.keys(LANDED).map(Number));
  });
});

describe.each(testDatabases)('migrating on $name', (target) => {
  const open = useTestDatabases(target);

  it('indexes the columns that look-ups by user and organisation and the sweeps read', async () => {
    const { db } = await open();
    const indexes = await db.query<{ tablename: string; indexdef: string }>(
      `SELECT tablename, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY indexname`,
      [['one_time_tokens', 'saml_used_assertions', 'memberships', 'audit_log', 'pending_sign_ins']],
    );
    // An index whose first column is the one filtered on: a primary key led by another column does not serve.
    const leading = (table: string, column: string) =>
      indexes.some((index) => index.tablename === table && [`(${column})`, `(${column},`].some((start) => index.indexdef.includes(start)));
    expect(leading('one_time_tokens', 'user_id')).toBe(true);
    expect(leading('saml_used_assertions', 'expires_at')).toBe(true);
    expect(leading('memberships', 'organization_id')).toBe(true);
    expect(leading('audit_log', 'at')).toBe(true);
    expect(leading('pending_sign_ins', 'user_id')).toBe(true);
    expect(leading('pending_sign_ins', 'expires_at')).toBe(true);
  });

  it('brings a database made with the first text of migration 2 to the schema of a new one', async () => {
    const fresh = await open();
    const old = await open(undefined, false);
    expect(await migrate(old.db, [migrations[0]!, FIRST_MIGRATION_2])).toEqual([1, 2]);
    expect(await migrate(old.db)).toEqual(migrations.slice(2).map((migration) => migration.id));
    expect(await shape(old.db)).toEqual(await shape(fresh.db));
  });
});
