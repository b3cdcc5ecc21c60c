import { randomUUID } from 'node:crypto';
import { hashPassword } from 'better-auth/crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db/client';
import { auditLog, authAccounts, ROLES, sessions, tenants, users, type Role } from '@/lib/db/schema';
import { AppError } from '@/lib/errors';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './better-auth';

export const tenantIdSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, 'tenant ids are lower-case letters, digits, - and _ (at most 63)');

export const passwordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Passwords need at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Passwords are limited to ${MAX_PASSWORD_LENGTH} characters.`);

/** One schema for the CLI and the admin form. */
export const newUserSchema = z.object({
  email: z
    .string()
    // bounded before trimming (every input string has a bound): the raw field, with room for surrounding blanks
    .max(320, 'Not an email address.')
    .trim()
    .toLowerCase()
    .pipe(z.email('Not an email address.').max(254)),
  name: z.string().trim().min(1, 'A name is required.').max(120),
  role: z.enum(ROLES),
  tenantId: tenantIdSchema,
  password: passwordSchema,
});
export type NewUser = z.infer<typeof newUserSchema>;

export interface CreateUserOptions extends NewUser {
  db: Db;
  /** user id, `cli` or `system` (audit log) */
  actor: string;
  /** create the tenant when it does not exist (CLI first run); admins create users in their own tenant */
  createTenant?: boolean;
  /** created while the server runs in demo mode: the account stops working outside demo mode */
  createdInDemo?: boolean;
}

/**
 * Create an account: the user row, its credential account with the scrypt hash (better-auth's format),
 * and an audit entry — in one transaction. Fails with conflict:email when the email is taken.
 */
export async function createUser(o: CreateUserOptions): Promise<{ id: string }> {
  const input = newUserSchema.parse(o);
  const hash = await hashPassword(input.password);
  const id = randomUUID();
  return o.db.transaction(async (tx) => {
    if (o.createTenant) {
      await tx.insert(tenants).values({ id: input.tenantId, name: input.tenantId }).onConflictDoNothing();
    } else {
      const [t] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenantId)).limit(1);
      if (!t) throw new AppError('not_found:tenant', `No tenant ${input.tenantId}.`);
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    // emails are unique across tenants (sign-in finds the account by email), so a taken address cannot be
    // used again — but the message must not tell a tenant admin that some other organisation has it
    // — one wording whoever holds the address, and nothing about where
    if (taken) throw new AppError('conflict:email', 'This email address cannot be used for a new account; use another address.');
    await tx.insert(users).values({
      id,
      tenantId: input.tenantId,
      email: input.email,
      name: input.name,
      role: input.role,
      createdInDemo: o.createdInDemo ?? false,
    });
    await tx.insert(authAccounts).values({ id: randomUUID(), userId: id, accountId: id, providerId: 'credential', password: hash });
    await tx.insert(auditLog).values({
      tenantId: input.tenantId,
      actor: o.actor,
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      after: { email: input.email, name: input.name, role: input.role, ...(o.createdInDemo ? { createdInDemo: true } : {}) },
    });
    return { id };
  });
}

export interface UserRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  disabled: string | null;
  createdAt: Date;
  sessions: number;
}

/** Accounts of one tenant with their number of live sessions. */
export async function listUsers(db: Db, tenantId: string): Promise<UserRow[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      disabled: users.disabled,
      createdAt: users.createdAt,
      sessions: sql<number>`(select count(*)::int from sessions vs where vs.user_id = ${sql.raw('"users"."id"')} and vs.expires_at > now())`,
    })
    .from(users)
    .where(eq(users.tenantId, tenantId))
    .orderBy(asc(users.email));
  return rows.map((r) => ({ ...r, sessions: Number(r.sessions) }));
}

export interface UpdateUserOptions {
  db: Db;
  tenantId: string;
  actorId: string;
  userId: string;
  role?: Role;
  disabled?: boolean;
  reason: string;
}

/** Change a user's role or disable/enable the account (own tenant only; sessions end when disabled). */
export async function updateUser(o: UpdateUserOptions): Promise<void> {
  await o.db.transaction(async (tx) => {
    const [u] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, o.userId), eq(users.tenantId, o.tenantId)))
      .limit(1);
    if (!u) throw new AppError('not_found:user', 'No such user.');
    if (u.id === o.actorId && (o.disabled === true || (o.role && o.role !== 'admin'))) {
      throw new AppError('bad_request:self', 'You cannot disable yourself or drop your own admin role.');
    }
    const next = {
      role: o.role ?? u.role,
      disabled: o.disabled === undefined ? u.disabled : o.disabled ? (u.disabled ?? new Date().toISOString()) : null,
    };
    await tx
      .update(users)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(users.id, u.id));
    if (next.disabled) await tx.delete(sessions).where(eq(sessions.userId, u.id));
    await tx.insert(auditLog).values({
      tenantId: o.tenantId,
      actor: o.actorId,
      action: 'user.update',
      targetType: 'user',
      targetId: u.id,
      before: { role: u.role, disabled: u.disabled },
      after: next,
      reason: o.reason,
    });
  });
}
