import { ConfigError } from '@/lib/env';
import { isAppError } from '@/lib/errors';
import { commands, usage } from './commands';
import { exitAfterDrain, quietOnClosedPipe } from './output';

async function main(argv: string[]): Promise<number> {
  const [group, ...rest] = argv;
  if (!group || group === 'help' || group === '--help' || group === '-h') {
    process.stdout.write(usage());
    return group ? 0 : 2;
  }
  const sub = rest[0] && !rest[0].startsWith('-') ? rest[0] : undefined;
  const command = commands.find((c) => c.name === (sub ? `${group} ${sub}` : group)) ?? commands.find((c) => c.name === group);
  if (!command) {
    process.stderr.write(`Unknown command: ${argv.join(' ')}\n\n${usage()}`);
    return 2;
  }
  const args = command.name.includes(' ') ? rest.slice(1) : rest;
  return command.run(args);
}

// every answer reaches its reader before the process exits, whatever stdout is (./output.ts)
quietOnClosedPipe();
main(process.argv.slice(2))
  .then((code) => exitAfterDrain(code))
  .catch((e: unknown) => {
    if (e instanceof ConfigError) {
      process.stderr.write(`ledgerline: configuration error: ${e.message}\n`);
      return exitAfterDrain(78);
    }
    if (isAppError(e)) {
      process.stderr.write(`ledgerline: ${e.code}: ${e.message}\n`);
      return exitAfterDrain(1);
    }
    process.stderr.write(`ledgerline: unexpected error: ${(e as Error)?.stack ?? String(e)}\n`);
    return exitAfterDrain(1);
  });
