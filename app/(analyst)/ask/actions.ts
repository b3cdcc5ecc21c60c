'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { roleAction } from '@/lib/server/action';
import { deleteViewerThread, renameViewerThread } from '@/lib/server/workspace';
import { threadIdSchema, threadTitleSchema } from '@/lib/workspace/threads';

const rename = roleAction('analyst', z.object({ threadId: threadIdSchema, title: threadTitleSchema }), async (input, { viewer }) => {
  await renameViewerThread(viewer, input.threadId, input.title);
  revalidatePath('/ask');
  return { message: 'Renamed.' };
});

/** Rename one of the viewer's conversations. */
export async function renameThreadAction(threadId: string, title: string) {
  return rename({ threadId, title });
}

const remove = roleAction('analyst', z.object({ threadId: threadIdSchema }), async (input, { viewer }) => {
  await deleteViewerThread(viewer, input.threadId);
  revalidatePath('/ask');
  return { message: 'Deleted.' };
});

/** Delete one of the viewer's conversations from their history (the evidence manifests stay). */
export async function deleteThreadAction(threadId: string) {
  return remove({ threadId });
}
