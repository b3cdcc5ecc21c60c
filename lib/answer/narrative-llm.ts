/**
 * Optional LLM layer for narrative answers (behind the configured OpenAI-compatible provider; the
 * deterministic composition stays the default and the fallback):
 *   1. generator — reasons over the numbered quotes the deterministic composer selected and writes
 *      sentences, each citing the quotes it rests on ([p1], [p2]);
 *   2. adversarial auditor — a second call that, sentence by sentence, looks for any claim the cited
 *      quotes do not support and strikes it;
 *   3. deterministic gate — a sentence survives only if it cites at least one quote of the answer,
 *      every number in it is a number of a cited quote (a manifest value), and it names no company
 *      other than the cited quotes' companies; if nothing survives, the deterministic text stands.
 */
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText } from 'ai';
import type { Answer, AnswerPassage, TextSegment } from './types';

export interface NarrativeLlmResult {
  used: 'llm-audited' | 'deterministic';
  answer: Answer;
  audit: { drafted: number; struckByAuditor: number; struckByGate: { sentence: string; reason: string }[]; problems: string[] };
}

interface Draft {
  text: string;
  cites: string[];
}

function evidence(answer: Answer): string {
  return answer.passages
    .map(
      (p) =>
        `[${p.id}] ${p.entity.name} · ${p.form ?? 'filing'} FY${p.fiscalYear ?? '?'} · ${p.section ?? ''}${p.heading ? ` — ${p.heading}` : ''}\n“${p.quote}”`,
    )
    .join('\n\n');
}

/** Parses "sentence [p1][p3]" lines (or a JSON array of {text, cites}). */
export function parseDraft(text: string): Draft[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    try {
      const j = JSON.parse(trimmed) as unknown;
      const arr = Array.isArray(j) ? j : (j as { sentences?: unknown }).sentences;
      if (Array.isArray(arr)) {
        return arr
          .map((x) => ({
            text: String((x as { text?: unknown }).text ?? '').trim(),
            cites: ((x as { cites?: unknown }).cites as string[] | undefined)?.map(String) ?? [],
          }))
          .filter((d) => d.text);
      }
    } catch {
      /* fall through to the line format */
    }
  }
  const out: Draft[] = [];
  for (const line of trimmed.split('\n')) {
    const l = line.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, '').trim();
    if (!l) continue;
    const cites = [...l.matchAll(/\[(p\d+)\]/g)].map((m) => m[1]!);
    out.push({ text: l.replace(/\s*\[(p\d+)\]/g, '').trim(), cites });
  }
  return out;
}

const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** The deterministic gate: citations exist, numbers are the cited quotes' numbers, companies are the cited ones. */
export function gateSentence(d: Draft, passages: AnswerPassage[], allEntities: string[]): string | null {
  const cited = d.cites.map((id) => passages.find((p) => p.id === id)).filter((p): p is AnswerPassage => !!p);
  if (d.cites.length === 0) return 'cites no quote of the answer';
  if (cited.length !== d.cites.length) return 'cites a quote that is not in the answer';
  const quoted = cited.map((p) => p.quote).join(' ');
  const nums = (d.text.match(NUMBER) ?? []).map((n) => n.replace(/,/g, ''));
  const have = new Set((quoted.match(NUMBER) ?? []).map((n) => n.replace(/,/g, '')));
  for (const y of cited.map((p) => p.fiscalYear).filter((x): x is number => x !== null)) have.add(String(y));
  const stray = nums.filter((n) => !have.has(n));
  if (stray.length) return `numbers not in the cited quotes: ${stray.join(', ')}`;
  const citedNames = new Set(cited.map((p) => p.entity.name.toLowerCase()));
  const other = allEntities.filter(
    (e) =>
      !citedNames.has(e.toLowerCase()) &&
      new RegExp(`\\b${e.split(/[\s,]/)[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i').test(d.text),
  );
  if (other.length) return `names ${other.join(', ')} without citing its filing`;
  return null;
}

export async function composeNarrativeWithLlm(
  answer: Answer,
  question: string,
  model: LanguageModelV3 | null,
  extraEntities: string[] = [],
): Promise<NarrativeLlmResult> {
  const audit: NarrativeLlmResult['audit'] = { drafted: 0, struckByAuditor: 0, struckByGate: [], problems: [] };
  if (!model || answer.status !== 'answered' || answer.passages.length === 0) return { used: 'deterministic', answer, audit };
  try {
    const { text: draftText } = await generateText({
      model,
      temperature: 0,
      system:
        'You are a financial analyst answering from SEC filing excerpts only. Think step by step about what the excerpts say, ' +
        'then write 3–8 plain sentences that answer the question. After every sentence put the ids of the excerpts it rests on, ' +
        'e.g. "… supply chain [p2][p4]". Use no fact, number or company that is not in the cited excerpts. Output only the sentences, one per line.',
      prompt: `Question: ${question}\n\nExcerpts:\n${evidence(answer)}`,
    });
    const drafts = parseDraft(draftText);
    audit.drafted = drafts.length;
    const { text: auditText } = await generateText({
      model,
      temperature: 0,
      system:
        'You are an adversarial compliance auditor. For each numbered draft sentence decide whether EVERY claim in it is supported ' +
        'by the excerpts it cites. Reply with one line per sentence: "<n>: KEEP" or "<n>: STRIKE <reason>".',
      prompt: `Excerpts:\n${evidence(answer)}\n\nDraft:\n${drafts.map((d, i) => `${i + 1}: ${d.text} ${d.cites.map((c) => `[${c}]`).join('')}`).join('\n')}`,
    });
    const verdicts = new Map<number, boolean>();
    for (const m of auditText.matchAll(/^\s*(\d+)\s*[:.)-]\s*(KEEP|STRIKE)/gim))
      verdicts.set(Number(m[1]) - 1, m[2]!.toUpperCase() === 'KEEP');
    const entities = [...new Set([...answer.passages.map((p) => p.entity.name), ...extraEntities])];
    const kept: Draft[] = [];
    drafts.forEach((d, i) => {
      if (verdicts.get(i) !== true) {
        audit.struckByAuditor++;
        return;
      }
      const why = gateSentence(d, answer.passages, entities);
      if (why) audit.struckByGate.push({ sentence: d.text, reason: why });
      else kept.push(d);
    });
    if (!kept.length) {
      audit.problems.push('no drafted sentence survived the audit');
      return { used: 'deterministic', answer, audit };
    }
    const segments: TextSegment[] = [];
    for (const d of kept) {
      segments.push({ type: 'text', text: `${d.text} ` });
      for (const id of d.cites) {
        const p = answer.passages.find((x) => x.id === id)!;
        segments.push({
          type: 'passage',
          passageId: id,
          text: `[${p.entity.ticker ?? p.entity.name} ${p.section ?? ''}]`.replace(' ]', ']'),
        });
        segments.push({ type: 'text', text: ' ' });
      }
    }
    const text = segments
      .map((s) => s.text)
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    return {
      used: 'llm-audited',
      answer: {
        ...answer,
        text,
        segments,
        ...(answer.narrative ? { narrative: { ...answer.narrative, composer: 'llm-audited' as const } } : {}),
      },
      audit,
    };
  } catch (e) {
    audit.problems.push(`the language model failed: ${(e as Error).message}`);
    return { used: 'deterministic', answer, audit };
  }
}
