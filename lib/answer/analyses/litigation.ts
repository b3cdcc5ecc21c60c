/**
 * Whether a company is in material ongoing litigation: "Has it reported any material legal proceedings?",
 * "Is it facing significant lawsuits?". The verdict is what the filing itself says, quoted: yes when it
 * names legal actions brought against the company ("Multiple legal actions have been filed against us …",
 * "… is a defendant in …"); no when it names none and states that its litigation is not expected to have a
 * material adverse effect. A filing that says both, or neither, gets no verdict (the question is then
 * answered from its text as usual).
 */
import { chunksContaining, type CoverChunk } from '@/lib/retrieval/cover-text';
import { splitSentences } from '../narrative-sentences';
import { possessive } from '../text';
import type { AnalysisEnv } from './env';
import { MissingFigure, quotedPassage } from './support';

/** Legal actions the filing names as brought against the company. */
const ACTION_AGAINST =
  /\b(?:legal\s+actions?|lawsuits?|suits|complaints?|class\s+actions?|proceedings|claims|petitions?)\s+(?:have\s+been|has\s+been|had\s+been|were|was)\s+(?:filed|brought|commenced|initiated|asserted)\s+against\s+(?:us|the\s+company|it)\b|\b(?:(?:has|have|had)\s+been|was|were)\s+named\s+as\s+(?:a\s+)?defendants?\b|\b(?:is|are)\s+(?:a\s+|the\s+)?(?:named\s+)?defendants?\s+in\b/i;
/** The filing's assurance that its litigation will not be material. */
const NOT_MATERIAL =
  /\bno\s+material\s+pending\s+legal\s+proceedings\b|\b(?:will|would|should)\s+not\s+(?:be\s+expected\s+to\s+|reasonably\s+be\s+expected\s+to\s+)?(?:have|result\s+in)\s+a\s+material\s+adverse\s+(?:effect|impact)\b/i;
const LITIGATION = /\b(?:litigation|legal|lawsuits?|claims|proceedings)\b/i;
/** Words whose chunks are read (a prefilter; the sentences are matched above). */
const WORDS = ['against us', 'against the company', 'defendant', 'material adverse', 'material pending'];

/** Line breaks inside a sentence (before a lower-case word) as spaces, character for character. */
export function unwrap(text: string): string {
  return text.replace(/\n(?=\n?[ \t]*[a-z(])/g, ' ');
}

/** A sentence of a chunk and where it sits. */
interface Said {
  chunk: CoverChunk;
  text: string;
  start: number;
  end: number;
}

export interface LitigationReading {
  actions: string[];
  assurances: string[];
  verdict: 'yes' | 'no' | null;
}

/** The verdict sentences say: actions named (yes), only the assurance (no), both or neither (none). */
export function readLitigation(sentences: string[]): LitigationReading {
  const flat = sentences.map((s) => s.replace(/\s+/g, ' ').trim());
  const actions = flat.filter((s) => ACTION_AGAINST.test(s));
  const assurances = flat.filter((s) => NOT_MATERIAL.test(s) && LITIGATION.test(s));
  const verdict = actions.length > 0 && assurances.length === 0 ? 'yes' : actions.length === 0 && assurances.length > 0 ? 'no' : null;
  return { actions, assurances, verdict };
}

export async function litigation(env: AnalysisEnv): Promise<void> {
  const scope = { tenantId: env.ctx.tenantId, role: env.ctx.role };
  const asked = env.named[0] ?? env.year;
  const chunks = await chunksContaining(env.ctx.db, scope, env.ent.entity.id, asked.fiscalYear, WORDS);
  // a line break before a lower-case word is a wrapped line of a PDF, not a paragraph (replaced in place: offsets hold)
  const said: Said[] = chunks.flatMap((chunk) => splitSentences(unwrap(chunk.text)).map((s) => ({ chunk, ...s })));
  const reading = readLitigation(said.map((s) => s.text));
  const name = env.ent.entity.name;
  if (reading.verdict === null)
    throw new MissingFigure(
      reading.actions.length
        ? `${possessive(name)} filing for ${asked.label} names legal actions against it and also says its litigation is not expected to be material`
        : `${possessive(name)} filing for ${asked.label} neither names legal actions against it nor says its litigation is immaterial`,
    );
  const pick = (texts: string[]) => {
    const first = texts[0];
    return said.find((s) => s.text.replace(/\s+/g, ' ').trim() === first);
  };
  const sentence = pick(reading.verdict === 'yes' ? reading.actions : reading.assurances);
  if (!sentence) throw new MissingFigure(`the sentence of ${possessive(name)} filing cannot be cited`);
  const c = sentence.chunk;
  const { passage, filing } = quotedPassage(env, c, sentence.text.replace(/\s+/g, ' ').trim(), sentence);
  const s = env.say;
  if (reading.verdict === 'yes') {
    s.text(`Yes — ${possessive(name)} ${filing} reports legal actions brought against it: “`)
      .quote(passage)
      .text('”.');
    if (reading.actions.length > 1) s.text(` It names ${reading.actions.length} such matters in all.`);
  } else
    s.text(
      `No — ${possessive(name)} ${filing} names no legal action brought against it, and states that its litigation is not expected to be material: “`,
    )
      .quote(passage)
      .text('”.');
  s.text(
    ' Rule: litigation is read as material when the filing names legal actions brought against the company (its Legal Proceedings item and contingencies note), and as not material when it names none and states that the outcome is not expected to have a material adverse effect; a filing that says both gets no verdict.',
  );
}
