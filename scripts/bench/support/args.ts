import type { BenchContext } from './types';

/** The value of a bench flag, as `--flag value` or `--flag=value`; undefined when the flag is absent. */
export function argValue(ctx: Pick<BenchContext, 'args'>, flag: string): string | undefined {
  const i = ctx.args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  return ctx.args[i]!.includes('=') ? ctx.args[i]!.slice(ctx.args[i]!.indexOf('=') + 1) : ctx.args[i + 1];
}
