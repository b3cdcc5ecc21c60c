/**
 * Formulas composed of named intermediates: "interest coverage, where EBIT is income before taxes plus interest
 * expense, and coverage is EBIT divided by interest expense", "FCF margin = FCF / revenue, where FCF is operating
 * cash flow minus capex". Each definition "<name> is <formula>" whose name another part of the question uses is
 * put in its place, in parentheses, and its clause is dropped; the definition left last defines the measure the
 * question names. The result is one formula the formula reader reads as written (one plan, every operand cited);
 * nothing is assumed: a name no other part uses stays as the user wrote it.
 */

/** One definition clause: "<name> is <formula>", with where it stands in the question. */
interface Definition {
  name: string;
  formula: string;
  /** the clause, with the word that introduces it (", where", ", and", "; ") */
  start: number;
  end: number;
  /** where the formula starts */
  formulaAt: number;
}

/** "where EBIT is …", ", and coverage is …", "; FCF = …", ", with EBITDA being …": a clause defining a name. */
const DEFINITION =
  /(?:,\s*(?:and\s+)?(?:where|with|and)\s+|;\s*(?:and\s+)?(?:where\s+)?|\b(?:where|and)\s+)((?:[\p{L}&][\p{L}\p{N}&'’-]*\s+){0,3}?[\p{L}&][\p{L}\p{N}&'’-]*)\s+(?:is\s+(?:defined|calculated|computed|taken)\s+as|is|=|equals|means|being)\s+/giu;
/** Where a definition's formula ends: the next definition, a sentence end, or the question's end. */
const CLAUSE_END = /,\s*(?:and\s+)?(?:where|with|and)\s|;|[.?!](?=\s|$)/g;

/** Words that open a clause but never name a quantity ("where it is", "and the answer is"). */
const NOT_A_NAME = /^(?:it|this|that|the\s+answer|the\s+result|which|what|how|there|here)$/i;

function definitions(question: string): Definition[] {
  const out: Definition[] = [];
  const found = [...question.matchAll(DEFINITION)].filter((m) => m[1] && !NOT_A_NAME.test(m[1].trim()));
  for (const [k, m] of found.entries()) {
    const name = (m[1] ?? '').trim();
    const formulaAt = (m.index ?? 0) + m[0].length;
    CLAUSE_END.lastIndex = formulaAt;
    const end = Math.min(CLAUSE_END.exec(question)?.index ?? question.length, found[k + 1]?.index ?? question.length);
    const formula = question.slice(formulaAt, end).trim();
    if (formula) out.push({ name, formula, start: m.index ?? 0, end, formulaAt });
  }
  return out;
}

const wordRe = (name: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'giu');

/** The marker of a formula the question's head states ("FCF margin = FCF / revenue"): names are used after it. */
const HEAD_MARKER = /\s=\s?|:\s|\bi\.\s?e\.|\b(?:defined|computed|calculated|worked\s+out|taken)\s+as\b/i;

/**
 * The question with each intermediate a formula names put in its place; null when it defines none that another
 * part uses. `said` lists the substitutions, for the plan's notes.
 */
export function composeFormulas(question: string): { question: string; said: string[] } | null {
  const defs = definitions(question);
  const first = defs[0];
  if (!first) return null;
  const head = question.slice(0, first.start);
  const marker = HEAD_MARKER.exec(head);
  // where the head may use a name: after its own formula's marker, or anywhere when it states none
  const cut = marker ? marker.index + marker[0].length : 0;
  const inHead = (d: Definition) => wordRe(d.name).test(head.slice(cut));
  const inOthers = (d: Definition) => defs.some((x) => x !== d && wordRe(d.name).test(x.formula));
  // the definition of the measure the head names ("interest coverage …, and coverage is …"): no other part uses it
  const final = marker ? undefined : [...defs].reverse().find((d) => inHead(d) && !inOthers(d));
  const used = defs.filter((d) => d !== final && (inHead(d) || inOthers(d)));
  if (used.length === 0) return null;
  const formulas = new Map(defs.map((d) => [d, d.formula]));
  // a definition may use one given before or after it: substitute once per definition, so chains of any order resolve
  for (let pass = 0; pass < defs.length; pass++)
    for (const d of used) for (const [x, f] of formulas) if (x !== d) formulas.set(x, f.replace(wordRe(d.name), `(${formulas.get(d)})`));
  // a name defined through itself is no formula
  if (used.some((d) => wordRe(d.name).test(formulas.get(d) ?? ''))) return null;
  const said = used.map((d) => `“${d.name}” read as ${formulas.get(d)}`);
  let lead = head.slice(cut);
  if (!final) for (const d of used) lead = lead.replace(wordRe(d.name), `(${formulas.get(d)})`);
  const front = `${head.slice(0, cut)}${lead}`.trimEnd();
  const tail = question.slice((defs.at(-1) ?? first).end);
  const rest = defs.filter((d) => d !== final && !used.includes(d));
  const clauses = rest.map((d) => `${question.slice(d.start, d.formulaAt)}${formulas.get(d)}`).join('');
  const defined = final ? `, defined as ${formulas.get(final)}` : '';
  return { question: `${front}${defined}${clauses}${tail}`, said };
}
