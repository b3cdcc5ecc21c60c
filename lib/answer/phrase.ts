import type { LanguageModelV3 } from '@ai-sdk/provider';
import { generateText } from 'ai';
import type { Answer, TextSegment } from './types';
import { verifyNumbers } from './verify-numbers';
import { periodText } from './text';

export interface PhraseResult {
  used: 'llm' | 'deterministic';
  answer: Answer;
  problems: string[];
}

function evidenceFor(answer: Answer) {
  return {
    status: answer.status,
    deterministicText: answer.text,
    values: answer.values.map((v) => ({
      id: v.id,
      label: v.label,
      entity: v.entity.name,
      display: v.display,
      period: `${periodText(v.period)}`,
      formula: v.formula,
      inputs: v.inputs.map((i) => ({ id: i.id, label: i.label, display: i.display, period: `${periodText(i.period)}` })),
    })),
    errors: answer.errors.map((e) => `${e.code}: ${e.message}`),
  };
}

/** Turn "… was 12.0% [v1] …" into segments that cite value v1. */
export function segmentsFromMarked(text: string, answer: Answer): { text: string; segments: TextSegment[] } {
  const segments: TextSegment[] = [];
  const ids = new Set(answer.values.flatMap((v) => [v.id, ...v.inputs.map((i) => i.id)]));
  let plain = '';
  let last = 0;
  const re =
    /([−-]?(?:[$₹€£]\s?)?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|pp|thousand|lakh|million|crore|billion|trillion))?)\s?\[(v\d+(?:\.in\d+)?)\]/g;
  for (const m of text.matchAll(re)) {
    if (!ids.has(m[2]!)) continue;
    const before = text.slice(last, m.index);
    if (before) segments.push({ type: 'text', text: before });
    segments.push({ type: 'value', valueId: m[2]!, text: m[1]!.trim() });
    plain += before + m[1]!.trim();
    last = m.index! + m[0].length;
  }
  const rest = text.slice(last);
  if (rest) segments.push({ type: 'text', text: rest });
  return { text: (plain + rest).replace(/\s+/g, ' ').trim(), segments };
}

/**
 * Optional LLM phrasing: the model sees only the evidence manifest's values and the deterministic
 * text; its wording is used only if every number in it is a manifest value carrying that value's
 * citation marker. Otherwise the deterministic text stands.
 */
export async function phraseAnswer(answer: Answer, model: LanguageModelV3 | null): Promise<PhraseResult> {
  if (!model || answer.status !== 'answered' || answer.values.length === 0) return { used: 'deterministic', answer, problems: [] };
  try {
    const { text } = await generateText({
      model,
      temperature: 0,
      system:
        'You rewrite a financial answer for an analyst. Use ONLY the numbers given, exactly as displayed, ' +
        'each immediately followed by its id in square brackets, e.g. "12.0% [v1]". Always state the period with its dates. ' +
        'Do not compute, round differently, or add any other number.',
      prompt: JSON.stringify(evidenceFor(answer)),
    });
    const check = verifyNumbers(text, answer);
    if (!check.ok) return { used: 'deterministic', answer, problems: check.problems };
    const { text: plain, segments } = segmentsFromMarked(text, answer);
    return { used: 'llm', answer: { ...answer, text: plain, segments }, problems: [] };
  } catch (e) {
    return { used: 'deterministic', answer, problems: [`the language model failed: ${(e as Error).message}`] };
  }
}
