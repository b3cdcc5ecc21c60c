/** Runs the server's start hook (instrumentation → warmUp) in this process, as `next start` does. */
import { warmUp } from '@/lib/server/warm-up';

await warmUp();
console.log('[start] ready');
process.exit(0);
