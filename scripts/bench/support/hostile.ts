/**
 * The hostile request bodies (oversized, undeclared-length, huge-intent), shared by the security suite (which asserts their typed
 * errors) and the bench (which times them against a concurrent normal user).
 */

/** One entity reference as a client would have sent it in a previous intent (~120 bytes). */
const entity = (i: number) => ({
  id: `ent-helios-components-${i % 7}`,
  name: 'Helios Components Limited',
  ticker: 'HELIOS',
  cik: null,
  kind: 'company',
});

export interface HostileBodies {
  /** `{ question, previousIntent }` with 2,000 entities (~240 KB, under the 256 KB body limit) */
  entityIntent: string;
  /** a useChat body of 2,000 short questions (~210 KB) */
  chatFlood: string;
  /** a question naming 2,000 companies (far over the question length limit) */
  entityQuestion: string;
  /** 10 MB of JSON */
  tenMegabytes: string;
}

export function hostileBodies(): HostileBodies {
  const entities = Array.from({ length: 2000 }, (_, i) => entity(i));
  const entityIntent = JSON.stringify({
    question: 'and in FY2025?',
    previousIntent: { operation: 'lookup', measure: 'revenue', entities, periods: [{ kind: 'fiscal_year', year: 2026 }] },
  });
  const chatFlood = JSON.stringify({
    id: 'hostile-thread',
    messages: Array.from({ length: 2000 }, (_, i) => ({
      id: `m${i}`,
      role: 'user',
      parts: [{ type: 'text', text: `Revenue of Helios Components, FY${2000 + (i % 27)}?` }],
    })),
  });
  const entityQuestion = JSON.stringify({
    question: `Compare revenue of ${Array.from({ length: 2000 }, () => 'Helios Components').join(', ')} in FY2026`,
  });
  const filler = 'x'.repeat(1024);
  const tenMegabytes = JSON.stringify({ question: 'revenue FY2026', padding: Array.from({ length: 10 * 1024 }, () => filler) });
  return { entityIntent, chatFlood, entityQuestion, tenMegabytes };
}
