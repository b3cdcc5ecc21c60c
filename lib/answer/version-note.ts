/**
 * Which version of a stored figure an answer used, and whether its chain has others: carried on the
 * figure (the evidence manifest keeps it with the value) and said in the answer text, without numbers
 * (the other versions' values are in the manifest's candidates, not in the text).
 */
import { splitsAfter, splitText, type ChainVersion, type SplitEvent } from '@/lib/calc';
import type { Basis } from '@/lib/domain/types';
import { formatHumanDate } from '@/lib/fiscal';
import type { Citation } from '@/lib/retrieval/lookup-facts';

export interface VersionNote {
  /** the basis as asked: `latest`, `original`, `pre_split`, `as_of:<date>`, `filing:<accession>` (with the requirement, if any) */
  basis: string;
  /** the basis the value was chosen under (a question may ask for two, side by side) */
  asked?: Basis;
  /** the filing the value is cited to (for a named filing: that filing) */
  filing: { accession: string | null; form: string | null; filedAt: string; label: string | null };
  /** the version used, in its chain (oldest first) */
  used: ChainVersion;
  /** the chain's versions with another value, oldest first */
  others: ChainVersion[];
  /**
   * per-share and share figures: the entity's stock splits first adjusted after the filing this value
   * comes from (it does not reflect them); two such figures on different share bases are not compared
   */
  splitsAfter?: SplitEvent[];
}

/** The version note of a stored fact chosen under `basis` from its chain. */
export function versionNoteOf(
  fact: { id: string; value: string; unit?: string; basisTag: string; citation: Citation; revisionKind?: string | null },
  chain: ChainVersion[],
  basis: Basis,
  splits?: readonly SplitEvent[],
): VersionNote {
  const used = chain.find((c) => c.id === fact.id) ?? {
    id: fact.id,
    value: fact.value,
    filedAt: fact.citation.filedAt,
    accession: fact.citation.accession,
    form: fact.citation.form,
    revisionKind: fact.revisionKind ?? null,
  };
  const require =
    (basis.kind === 'latest' || basis.kind === 'original' || basis.kind === 'filing') && basis.require ? `+${basis.require}` : '';
  return {
    basis: `${fact.basisTag}${require}`,
    asked: basis,
    filing: {
      accession: fact.citation.accession,
      form: fact.citation.form,
      filedAt: fact.citation.filedAt,
      label: basis.kind === 'filing' ? (basis.filing?.label ?? null) : null,
    },
    used,
    others: chain.filter((c) => c.id !== used.id && Number(c.value) !== Number(used.value)),
    // the share basis of the filing the value is cited to (a named filing's own; else the version's first filing);
    // a cut-off date sees only the splits adjusted by then
    ...(splits && isShareUnit(fact.unit)
      ? {
          splitsAfter: splitsAfter(
            basis.kind === 'filing' ? fact.citation.filedAt : used.filedAt,
            basis.kind === 'as_of' ? splits.filter((e) => e.firstFiled <= basis.date) : splits,
          ),
        }
      : {}),
  };
}

/** Per-share amounts and share counts: the units a stock split restates. */
export function isShareUnit(unit: string | undefined): boolean {
  return unit === 'shares' || (unit?.endsWith('/shares') ?? false);
}

/** A period's figure on the share basis it was reported on. */
interface Based {
  label: string;
  version?: VersionNote;
}

/**
 * Figures of one comparison on different share bases — one reflects a stock split the other was never
 * restated for (no split-adjusted version of it was filed): the sentence that says so, or null.
 */
