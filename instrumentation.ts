/** Open, migrate and (in demo mode) seed the database when the server starts, so the first request is fast. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // an invalid configuration ends the process at once with one clear message (no stack trace, no server
  // answering 500 on every request)
  const { checkConfigurationOrExit } = await import('@/lib/server/config-check');
  const env = checkConfigurationOrExit();
  // before any request: the connection's peer becomes the last X-Forwarded-For hop (client addresses for limits)
  const { installPeerAddressHook } = await import('@/lib/server/peer-address');
  installPeerAddressHook();
  // an early 413/408 closes its connection without resetting a client that is still uploading
  const { installLingeringCloseHook } = await import('@/lib/server/lingering-close');
  installLingeringCloseHook();
  // every request body within its deadline (10 s; uploads 60 s), a server action's within its size
  const { bodyDeadlines, installBodyDeadlineHook } = await import('@/lib/server/body-deadline');
  installBodyDeadlineHook(bodyDeadlines(env));
  // diagnostics, when LEDGERLINE_LOOP_DELAY_FILE is set: the event loop's delay, second by second
  const { startLoopDelayLog } = await import('@/lib/server/loop-delay');
  startLoopDelayLog();
  const { warmUp } = await import('@/lib/server/warm-up');
  await warmUp();
}
