/**
 * The entity reader: the companies a question names (lib/planner/match-entities), placed in the span map.
 * A name matching several companies is asked back; a name matching none is said to be missing; without a
 * name the thread's previous companies carry over, else the reader asks which company. Late in the
 * pipeline, a capitalised word listed beside a company ("Apple and Hooli") is read as a company that is
 * not in the workspace (`unknownCompanyWords`).
 */
import { normalizeAlias } from '@/lib/domain/names';
import { extractPeriodPhrases } from '@/lib/fiscal';
import type { CatalogEntity } from '../catalog';
import { indexOf } from '../entity-index';
import { matchEntities } from '../match-entities';
import type { Token } from '../spans';
import type { EntityRef, PlanResult } from '../types';
import type { PlanContext, Reader, Reading } from './types';

export const entityReader: Reader = {
  name: 'entity',
  read(r) {
    const { question, ctx, spans, notes } = r;
    const { mentions, unknownNames: named } = matchEntities(question, ctx.catalog);
    const periods = named.length > 0 ? extractPeriodPhrases(question) : [];
    const unknownNames = named.filter((n) => !withinPeriods(question, n, periods));
    // the cached per-tenant index, or the one kept for this catalog array: never a per-question rebuild
    const index = ctx.index ?? indexOf(ctx.catalog);
    r.mentions = mentions;
    const ambiguousMention = mentions.find((m) => m.entityIds.length > 1);
    if (ambiguousMention) {
      const options = ambiguousMention.entityIds.map((id) => index.byId(id)!.legalName ?? index.byId(id)!.name);
      return {
        status: 'needs_clarification',
        clarification: {
          question: `“${ambiguousMention.text}” matches several companies. Which one do you mean?`,
          options,
          rewrites: ambiguousMention.entityIds.map((id) =>
            replaceMention(question, spans.tokens, ambiguousMention, index.byId(id)!.legalName ?? index.byId(id)!.name),
          ),
        },
        partial: {},
        notes,
      };
    }
    for (const m of mentions) {
      const sp = entitySpans(question, spans.tokens, m, (s, e) => spans.taken(s, e));
      if (sp) {
        spans.claim(sp[0], sp[1], 'entity', m.entityIds[0]);
        r.entityAt.push({ id: m.entityIds[0]!, start: sp[0], end: sp[1] });
      }
    }
    let entities = [...new Set(mentions.map((m) => m.entityIds[0]!))].map((id) => ref(index.byId(id)!));
    for (const m of mentions.filter((m) => m.via === 'fuzzy')) notes.push(`read “${m.text}” as ${index.byId(m.entityIds[0]!)!.name}`);
    // no company named, but a member only some companies file ("Sam's Club"): that company, or which one (asked)
    const owners = entities.length === 0 ? (ctx.measures?.owners ?? []) : [];
    const [owner] = owners;
    const ownerEntity = owner && owners.length === 1 ? index.byId(owner.entityId) : undefined;
    if (ownerEntity && owner) {
      entities = [ref(ownerEntity)];
      notes.push(`read “${owner.text}” as ${owner.label}, a member ${ownerEntity.name} files`);
    } else if (owners.length > 1) {
      const options = owners.map((o) => index.byId(o.entityId)?.name ?? o.entityId);
      return {
        status: 'needs_clarification',
        clarification: {
          question: `“${owners[0]?.text}” is filed by more than one company. Which one do you mean?`,
          options,
          rewrites: options.map((o) => `${question} (${o})`),
        },
        partial: {},
        notes,
      };
    }
    if (entities.length === 0 && unknownNames.length > 0) {
      return {
        status: 'insufficient_evidence',
        missing: `No company named ${unknownNames.map((n) => `“${n}”`).join(' or ')} is in this workspace.`,
        partial: {},
        notes,
      };
    }
    if (entities.length === 0 && r.prev) {
      entities = r.prev.entities;
      notes.push('company carried over from the previous question');
    }
    if (entities.length === 0) {
      const options = ctx.catalog.slice(0, 8).map((e) => e.name);
      return {
        status: 'needs_clarification',
        // each chip completes the question with its company (a chip label alone would lose the measure and period)
        clarification: { question: 'Which company do you mean?', options, rewrites: options.map((o) => `${question} (${o})`) },
        partial: {},
        notes,
      };
    }
    r.entities = entities;
    return null;
  },
};

/**
 * Whether every place a capitalised name is written lies inside a period phrase ("the three months ended June 28,
 * 2025", "the April–June 2025 quarter"): the month is the period reader's, never a company that is missing.
 */
