/**
 * Whether a company's business is cyclical or seasonal: "Is its business subject to cyclicality?", "Are its
 * sales seasonal?". The verdict is what the filing says, quoted: yes when it calls its business, its markets,
 * its industry or its customers' industry cyclical (seasonal), no when it says they are not, no verdict when
 * it says both or neither.
 */
import { chunksContaining, type CoverChunk } from '@/lib/retrieval/cover-text';
import { splitSentences } from '../narrative-sentences';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { unwrap } from './litigation';
import { MissingFigure, quotedPassage } from './support';

export type Characteristic = 'cyclical' | 'seasonal';

const STATED: Record<Characteristic, { words: string[]; yes: RegExp; no: RegExp }> = {
  cyclical: {
    words: ['cyclical', 'cyclicality'],
    yes: /\b(?:is|are|has\s+been|have\s+been|can\s+be|remains?|historically\s+been)\s+(?:highly\s+|very\s+|inherently\s+|significantly\s+)?cyclical\b|\bcyclical(?:ity|\s+nature)\s+of\s+(?:the|our)\b|\bsubject\s+to\s+(?:\w+\s+){0,2}cyclicality\b/i,
    no: /\b(?:not|non-?)\s*(?:highly\s+|very\s+)?cyclical\b|\bno\s+(?:significant\s+|material\s+)?cyclicality\b/i,
  },
  seasonal: {
    words: ['seasonal'],
    yes: /\b(?:is|are|has\s+been|have\s+been|can\s+be)\s+(?:highly\s+|very\s+|somewhat\s+)?seasonal\b|\bseasonal(?:ity|\s+nature)\s+of\s+(?:the|our)\b|\b(?:subject\s+to|affected\s+by|experiences?|experienced)\s+(?:\w+\s+){0,2}seasonal(?:ity|\s+fluctuations?)\b/i,
    no: /\b(?:not|non-?)\s*(?:highly\s+|very\s+|materially\s+|significantly\s+)?(?:seasonal|affected\s+by\s+seasonality)\b|\bno\s+(?:significant\s+|material\s+)?seasonality\b/i,
  },
};

export interface CharacteristicReading {
  yes: string[];
  no: string[];
  verdict: 'yes' | 'no' | null;
}

export function readCharacteristic(c: Characteristic, sentences: string[]): CharacteristicReading {
  const flat = sentences.map((s) => s.replace(/\s+/g, ' ').trim());
  const no = flat.filter((s) => STATED[c].no.test(s));
  const yes = flat.filter((s) => STATED[c].yes.test(s) && !STATED[c].no.test(s));
  return { yes, no, verdict: yes.length && !no.length ? 'yes' : no.length && !yes.length ? 'no' : null };
}

export async function cyclicality(env: AnalysisEnv): Promise<void> {
  const c: Characteristic = env.plan.characteristic ?? 'cyclical';
  const scope = { tenantId: env.ctx.tenantId, role: env.ctx.role };
  const asked = env.named[0] ?? env.year;
  const chunks: CoverChunk[] = await chunksContaining(env.ctx.db, scope, env.ent.entity.id, asked.fiscalYear, STATED[c].words);
  const said = chunks.flatMap((chunk) => splitSentences(unwrap(chunk.text)).map((s) => ({ chunk, ...s })));
  const reading = readCharacteristic(
    c,
    said.map((s) => s.text),
  );
  const name = env.ent.entity.name;
  if (reading.verdict === null)
    throw new MissingFigure(
      reading.yes.length
        ? `${possessive(name)} filing for ${asked.label} says both that its business is ${c} and that it is not`
        : `${possessive(name)} filing for ${asked.label} does not say whether its business is ${c}`,
    );
  const first = (reading.verdict === 'yes' ? reading.yes : reading.no)[0];
  const sentence = said.find((s) => s.text.replace(/\s+/g, ' ').trim() === first);
  if (!sentence) throw new MissingFigure(`the sentence of ${possessive(name)} filing cannot be cited`);
  const k = sentence.chunk;
  const { passage, filing } = quotedPassage(env, k, sentence.text.replace(/\s+/g, ' ').trim(), sentence);
  const s = env.say;
  s.text(
    `${reading.verdict === 'yes' ? 'Yes' : 'No'} — ${possessive(name)} ${filing} describes its business or the markets it sells to as ${reading.verdict === 'yes' ? '' : 'not '}${c}: “`,
  )
    .quote(passage)
    .text('”.');
  s.text(
    ` Rule: the verdict is the filing’s own description of its business, its markets, its industry or its customers’ industry as ${c} (or not); a filing that says both, or neither, gets no verdict.`,
  );
}
