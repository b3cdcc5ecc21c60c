export {};
/** Runs the server's start hook as `next start` does (instrumentation.ts register()), then reports ready. */
process.env.NEXT_RUNTIME = 'nodejs';
const { register } = await import('@/instrumentation');
await register();
console.log('[start] ready');
process.exit(0);
