import { Loading } from '@/components/ui/loading';

/** Shown at once while the page is rendered on the server (a first open can take seconds). */
export default function PageLoading() {
  return <Loading label="Loading…" testId="page-loading" />;
}
