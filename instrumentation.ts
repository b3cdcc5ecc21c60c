/** Open, migrate and (in demo mode) seed the database when the server starts, so the first request is fast. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { warmUp } = await import('@/lib/server/warm-up');
  await warmUp();
}
