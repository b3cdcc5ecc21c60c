/**
 * Which version of a stored figure an answer used, and whether its chain has others: carried on the
 * figure (the evidence manifest keeps it with the value) and said in the answer text, without numbers
 * (the other versions' values are in the manifest's candidates, not in the text).
 */
import type { ChainVersion } from '@/lib/calc';
import type { Basis } from '@/lib/domain/types';
import { formatHumanDate } from '@/lib/fiscal';
import type { Citation } from '@/lib/retrieval/lookup-facts';

export interface VersionNote {
  /** the basis as asked: `latest`, `original`, `pre_split`, `as_of:<date>`, `filing:<accession>` (with the requirement, if any) */
  basis: string;
  /** the filing the value is cited to (for a named filing: that filing) */
  filing: { accession: string | null; form: string | null; filedAt: string; label: string | null };
  /** the version used, in its chain (oldest first) */
  used: ChainVersion;
  /** the chain's versions with another value, oldest first */
  others: ChainVersion[];
}

/** The version note of a stored fact chosen under `basis` from its chain. */
export function versionNoteOf(fact: { id: string; value: string; basisTag: string; citation: Citation; revisionKind?: string | null }, chain: ChainVersion[], basis: Basis): VersionNote {
  const used = chain.find((c) => c.id === fact.id) ?? { id: fact.id, value: fact.value, filedAt: fact.citation.filedAt, accession: fact.citation.accession, form: fact.citation.form, revisionKind: fact.revisionKind ?? null };
  const require = (basis.kind === 'latest' || basis.kind === 'original') && basis.require ? `+${basis.require}` : '';
  return {
    basis: `${fact.basisTag}${require}`,
    filing: { accession: fact.citation.accession, form: fact.citation.form, filedAt: fact.citation.filedAt, label: basis.kind === 'filing' ? (basis.filing?.label ?? null) : null },
    used,
    others: chain.filter((c) => c.id !== used.id && Number(c.value) !== Number(used.value)),
  };
}

const KIND: Record<string, string> = { split_adjustment: 'stock-split adjustment', restatement: 'restatement', rounding: 're-rounding' };

function filed(v: { form: string | null; filedAt: string }): string {
  return `${v.form ? `${v.form} ` : ''}filed ${formatHumanDate(v.filedAt)}`;
}

/** An other version of the chain, placed against the one used ("a later stock-split adjustment (10-K filed 26 Feb 2025)"). */
function other(v: ChainVersion, later: boolean, first: boolean): string {
  const kind = v.revisionKind ? KIND[v.revisionKind] : null;
  if (!later && first) return `as first reported (${filed(v)})`;
  return `${later ? 'a later' : 'an earlier'} ${kind ?? 'version'} (${filed(v)})`;
}

/**
 * Which version the figure is and which other versions exist, in two sentences. Empty for the default
 * basis when the chain has one value (nothing to say).
 */
export function versionSentence(note: VersionNote | undefined, basis: Basis): string {
  if (!note) return '';
  const defaulted = basis.kind === 'latest' && !basis.require;
  if (defaulted && note.others.length === 0) return '';
  const why = note.used.revisionKind ? KIND[note.used.revisionKind] : null;
  let which: string;
  switch (basis.kind) {
    case 'filing':
      which = `This is the figure as reported in ${note.filing.label ?? 'the named filing'} (${filed(note.filing)}).`;
      break;
    case 'original':
      which = `This is the figure as originally reported (${filed(note.used)})${basis.require === 'split' ? ', before the stock split' : ''}.`;
      break;
    case 'pre_split':
      which = `This is the figure as reported before the stock split (${filed(note.used)}).`;
      break;
    case 'as_of':
      which = `This is the figure as filed by ${formatHumanDate(basis.date)} (${filed(note.used)}).`;
      break;
    default: {
      const tag = basis.require === 'split' ? 'split-adjusted' : basis.require === 'restatement' ? 'restated' : 'latest filed';
      which = `This is the ${tag} figure${why ? `, a ${why}` : ''} (${filed(note.used)}).`;
    }
  }
  const firstId = note.others.concat(note.used).reduce((a, b) => (b.filedAt < a.filedAt ? b : a)).id;
  const items = note.others.map((o) => other(o, o.filedAt > note.used.filedAt, o.id === firstId));
  return ` ${which} ${items.length ? `Other versions exist: ${items.join('; ')}.` : 'No other version of it was reported.'}`;
}

/**
 * For calculated figures (a growth, a derived quarter, a sum), whose operands were all chosen under one
 * basis: which versions they are. Empty for the default basis.
 */
export function calculatedBasisSentence(values: readonly { version?: VersionNote; citations: Citation[] }[], basis: Basis): string {
  if ((basis.kind === 'latest' && !basis.require) || values.length === 0 || values.every((v) => v.version)) return '';
  switch (basis.kind) {
    case 'filing': {
      const c = values.flatMap((v) => v.citations)[0];
      return c ? ` Every figure is as reported in the ${c.form ?? 'filing'} filed ${formatHumanDate(c.filedAt)} (${basis.name.text}).` : '';
    }
    case 'original':
      return ` Every figure is as originally reported${basis.require === 'split' ? ', before the stock split' : ''}.`;
    case 'pre_split':
      return ' Every figure is as reported before the stock split.';
    case 'as_of':
      return ` Every figure is as filed by ${formatHumanDate(basis.date)}.`;
    default:
      return ` Every figure is the ${basis.require === 'split' ? 'split-adjusted' : 'restated'} (latest filed) version.`;
  }
}
