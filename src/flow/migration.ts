/** What a user of the old platform came to do (flows 4.11): log in (the default) or register. */
export type MigrationAction = 'login' | 'register';

/** The `action` parameter; an unknown one is an error, logged, and the migration goes on as a login, as without one. */
export function migrationAction(action: string | undefined): MigrationAction {
  if (action === 'login' || action === 'register') return action;
  if (action === undefined) return 'login';
  console.error(`Unknown migration action "${action}"; going on as a login.`);
  return 'login';
}
