/**
 * The span map: every word of a question gets a role (entity, measure, period, operation, …) or is a
 * filler word from a closed list. Whatever is left unplaced blocks a numeric answer — the planner asks
 * about those words instead of answering a different question.
 */
import { isFiller } from './filler';
import type { ReaderName } from './read/types';

export const SPAN_ROLES = [
  'entity',
  'measure',
  'qualifier',
  'period',
  'operation',
  'operand_pin',
  'basis',
  'scope',
  'instruction',
  'filler',
] as const;
export type SpanRole = (typeof SPAN_ROLES)[number];

/** One placed span: `text` = `question.slice(start, end)`. */
export interface SpanEntry {
  start: number;
  end: number;
  text: string;
  role: SpanRole;
  /** what the span became ("revenue", "Q3 FY2025", "tsla", "sequential growth") */
  detail?: string;
  /** the reader that claimed it (lib/planner/read); absent for words no reader claimed (function words) */
  reader?: ReaderName;
}

/** A word of the question with its offsets. */
export interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
}

const WORD = /[\p{L}\p{N}$%][\p{L}\p{N}&%$]*(?:[’'][\p{L}]+)*/gu;

export function tokenize(question: string): Token[] {
  return [...question.matchAll(WORD)].map((m) => ({
    text: m[0],
    lower: m[0].toLowerCase().replace(/’/g, "'"),
    start: m.index!,
    end: m.index! + m[0].length,
  }));
}

export class SpanMap {
  readonly tokens: Token[];
  private readonly entries: SpanEntry[] = [];
  /** the reader now reading: its claims carry its name */
  reader: ReaderName | null = null;

  constructor(readonly question: string) {
    this.tokens = tokenize(question);
  }

  claim(start: number, end: number, role: SpanRole, detail?: string): void {
    if (end <= start) return;
    const reader = this.reader ? { reader: this.reader } : {};
    this.entries.push({ start, end, text: this.question.slice(start, end), role, ...(detail ? { detail } : {}), ...reader });
  }

  /** Claims each word of [start, end) that no claim covers yet (the words already placed keep their claims). */
  claimWords(start: number, end: number, role: SpanRole, detail?: string): void {
    for (const t of this.tokens)
      if (start <= t.start && t.end <= end && !this.taken(t.start, t.end)) this.claim(t.start, t.end, role, detail);
  }

  /** Whether any claim already covers part of [start, end). */
  taken(start: number, end: number): boolean {
    return this.entries.some((e) => e.role !== 'filler' && start < e.end && e.start < end);
  }

  /**
   * [start, end) without the words at its edges that another claim already covers ("latest reported"
   * read as the version basis leaves "net income" of "reported net income"), trimmed only of claims
   * in `roles`; null when another word of it is covered too or nothing is left.
   */
  untaken(start: number, end: number, roles: readonly SpanRole[]): [number, number] | null {
    const inside = this.tokens.filter((t) => t.start >= start && t.end <= end);
    const byRole = (t: Token) => this.entries.some((e) => roles.includes(e.role) && t.start < e.end && e.start < t.end);
    const isTaken = (t: Token) => this.taken(t.start, t.end);
    let a = 0;
    let b = inside.length;
    while (a < b && byRole(inside[a]!)) a++;
    while (b > a && byRole(inside[b - 1]!)) b--;
    if (a === b || inside.slice(a, b).some(isTaken)) return null;
    return [inside[a]!.start, inside[b - 1]!.end];
  }

  /** The claims so far, in question order (function words are marked only by `map`). */
  placed(): SpanEntry[] {
    return [...this.entries].sort((a, b) => a.start - b.start);
  }

  /** Tokens no claim covers (filler words excluded). */
  unplaced(): Token[] {
    return this.tokens.filter((t) => !this.entries.some((e) => t.start < e.end && e.start < t.end) && !isFiller(t.lower));
  }

  /** Marks the remaining filler words, then returns the entries in question order. */
  map(): SpanEntry[] {
    // function words are no reader's claim
    this.reader = null;
    for (const t of this.tokens) {
      if (!this.entries.some((e) => t.start < e.end && e.start < t.end) && isFiller(t.lower)) this.claim(t.start, t.end, 'filler');
    }
    return [...this.entries].sort((a, b) => a.start - b.start || b.end - a.end);
  }

  /** Unplaced tokens grouped into runs of adjacent words ("vehicle deliveries"). */
  unplacedPhrases(): string[] {
    const loose = new Set(this.unplaced());
    const out: string[] = [];
    let run: Token[] = [];
    const flush = () => {
      if (run.length) out.push(this.question.slice(run[0]!.start, run[run.length - 1]!.end));
      run = [];
    };
    for (const t of this.tokens) {
      if (loose.has(t)) run.push(t);
      else flush();
    }
    flush();
    return out;
  }
}
