/**
 * The detail pathway: for each filing asked about, one short paragraph of its most relevant
 * sentences, in order of relevance, each cited; a filing with nothing on the topic says so.
 */
import { type NarrativePathway, SILENCE_WORDS, share } from './narrative-compose';
import { pick } from './narrative-select';

export const detailPathway: NarrativePathway = {
  async compose({ evidence, writer }) {
    const found = evidence.filter((e) => e.found);
    const words = share(SILENCE_WORDS * (evidence.length - found.length), found.length);
    for (const e of found) writer.paragraph(e.b, pick(e.cands, { words }));
    for (const e of evidence) if (!e.found) writer.silence(e);
    return { table: null, redlines: [], read: [] };
  },
};
