import { CONFIG_EXIT_STATUS } from './config-check';
import { startManifestRetention } from './manifest-retention-job';
import { getDatabase } from './runtime';
import { warmRoutesInDevelopment } from './warm-routes';

/** Server start: prepare the database; exit with a clear message on bad configuration. */
export async function warmUp(): Promise<void> {
  try {
    const database = await getDatabase();
    console.log(`[ledgerline] database ready: ${database.driver} (${database.location})`);
    startManifestRetention();
    warmRoutesInDevelopment();
  } catch (e) {
    console.error(`[ledgerline] database not ready: ${(e as Error).message}`);
    if ((e as Error).name === 'ConfigError') process.exit(CONFIG_EXIT_STATUS);
  }
}
