import 'server-only';
import type { Db } from '@/lib/db/client';
import type { Viewer } from '@/lib/auth/viewer';
import { getDatabase } from './runtime';

/** What a page, route handler or server action works with: the database and who asks. */
export interface RequestContext {
  db: Db;
  viewer: Viewer;
}

/** The request context for a viewer already authenticated and role-checked by a wrapper. */
export async function contextFor(viewer: Viewer): Promise<RequestContext> {
  const { db } = await getDatabase();
  return { db, viewer };
}
