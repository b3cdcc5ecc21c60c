import { createHash } from 'node:crypto';

export { contentId } from '@/lib/domain/identity';

export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
