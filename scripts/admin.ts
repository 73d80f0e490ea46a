/**
 * `npm run admin -- <command>`: operator commands on the server's database (server/admin/cli.ts).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { createServices } from '../server/services';
import { AdminError } from '../server/admin/operations';
import { runAdmin } from '../server/admin/cli';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
try {
  await migrate(db);
  const services = await createServices(config, db);
  console.log(await runAdmin(process.argv.slice(2), services));
  await services.background.idle();
  await services.mailer.close();
} catch (error) {
  console.error(error instanceof AdminError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
