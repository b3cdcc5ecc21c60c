/**
 * The workspace's member index: which companies file a member a question names when the question names no
 * company ("Sam's Club net sales", "YouTube ads revenue"). A name is read by each company's own member
 * lexicon (captions, QName words, initials: ./vocabulary.ts); only a name written as a proper name counts
 * (one of its words is a capitalised name no company matched), so an ordinary word ("services") never
 * picks a company. One owner: the question is that company's; several: the planner asks which.
 */
import { sql } from 'drizzle-orm';
import { factVisible } from '@/lib/auth/visibility';
import { type Db, rowsOf } from '@/lib/db/client';
import { readDataVersion } from '@/lib/db/data-version';
import type { Role } from '@/lib/db/schema';
import { versionedCache } from '@/lib/db/versioned-cache';
import { wordsOf } from '@/lib/ontology/vocabulary/lemma';
import { readVocabulary } from '@/lib/ontology/vocabulary/read';
import { type CatalogMember, loadMemberCatalog } from './members';
import { lexiconOf } from './vocabulary';

/** A company filing a member the question names, and the member's name as the filing gives it. */
export interface MemberOwner {
  entityId: string;
  /** the words of the question that name the member */
  text: string;
  /** the member as the filing names it */
  label: string;
}

const withMembers = versionedCache<string[]>();

/** The entities with dimensional facts (the only ones with members), kept per data version. */
async function entitiesWithMembers(db: Db, tenantId: string, version: number): Promise<string[]> {
  return withMembers.get(db, tenantId, version, 'entities', async () =>
    rowsOf<{ entity_id: string }>(
      await db.execute(sql`
        select distinct entity_id from facts
        where ${factVisible({ tenantId })} and status = 'active' and dims_key <> ''
        order by entity_id`),
    ).map((r) => r.entity_id),
  );
}

/**
 * The companies whose members `question` names in words of `names` (the capitalised names no company
 * matched), each with the words read; [] when none.
 */
export async function memberOwners(
  db: Db,
  tenantId: string,
  question: string,
  names: readonly string[],
  role?: Role | null,
  known?: number | null,
): Promise<MemberOwner[]> {
  if (!names.some((n) => wordsOf(n).length > 0)) return [];
  const version = known ?? (await readDataVersion(db, tenantId));
  if (version === null) return [];
  const out: MemberOwner[] = [];
  for (const entityId of await entitiesWithMembers(db, tenantId, version)) {
    const members = await loadMemberCatalog(db, tenantId, [entityId], role, version);
    const owned = members.length ? ownedMember(question, names, members) : null;
    if (owned) out.push({ entityId, ...owned });
  }
  return out;
}

/**
 * The member of `members` (one company's) that a proper name of the question names, with the question's words
 * for it; null when none. The member must be the whole name as written, every capitalised word of it: a member
 * sharing one word with it ("Other" in "Other Bets", "Club" in "Sam's Club") is another company's other thing,
 * never its owner.
 */
export function ownedMember(
  question: string,
  names: readonly string[],
  members: readonly CatalogMember[],
): { text: string; label: string } | null {
  const proper = new Set(names.flatMap((n) => wordsOf(n).map((w) => w.word)));
  const words = wordsOf(question);
  const isProper = (i: number) => {
    const w = words[i];
    // a proper name may open with one lower-case letter before a capital ("iPhone", "eBay")
    return w !== undefined && proper.has(w.word) && /^(?:[A-Z]|[a-z][A-Z])/.test(question.slice(w.start, w.end));
  };
  // a capitalised word joined to a name word by "&" belongs to the name, even where it is not read as a name
  // (the question's first word: "Compute & Networking segment …"); "&" is a word of its own ("and")
  const text = (i: number) => {
    const w = words[i];
    return w ? question.slice(w.start, w.end) : '';
  };
  const amp = (i: number) => text(i) === '&';
  const capital = (i: number) => /^[A-Z]/.test(text(i));
  // the runs of capitalised name words as written side by side: each is one name
  const runOf = (i: number) => {
    let [from, to] = [i, i];
    for (;;) {
      if (isProper(from - 1)) from--;
      else if (amp(from - 1) && capital(from - 2)) from -= 2;
      else break;
    }
    for (;;) {
      if (isProper(to + 1)) to++;
      else if (amp(to + 1) && capital(to + 2)) to += 2;
      else break;
    }
    return { from, to };
  };
  const whole = (covered: readonly number[]) => {
    const set = new Set(covered);
    return covered.filter(isProper).every((i) => {
      const { from, to } = runOf(i);
      for (let j = from; j <= to; j++) if (!set.has(j) && !amp(j)) return false;
      return true;
    });
  };
  const read = readVocabulary(lexiconOf([], members), words).members.filter((m) => m.words.some(isProper) && whole(m.words));
  const [first] = read;
  if (!first) return null;
  const at = first.words.map((i) => words[i]).filter((w) => w !== undefined);
  const start = Math.min(...at.map((w) => w.start));
  const end = Math.max(...at.map((w) => w.end));
  return { text: question.slice(start, end), label: first.entry.target.label };
}
