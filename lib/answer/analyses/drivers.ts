/**
 * The margin bridge: what drove a margin's change between two fiscal years. The change is decomposed
 * into each income-statement line as a share of revenue (a line that rises as a share of revenue
 * lowers the margin by the same points), the lines that moved most are named, and the filing's own
 * explanation — the MD&A sentences about that margin — is quoted.
 */
import { retrieveNarrative, type NarrativePassage } from '@/lib/retrieval/narrative-passages';
import type { Figure, Target } from '../compute';
import { splitSentences } from '../narrative-sentences';
import { lowerFirst, possessive } from '../text';
import type { AnswerPassage } from '../types';
import type { AnalysisEnv } from './env';
import { marginNotMeaningful } from './profitability';
import { maybe, MissingFigure, measureOf, must, need } from './support';

/** The expense lines a margin is bridged over, by margin (ontology metric ids; the ones a company reports are used). */
const BRIDGE_LINES: Record<string, string[]> = {
  gross_margin: ['cost_of_revenue'],
  operating_margin: [
    'cost_of_revenue',
    'sga',
    'selling_marketing',
    'general_admin',
    'rnd',
    'restructuring',
    'goodwill_impairment',
    'asset_impairment',
    'amortization_intangibles',
  ],
  net_margin: ['cost_of_revenue', 'sga', 'rnd', 'finance_costs', 'tax_expense'],
};

/** How many of the lines that moved most are named, and how many of the filing's sentences are quoted. */
const LINES_NAMED = 3;
const SENTENCES_QUOTED = 3;

interface LineMove {
  label: string;
  later: Figure;
  earlier: Figure;
  delta: Figure;
}

async function lineMoves(env: AnalysisEnv, ids: string[], later: Target, earlier: Target): Promise<LineMove[]> {
  const revLater = await need(env, 'revenue', later);
  const revEarlier = await need(env, 'revenue', earlier);
  const out: LineMove[] = [];
  for (const id of ids) {
    const [a, b] = [await maybe(env, id, later), await maybe(env, id, earlier)];
    if (!a || !b) continue;
    const label = lowerFirst(a.metricLabel);
    const shareLater = env.ratio(a, revLater, `${a.metricLabel} as a share of revenue`, true);
    const shareEarlier = env.ratio(b, revEarlier, `${b.metricLabel} as a share of revenue`, true);
    if (!shareLater || !shareEarlier) continue;
    const delta = env.change(shareLater, shareEarlier, `Change in ${label} as a share of revenue`);
    if (delta) out.push({ label, later: shareLater, earlier: shareEarlier, delta });
  }
  return out.sort((x, y) => Math.abs(y.delta.value) - Math.abs(x.delta.value));
}

export async function marginDrivers(env: AnalysisEnv): Promise<void> {
  const id = measureOf(env);
  if (await marginNotMeaningful(env, id)) return;
  const laterT = env.named[0] ?? env.year;
  const earlierT = env.named[1] ?? env.prior(laterT);
  if (!earlierT) throw new MissingFigure(`no fiscal year before ${laterT.label} is on ${env.ent.entity.name}'s calendar`);
  const later = await need(env, id, laterT);
  const earlier = await need(env, id, earlierT);
  const label = lowerFirst(later.metricLabel);
  const delta = must(env.change(later, earlier, `Change in ${label}`), `the change in ${label}`);
  const s = env.say;
  const dir = delta.value > 0 ? 'rose' : delta.value < 0 ? 'fell' : 'was unchanged';
  s.text(`${possessive(env.ent.entity.name)} ${label} ${dir} from `)
    .fig(earlier)
    .text(` ${s.at(earlier)} to `)
    .fig(later)
    .text(` ${s.at(later)} (`)
    .fig(delta)
    .text(').');
  const quotes = await explanation(env, id, laterT);
  if (quotes.length) {
    s.text(' The filing explains:');
    for (const q of quotes) s.text(' “').quote(q).text('”');
  }
  const moves = (await lineMoves(env, BRIDGE_LINES[id] ?? [], laterT, earlierT)).slice(0, LINES_NAMED);
  if (moves.length) {
    s.text(' By line, as a share of revenue: ');
    moves.forEach((m, i) => {
      s.text(`${i ? '; ' : ''}${m.label} `)
        .fig(m.earlier)
        .text(' → ')
        .fig(m.later)
        .text(' (')
        .fig(m.delta)
        .text(')');
    });
    s.text('.');
  }
  s.text(
    ` Rule: the margin's change is decomposed into each income-statement line as a share of revenue — a cost line that rises by one point of revenue lowers the margin by one point — and the filing's MD&A says why.`,
  );
}

/** What the company's MD&A says about the margin's change: sentences naming the margin or its profit line and a cause. */
async function explanation(env: AnalysisEnv, id: string, year: Target): Promise<AnswerPassage[]> {
  const words: Record<string, { topic: string; terms: string[]; mention: RegExp }> = {
    gross_margin: {
      topic: 'gross margin',
      terms: ['gross margin', 'gross profit', 'cost of sales'],
      mention: /\bgross\s+(?:profit\s+)?margin|\bgross\s+profit\b/i,
    },
    operating_margin: {
      topic: 'operating income margin',
      terms: ['operating margin', 'operating income margin', 'operating income', 'special items'],
      mention: /\boperating\s+(?:income\s+|profit\s+)?margins?\b|\boperating\s+income\b/i,
    },
    net_margin: { topic: 'net income margin', terms: ['net margin', 'net income'], mention: /\bnet\s+(?:income|earnings|margin)\b/i },
  };
  const w = words[id];
  if (!w || year.fiscalYear === null) return [];
  const res = await retrieveNarrative({
    db: env.ctx.db,
    tenantId: env.ctx.tenantId,
    role: env.ctx.role,
    buckets: [{ entityId: env.ent.entity.id, fiscalYear: year.fiscalYear }],
    topic: w.topic,
    terms: w.terms,
    items: ['Item 7', 'Item 8'],
    k: 8,
  });
  const cause =
    /\b(?:due\s+to|driven\s+by|primarily|reflect(?:s|ed|ing)?|result(?:ed)?\s+(?:of|from)|impact(?:s|ed)?|includ(?:e|es|ed|ing)|charges?|because|offset|partially)\b/i;
  const picked: AnswerPassage[] = [];
  for (const p of res.passages) {
    for (const sen of splitSentences(p.text)) {
      if (picked.length >= SENTENCES_QUOTED) break;
      if (sen.text.length > 600 || !w.mention.test(sen.text) || !cause.test(sen.text)) continue;
      if (picked.some((q) => q.quote === sen.text)) continue;
      picked.push(passageOf(p, sen, env, picked.length));
    }
  }
  return picked;
}

function passageOf(p: NarrativePassage, sen: { text: string; start: number; end: number }, env: AnalysisEnv, n: number): AnswerPassage {
  return {
    id: `p${n + 1}`,
    entity: env.ent.entity,
    fiscalYear: p.fiscalYear,
    section: p.section,
    heading: p.heading,
    quote: sen.text,
    chunkId: p.id,
    sourceId: p.sourceId,
    sourceTitle: p.sourceTitle,
    page: p.page,
    span: p.spanStart !== null ? [p.spanStart + sen.start, p.spanStart + sen.end] : null,
    form: p.form,
    filedAt: p.filedAt,
    accession: p.accession,
  };
}
