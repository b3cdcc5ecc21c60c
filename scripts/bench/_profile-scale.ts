/**
 * Developer tool (not a bench section): profile the numeric question path on a scale-up database
 * kept by `npm run bench -- --only scale --scale full --keep` (or `--scale-db`).
 *   npx tsx scripts/bench/_profile-scale.ts postgres://…/ll_bench_… [n] [tenant]
 * Prints the stage / statement breakdown of support/profile.ts as JSON.
 */
import { answerQuestion } from '@/lib/answer/answer-question';
import { openDatabase } from '@/lib/db/client';
import { numericQuestions } from './support/cases';
import { profileLine, profileQuestions } from './support/profile';
import { SCALE_TENANT_ID } from './support/synthetic';

async function main(): Promise<void> {
  const [url, nArg, tenantArg] = process.argv.slice(2);
  if (!url) throw new Error('usage: _profile-scale.ts <postgres url> [n] [tenant]');
  const tenantId = tenantArg ?? SCALE_TENANT_ID;
  const d = await openDatabase({ url });
  try {
    const names = new Map(
      (await d.query<{ id: string; name: string }>('select id, name from entities where tenant_id = $1', [tenantId])).map((r) => [
        r.id,
        r.name,
      ]),
    );
    const questions = await numericQuestions(d.db, tenantId, Number(nArg ?? 100), names);
    const r = await profileQuestions(url, questions, (db, question, onStage) =>
      answerQuestion({
        db,
        tenantId,
        userId: null,
        question,
        store: true,
        cache: false,
        onEvent: (e) => e.type === 'stage' && onStage(e.stage),
      }),
    );
    console.log(JSON.stringify({ ...r, shapes: r.shapes.slice(0, 25) }, null, 1));
    console.error(profileLine(r));
  } finally {
    await d.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
