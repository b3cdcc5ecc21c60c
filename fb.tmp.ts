import fs from 'node:fs';
import { matchMetrics } from '@/lib/planner/match-metric';
const qs = fs.readFileSync('../shared/data/financebench/financebench_open_source.jsonl','utf8').trim().split('\n').map(l=>JSON.parse(l));
for (const q of qs.filter((x:any)=>x.question_type!=='metrics-generated')) {
  const { mentions, ambiguous } = matchMetrics(q.question);
  console.log(`[${mentions.map(m=>m.ref.id+'«'+q.question.slice(m.start,m.end)+'»').join(', ')}${ambiguous?' AMB:'+ambiguous.phrase:''}] ${q.question.slice(0,170)}`);
}
