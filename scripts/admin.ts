/**
 * `npm run admin -- <command>`: operator commands on the server's database (server/admin/cli.ts).
 */
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { DirectoryInUse } from '../server/db/directory-lock';
import { migrate } from '../server/db/migrations';
import { createServices } from '../server/create-services';
import { AdminError } from '../server/admin/operations';
import { runAdmin } from '../server/admin/cli';

const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite`, timeoutMs: config.databaseTimeoutMs }).catch(
  (error: unknown) => {
    if (!(error instanceof DirectoryInUse)) throw error;
    console.error(error.message);
    process.exit(1);
  },
);
try {
  await migrate(db);
  // The mail the command queues is sent by the server, with the links of its own PUBLIC_URL (server/create-services.ts).
  const services = await createServices(config, db, { onlyQueuesMail: true });
  console.log(await runAdmin(process.argv.slice(2), services));
} catch (error) {
  console.error(error instanceof AdminError ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.close();
}