export function shareBasisConflict(figures: readonly Based[], metricWords: string): string | null {
  const based = figures.filter((f) => f.version?.splitsAfter);
  if (based.length < 2) return null;
  const key = (f: Based) => f.version!.splitsAfter!.map((e) => `${e.ratio}${e.reverse ? 'r' : ''}@${e.firstFiled}`).join('|');
  if (new Set(based.map(key)).size === 1) return null;
  // the figures that miss a split another one reflects
  const most = based.reduce((a, b) => (b.version!.splitsAfter!.length > a.version!.splitsAfter!.length ? b : a));
  const missing = most.version!.splitsAfter!.filter((e) =>
    based.some((f) => !f.version!.splitsAfter!.some((x) => x.firstFiled === e.firstFiled && x.ratio === e.ratio)),
  );
  const stale = based
    .filter((f) => missing.some((e) => f.version!.splitsAfter!.some((x) => x.firstFiled === e.firstFiled && x.ratio === e.ratio)))
    .map((f) => f.label);
  const fresh = based.filter((f) => !stale.includes(f.label)).map((f) => f.label);
  const splits = missing.map((e) => `the ${splitText(e)} (adjusted in filings from ${formatHumanDate(e.firstFiled)})`).join(' and ');
  return `${metricWords} for ${stale.join(', ')} was last reported before ${splits}, which ${fresh.join(', ')} reflects, and no split-adjusted version of it was filed: the figures are on different share bases, so they are not compared`;
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
  // a per-share figure or share count filed before a later stock split, never restated for it
  const stale =
    note.splitsAfter?.length && !note.others.some((o) => o.filedAt > note.used.filedAt)
      ? ` It was reported before the ${note.splitsAfter.map((e) => `${splitText(e)} (adjusted in filings from ${formatHumanDate(e.firstFiled)})`).join(' and ')}, and no split-adjusted version of it was filed.`
      : '';
  if (defaulted && note.others.length === 0) return stale;
  const why = note.used.revisionKind ? KIND[note.used.revisionKind] : null;
  let which: string;
  switch (basis.kind) {
    case 'filing':
      which = `This is the figure as ${basis.require ? 'restated' : 'reported'} in ${note.filing.label ?? 'the named filing'} (${filed(note.filing)}).`;
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
  return ` ${which} ${items.length ? `Other versions exist: ${items.join('; ')}.` : 'No other version of it was reported.'}${stale}`;
}

/**
 * The basis of figures whose own version sentence was not said (calculated figures — a growth, a derived
 * quarter, a sum — and the figures of a comparison): which versions they are, once. Empty for the
 * default basis. A named filing is each company's own: said per company when there are several.
 */
export function calculatedBasisSentence(
  values: readonly { version?: VersionNote; citations: Citation[]; entity?: { name: string } }[],
  basis: Basis,
  eachSaid = true,
): string {
  if ((basis.kind === 'latest' && !basis.require) || values.length === 0 || (eachSaid && values.every((v) => v.version))) return '';
  switch (basis.kind) {
    case 'filing': {
      const per = new Map<string, Citation>();
      for (const v of values) {
        const c = v.version
          ? { ...v.citations[0]!, accession: v.version.filing.accession, form: v.version.filing.form, filedAt: v.version.filing.filedAt }
          : v.citations[0];
        if (c && !per.has(v.entity?.name ?? '')) per.set(v.entity?.name ?? '', c);
      }
      const said = (c: Citation) => `the ${c.form ?? 'filing'} filed ${formatHumanDate(c.filedAt)}`;
      if (per.size === 0) return '';
      if (per.size === 1) return ` Every figure is as reported in ${said([...per.values()][0]!)} (${basis.name.text}).`;
      return ` Each company’s figure is as reported in its own filing (${basis.name.text}): ${[...per].map(([name, c]) => `${name}, ${said(c)}`).join('; ')}.`;
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

/**
 * The refusal of a calculation (growth, change, CAGR, average, difference) over per-share or share
 * figures on different share bases, or null. MIXED_BASIS: one calculation never mixes bases.
 */
export function shareBasisFailure(
  figures: readonly { label: string; version?: VersionNote; factIds: string[] }[],
  metricWords: string,
): { kind: 'rejected'; message: string; errors: { code: 'MIXED_BASIS'; message: string; factIds: string[] }[] } | null {
  const message = shareBasisConflict(figures, metricWords);
  if (!message) return null;
  return { kind: 'rejected', message, errors: [{ code: 'MIXED_BASIS', message, factIds: figures.flatMap((f) => f.factIds) }] };
}