function withinPeriods(question: string, name: string, phrases: readonly { start: number; end: number }[]): boolean {
  const at = [...question.matchAll(new RegExp(name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g'))].map((m) => m.index ?? 0);
  return at.length > 0 && at.every((s) => phrases.some((p) => p.start <= s && s + name.length <= p.end));
}

/**
 * A capitalised name beside a known company is a company that is not in the workspace ("Apple and Hooli"): the
 * question asks about both, so it is not answered for the known one alone as if it were — it is asked back,
 * with one chip that asks the same question without the missing company (a missing operand is said, never
 * dropped silently).
 */
export function unknownCompanyQuestion(r: Reading): PlanResult | null {
  const found = readUnknownCompanies(r);
  if (found.length === 0) return null;
  const { question } = r;
  let without = question;
  for (const t of [...found].sort((a, b) => b.start - a.start)) {
    // the name with the list word joining it to its neighbour: "Apple and Hooli" → "Apple", "Costco vs Walmart" → "Walmart"
    const before = /(?:\s*,\s*(?:and\s+|or\s+)?|\s+(?:and|or|vs\.?|versus|with)\s+)$/i.exec(without.slice(0, t.start));
    const after = /^(?:['’]s)?(?:\s*,\s*|\s+(?:and|or|vs\.?|versus|with)\s+)/i.exec(without.slice(t.end));
    if (before) without = without.slice(0, before.index) + without.slice(t.end);
    else if (after) without = without.slice(0, t.start) + without.slice(t.end + after[0].length);
    else without = without.slice(0, t.start) + without.slice(t.end);
  }
  const names = r.entities.map((e) => e.name);
  const known = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'the companies in this workspace');
  const missing = found.map((t) => `“${t.text}”`).join(' or ');
  const option = `${known} alone`;
  return {
    status: 'needs_clarification',
    clarification: {
      question: `No company named ${missing} is in this workspace, so this cannot be answered as asked. Answer for ${known} alone?`,
      options: [option],
      rewrites: [without.replace(/\s{2,}/g, ' ').trim()],
    },
    partial: { entities: r.entities },
    notes: r.notes,
  };
}

/** Names beside a known company that are not in the workspace, claimed as unknown companies (and noted). */
function readUnknownCompanies(r: Reading): { text: string; start: number; end: number }[] {
  const { spans, question } = r;
  const found: { text: string; start: number; end: number }[] = [];
  if (r.entityAt.length === 0) return found;
  for (const t of spans.unplaced()) {
    if (!/^[A-Z][a-z]+$/.test(t.text)) continue;
    const before = question.slice(0, t.start);
    const after = question.slice(t.end);
    // the question's first word is a company only when set against another ("Hooli vs Apple")
    if (t.start === spans.tokens[0]?.start && !/^\s*(?:vs\.?|versus)\s/i.test(after)) continue;
    // "net sales in India, fiscal 2024": a name after a preposition of place is what the figure is of (a region,
    // a segment), not a company listed beside another; left unplaced, it blocks instead of being dropped
    const ofPlace = /\b(?:in|from|at|of|for|by|within|across|outside|inside|to|into)\s*$/i.test(before);
    if (
      /(?:\b(?:and|or|vs\.?|versus|with)|,)\s*$/i.test(before) ||
      (!ofPlace && /^\s*(?:,|\band\b|\bor\b|\bvs\.?|\bversus\b)/i.test(after))
    ) {
      spans.claim(t.start, t.end, 'entity', 'unknown');
      found.push({ text: t.text, start: t.start, end: t.end });
    }
  }
  if (found.length) r.notes.push(`No company named ${found.map((t) => `“${t.text}”`).join(' or ')} is in this workspace.`);
  return found;
}

/** "attributable to the company / the group / the firm (and its shareholders)": the reporting company itself. */
const SELF_NAMED =
  /\battributable\s+to\s+(?:the\s+)?((?:company|group|firm|registrant|parent\s+company)(?:['’]s\s+(?:common\s+)?(?:shareholders|stockholders|owners|equity\s+holders))?)(?![\w'’-])/i;

/** The question with "attributable to <the company asked about>" written "attributable to the parent". */
export function selfAttributed(question: string, ctx: PlanContext): { question: string; name: string } | null {
  if (!/\battributable\s+to\b/i.test(question)) return null;
  // "attributable to the company", "… to the group's shareholders": the company asked about, named generically
  const generic = SELF_NAMED.exec(question);
  if (generic) return { question: question.replace(SELF_NAMED, 'attributable to the parent'), name: generic[1] ?? 'the company' };
  const { mentions } = matchEntities(question, ctx.index ?? ctx.catalog);
  for (const m of mentions) {
    if (!/\battributable\s+to\s+(?:the\s+)?$/i.test(question.slice(0, m.start))) continue;
    const others = mentions.filter((o) => o !== m);
    const namedBefore = others.some((o) => o.start < m.start && o.entityIds[0] === m.entityIds[0]);
    // the only company of the question, named only here ("net income attributable to Walmart"): the company asked
    // about, kept as "… for Walmart" at the end; beside another company it is that company's customer or partner, not placed here
    const only = others.length === 0 && m.entityIds.length === 1;
    if (!namedBefore && !only) continue;
    const possessive = question.slice(m.end).match(/^['’]s?(?![\w'’])/);
    const end = possessive ? m.end + possessive[0].length : m.end;
    // "how much net income was attributable to Walmart": the copula is no word of the caption
    const lead = question
      .slice(0, m.start)
      .replace(/\bthe\s+$/i, '')
      .replace(/\b(?:was|were|is|are)\s+(attributable\s+to\s+)$/i, '$1');
    if (namedBefore) return { question: `${lead}the parent${question.slice(end)}`, name: m.text };
    const rest = question.slice(end).match(/^([\s\S]*?)([\s.?!]*)$/);
    return { question: `${lead}the parent${rest?.[1] ?? ''} for ${m.text}${rest?.[2] ?? ''}`, name: m.text };
  }
  return null;
}

function ref(e: CatalogEntity): EntityRef {
  return { id: e.id, name: e.name, ticker: e.ticker };
}

function entitySpans(
  question: string,
  tokens: Token[],
  m: { text: string; via: string; start?: number; end?: number },
  taken: (s: number, e: number) => boolean,
): [number, number] | null {
  if (typeof m.start === 'number' && typeof m.end === 'number') return [m.start, m.end];
  if (m.via === 'ticker' || m.via === 'cik') {
    const t = m.text.replace(/^CIK\s*/i, '');
    const re = new RegExp(`(?<![\\w$])\\$?(?:CIK\\s*0*)?${t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w])`, 'gi');
    for (const x of question.matchAll(re)) if (!taken(x.index!, x.index! + x[0].length)) return [x.index!, x.index! + x[0].length];
    return null;
  }
  for (let i = 0; i < tokens.length; i++) {
    for (let j = i; j < Math.min(tokens.length, i + 8); j++) {
      const s = tokens[i]!.start;
      let e = tokens[j]!.end;
      if (normalizeAlias(question.slice(s, e)) !== m.text || taken(s, e)) continue;
      // legal suffixes and punctuation that normalize away belong to the name ("Tesla Motors, Inc.")
      for (let k = j + 1; k < tokens.length && normalizeAlias(question.slice(s, tokens[k]!.end)) === m.text; k++) e = tokens[k]!.end;
      if (question[e] === '.' && /^(inc|corp|co|ltd|plc|llc)$/i.test(question.slice(s, e).split(/\W+/).pop() ?? '')) e++;
      return [s, e];
    }
  }
  return null;
}

function replaceMention(question: string, tokens: Token[], m: { text: string; via: string }, by: string): string {
  const sp = entitySpans(question, tokens, m, () => false);
  return sp ? question.slice(0, sp[0]) + by + question.slice(sp[1]) : `${question} (${by})`;
}

/**
 * Whether a calculation written once for several companies is each company's own: the companies are named together
 * in one list ("for Acme and Zeta", "Acme's and Zeta's", "Acme FY24 vs Zeta FY24" when every period the question names
 * is that one), none of them between its first and last operand (`from`, `to`). Companies named apart ("Acme revenue
 * divided by Zeta revenue", "Acme revenue over the net income of Zeta") join figures across companies, which
 * Ledgerline does not compute.
 */
export function eachCompanysCalculation(r: Pick<Reading, 'entityAt' | 'phrases' | 'question'>, from: number, to: number): boolean {
  const named = [...r.entityAt].sort((a, b) => a.start - b.start);
  if (named.some((e) => e.start < to && e.end > from)) return false;
  const onePeriod = new Set(r.phrases.map((p) => JSON.stringify(p.spec))).size <= 1;
  return named.every((e, i) => {
    const prev = named[i - 1];
    if (!prev) return true;
    let gap = r.question.slice(prev.end, e.start);
    // each company's period said beside it, the same for all: no period of its own
    if (onePeriod)
      for (const p of r.phrases) if (p.start >= prev.end && p.end <= e.start) gap = gap.replace(r.question.slice(p.start, p.end), ' ');
    return LIST_GAP.test(gap);
  });
}

/** What stands between two companies of one list: a possessive, a comma, "and", "&", "or", "as well as", "vs". */
const LIST_GAP = /^(?:['’]s?)?\s*(?:(?:in|for)\s+)?\s*,?\s*(?:(?:and|&|or|as\s+well\s+as|vs\.?|versus)\s+)?(?:(?:for|of|at)\s+)?$/i;
