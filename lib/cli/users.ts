/**
 * `npm run cli -- users create --email E --name N --role admin [--tenant T]`: the first admin (or any
 * account) from the command line. The password comes from stdin (piped: the first line) or from a
 * hidden prompt on a terminal; there is no default password.
 */
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { openFromEnv } from '@/lib/db/client';
import { migrate } from '@/lib/db/migrate';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { isAppError } from '@/lib/errors';
import { createUser, newUserSchema } from '@/lib/auth/users';

export const USERS_CREATE_USAGE =
  'usage: npm run cli -- users create --email EMAIL --name NAME --role analyst|reviewer|admin [--tenant ID]\n' +
  '  the password is read from stdin (first line) or prompted for on a terminal\n';

/** The first line of piped stdin. */
export async function readPasswordFromStream(input: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of input) {
    text += chunk.toString();
    if (text.includes('\n') || text.length > 4096) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

/** A terminal prompt that does not echo what is typed. */
async function promptHidden(question: string): Promise<string> {
  let muted = false;
  const out = new Writable({
    write(chunk, enc, cb) {
      if (!muted) process.stderr.write(chunk, enc as BufferEncoding);
      cb();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output: out, terminal: true });
  try {
    process.stderr.write(question);
    muted = true;
    return await new Promise<string>((resolve) => rl.question('', resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}

async function readPassword(): Promise<string | null> {
  if (!process.stdin.isTTY) return readPasswordFromStream(process.stdin);
  const first = await promptHidden('Password (at least 12 characters): ');
  const again = await promptHidden('Repeat the password: ');
  if (first !== again) {
    process.stderr.write('ledgerline: the passwords differ.\n');
    return null;
  }
  return first;
}

export async function runUsersCreate(args: string[], deps: { readPassword?: () => Promise<string | null> } = {}): Promise<number> {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args,
      options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, tenant: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | undefined> });
  } catch (e) {
    process.stderr.write(`ledgerline: ${(e as Error).message}\n${USERS_CREATE_USAGE}`);
    return 2;
  }
  const shape = newUserSchema.omit({ password: true }).safeParse({
    email: values.email,
    name: values.name,
    role: values.role,
    tenantId: values.tenant ?? DEMO_TENANT_ID,
  });
  if (!shape.success) {
    process.stderr.write(
      `ledgerline: ${shape.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}\n${USERS_CREATE_USAGE}`,
    );
    return 2;
  }
  const password = await (deps.readPassword ?? readPassword)();
  if (password === null) return 2;
  const checked = newUserSchema.shape.password.safeParse(password);
  if (!checked.success) {
    process.stderr.write(`ledgerline: ${checked.error.issues[0]?.message}\n`);
    return 2;
  }
  const database = await openFromEnv();
  try {
    await migrate(database);
    const { id } = await createUser({ db: database.db, actor: 'cli', createTenant: true, ...shape.data, password });
    process.stdout.write(`created ${shape.data.role} ${shape.data.email} (${id}) in tenant ${shape.data.tenantId}\n`);
    return 0;
  } catch (e) {
    if (isAppError(e) && e.status < 500) {
      process.stderr.write(`ledgerline: ${e.message}\n`);
      return 1;
    }
    throw e;
  } finally {
    await database.close();
  }
}
