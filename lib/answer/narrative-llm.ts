/**
 * Optional generator + auditor for narrative answers (behind the configured OpenAI-compatible
 * provider, LLM_BASE_URL; the extractive answer stays the default and the fallback):
 *   1. generator — rewrites the answer's selected, cited sentences into prose through structured
 *      output: every sentence it writes carries the ids of the passages it rests on;
 *   2. auditor — deterministic checks on every sentence: it cites passages of this answer, and each
 *      number, date and name in it stands in the passages it cites (a company it names is one whose
 *      filing it cites); then, when a second model is given, that model judges (structured output)
 *      whether each sentence says only what its passages say.
 * One rejected sentence rejects the draft: the extractive answer is returned, with why.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText, Output } from 'ai';
import { z } from 'zod';
import type { Answer, AnswerPassage, TextSegment } from './types';

export interface NarrativeLlmResult {
  used: 'llm-audited' | 'deterministic';
  answer: Answer;
  audit: { drafted: number; rejected: { sentence: string; reason: string }[]; problems: string[] };
}

/** What the generator returns: sentences, each with the passage ids it rests on. */
export const draftSchema = z.object({
  sentences: z
    .array(z.object({ text: z.string().min(1), passageIds: z.array(z.string()).min(1) }))
    .min(1)
    .max(12),
});
export type Draft = z.infer<typeof draftSchema>['sentences'][number];

/** What the auditor model returns: one verdict per drafted sentence, by its number. */
export const verdictSchema = z.object({
  verdicts: z.array(z.object({ sentence: z.number().int().min(1), supported: z.boolean(), reason: z.string().optional() })),
});

function evidence(passages: AnswerPassage[]): string {
  return passages
    .map(
      (p) =>
        `[${p.id}] ${p.entity.name} · ${p.form ?? 'filing'} FY${p.fiscalYear ?? '?'} · ${p.section ?? ''}${p.heading ? ` — ${p.heading}` : ''}\n“${p.quote}”`,
    )
    .join('\n\n');
}

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;
const MONTH = /\b(January|February|March|April|May|June|July|August|September|October|November|December)\b/g;
/** words a sentence may capitalise without naming anything */
const PLAIN = new Set(
  'The A An In On For As Its It This These Those Both Each Of And But Or While Under Since From To By At With Over'.split(' '),
);

/**
 * The deterministic audit of one drafted sentence: null when it may stand, else why not. Its passages
 * must be passages of the answer; its numbers, months and capitalised names must stand in them (a
 * year may also be a cited passage's fiscal year; a company named must be one whose passage it cites).
 */
