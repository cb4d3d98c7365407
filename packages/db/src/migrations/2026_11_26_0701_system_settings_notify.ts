import { sql, type Kysely } from 'kysely';

// Every change of the stored settings is announced on the `system_settings` channel with the group's
// key ('*' for a TRUNCATE), whichever process writes it. Each server process keeps the feature switches
// it reads on every customer call (maintenance mode) in memory and forgets them when told
// (packages/core/src/settings/platform-status-cache.ts). A notification is sent when the writing
// transaction commits.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE OR REPLACE FUNCTION notify_system_setting() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'TRUNCATE' THEN
        PERFORM pg_notify('system_settings', '*');
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('system_settings', OLD.key);
      ELSE
        PERFORM pg_notify('system_settings', NEW.key);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER system_settings_notify AFTER INSERT OR UPDATE OR DELETE ON system_settings FOR EACH ROW EXECUTE FUNCTION notify_system_setting()`.execute(db);
  await sql`CREATE TRIGGER system_settings_notify_truncate AFTER TRUNCATE ON system_settings FOR EACH STATEMENT EXECUTE FUNCTION notify_system_setting()`.execute(db);
}
