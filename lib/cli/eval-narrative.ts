import { openFromEnv } from '@/lib/db/client';
import { readEnv } from '@/lib/env';
import { DEMO_TENANT_ID } from '@/lib/demo/identity';
import { judgeFromEnv, prescoreNarratives } from '@/lib/eval/judge';
import { aggregateVerdicts, formatNarrative, loadVerdicts } from '@/lib/eval/narrative';

/**
 * `npm run eval -- --narrative [--judge] [--tenant ID]`: aggregates reviewer verdicts on narrative
 * answers in the app database; with --judge, pre-scores unreviewed narrative answers (printed, not stored).
 */
export async function runNarrativeReport(o: { judge: boolean; tenantId?: string }): Promise<number> {
  const database = await openFromEnv();
  try {
    const tenantId = o.tenantId ?? DEMO_TENANT_ID;
    console.log(formatNarrative(aggregateVerdicts(await loadVerdicts(database.db, tenantId))));
    if (o.judge) {
      const model = judgeFromEnv();
      if (!model) {
        console.error('no judge configured: set JUDGE_BASE_URL and JUDGE_MODEL (and JUDGE_API_KEY if needed)');
        return 2;
      }
      const llmModel = readEnv().LLM_MODEL;
      const generator = llmModel ? `configured/${llmModel}` : null;
      const pre = await prescoreNarratives(database.db, tenantId, model, { generator });
      for (const p of pre) {
        if (p.result)
          console.log(
            `  ${p.manifestId} ${p.result.verdict} ${JSON.stringify(p.result.scores)} — ${p.question}\n    ${p.result.rationale}`,
          );
        else console.log(`  ${p.manifestId} skipped: ${p.skipped}`);
      }
      console.log(
        `${pre.filter((p) => p.result).length} pre-scored, ${pre.filter((p) => !p.result).length} skipped (pre-scores are suggestions for reviewers, not verdicts)`,
      );
    }
    return 0;
  } finally {
    await database.close();
  }
}
