/** A loading state: what is being loaded, said to screen readers as a status. */
export function Loading({ label, testId = 'loading' }: { label: string; testId?: string }) {
  return (
    <p role="status" className="flex items-center gap-2 rounded-lg border border-line bg-white p-4 text-sm text-muted" data-testid={testId}>
      <span className="inline-block size-2 animate-pulse rounded-full bg-accent" aria-hidden />
      {label}
    </p>
  );
}
