import { ConfigError, type Env, readEnv } from '@/lib/env';

/** The exit status of a server refusing its configuration (EX_CONFIG). */
export const CONFIG_EXIT_STATUS = 78;

/**
 * The validated environment, or — when it is invalid — one clear message on stderr and the process ends with
 * status 78 before it serves anything. (Left to the first request, a bad variable was a stack trace in the
 * log and a 500 on every request while the server kept running.)
 */
export function checkConfigurationOrExit(source?: Record<string, string | undefined>): Env {
  try {
    return source ? readEnv(source) : readEnv();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(`[ledgerline] refusing to start: ${e.message}`);
    process.exit(CONFIG_EXIT_STATUS);
  }
}