export function auditSentence(d: Draft, passages: AnswerPassage[], companies: string[]): string | null {
  const cited = d.passageIds.map((id) => passages.find((p) => p.id === id));
  if (!cited.length) return 'cites no passage of the answer';
  if (cited.some((p) => !p)) return 'cites a passage that is not in the answer';
  const quotes = cited.map((p) => `${p?.quote ?? ''} ${p?.heading ?? ''}`).join(' ');
  const have = new Set((quotes.match(NUMBER) ?? []).map((n) => n.replace(/,/g, '')));
  for (const p of cited) if (p?.fiscalYear) have.add(String(p.fiscalYear));
  const stray = (d.text.match(NUMBER) ?? []).map((n) => n.replace(/,/g, '')).filter((n) => !have.has(n));
  if (stray.length) return `numbers not in the cited passages: ${stray.join(', ')}`;
  const months = [...d.text.matchAll(MONTH)].map((m) => m[1] ?? '').filter((m) => !quotes.includes(m));
  if (months.length) return `dates not in the cited passages: ${months.join(', ')}`;
  const citedNames = cited.map((p) => p?.entity.name.toLowerCase() ?? '');
  const firstWord = (name: string) => name.split(/[\s,]/)[0]?.toLowerCase() ?? '';
  const otherCompany = companies.find(
    (c) =>
      !citedNames.includes(c.toLowerCase()) && new RegExp(`\\b${firstWord(c).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(d.text),
  );
  if (otherCompany) return `names ${otherCompany} without citing its filing`;
  const known = `${quotes} ${cited.map((p) => p?.entity.name ?? '').join(' ')}`.toLowerCase();
  const names = [...d.text.matchAll(/(?<=\s)([A-Z][A-Za-z&-]{2,})/g)].map((m) => m[1] ?? '').filter((w) => !PLAIN.has(w));
  const unknown = names.filter((w) => !known.includes(w.toLowerCase()));
  if (unknown.length) return `names not in the cited passages: ${unknown.join(', ')}`;
  return null;
}

/** The audited prose as the answer's text: each sentence, then its passages' source numbers as citations. */
function proseOf(drafts: Draft[], passages: AnswerPassage[]): { text: string; segments: TextSegment[] } {
  const segments: TextSegment[] = [];
  for (const d of drafts) {
    segments.push({ type: 'text', text: `${d.text} ` });
    for (const id of d.passageIds) {
      if (!passages.some((p) => p.id === id)) continue;
      segments.push({ type: 'passage', passageId: id, text: `[${id.replace(/^p/, '')}]` }, { type: 'text', text: ' ' });
    }
  }
  return {
    text: segments
      .map((s) => s.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim(),
    segments,
  };
}

export async function composeNarrativeWithLlm(
  answer: Answer,
  question: string,
  model: LanguageModelV3 | null,
  o: { auditor?: LanguageModelV3 | null; companies?: string[] } = {},
): Promise<NarrativeLlmResult> {
  const audit: NarrativeLlmResult['audit'] = { drafted: 0, rejected: [], problems: [] };
  const extractive = (problem?: string): NarrativeLlmResult => {
    if (problem) audit.problems.push(problem);
    return { used: 'deterministic', answer, audit };
  };
  if (!model || answer.status !== 'answered' || answer.passages.length === 0) return extractive();
  try {
    const { output } = await generateText({
      model,
      temperature: 0,
      output: Output.object({ schema: draftSchema, name: 'narrative_answer' }),
      system:
        'You answer an analyst from SEC filing passages only. Write at most 8 plain sentences (under 250 words in all) that answer the question. ' +
        'Each sentence lists the ids of the passages it rests on. Use no number, date, name or claim that its passages do not state.',
      prompt: `Question: ${question}\n\nPassages:\n${evidence(answer.passages)}`,
    });
    const drafts = output.sentences;
    audit.drafted = drafts.length;
    const companies = [...new Set([...answer.passages.map((p) => p.entity.name), ...(o.companies ?? [])])];
    for (const d of drafts) {
      const why = auditSentence(d, answer.passages, companies);
      if (why) audit.rejected.push({ sentence: d.text, reason: why });
    }
    if (!audit.rejected.length && o.auditor) {
      const { output: judged } = await generateText({
        model: o.auditor,
        temperature: 0,
        output: Output.object({ schema: verdictSchema, name: 'audit' }),
        system:
          'You are an adversarial auditor. For each numbered sentence decide whether every claim in it is stated by the passages it cites. ' +
          'Return one verdict per sentence.',
        prompt: `Passages:\n${evidence(answer.passages)}\n\nSentences:\n${drafts.map((d, i) => `${i + 1}: ${d.text} [${d.passageIds.join(', ')}]`).join('\n')}`,
      });
      drafts.forEach((d, i) => {
        const v = judged.verdicts.find((x) => x.sentence === i + 1);
        if (!v?.supported) audit.rejected.push({ sentence: d.text, reason: `auditor: ${v?.reason ?? 'no verdict'}` });
      });
    }
    if (audit.rejected.length) return extractive('the draft was rejected by the audit; the extractive answer stands');
    const prose = proseOf(drafts, answer.passages);
    return {
      used: 'llm-audited',
      answer: {
        ...answer,
        ...prose,
        ...(answer.narrative ? { narrative: { ...answer.narrative, composer: 'llm-audited' as const } } : {}),
      },
      audit,
    };
  } catch (e) {
    return extractive(`the language model failed: ${(e as Error).message}`);
  }
}
