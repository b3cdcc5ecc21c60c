import type { Metadata } from 'next';
import { QuarantineQueue } from '@/components/admin/quarantine-queue';
import { quarantinePage } from '@/lib/admin/quarantine';
import { bindFactAction, rejectFactAction } from './actions';
import { withPage } from '@/app/with-page';

export const metadata: Metadata = { title: 'Quarantine' };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default withPage('admin', async function QuarantinePage({ db, viewer }, { searchParams }: Props) {
  const sp = await searchParams;
  const q = await quarantinePage(db, viewer.tenantId, Number(typeof sp.page === 'string' ? sp.page : 1));
  return <QuarantineQueue q={q} bindFactAction={bindFactAction} rejectFactAction={rejectFactAction} />;
});
