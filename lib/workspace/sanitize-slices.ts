/**
 * sanitize-html in slices, with the event loop served between them (no synchronous step of a request may block
 * the event loop for long): one
 * synchronous `sanitizeHtml` over a 3 MB filing holds the server's event loop for about a second.
 *
 * The output is the one-shot output, byte for byte. How:
 * - Cut points are found with htmlparser2 (one parse, in chunks with yields): the `<` of an opening tag,
 *   where the elements open just before it (its "chain", implied closes not yet applied) are all ones it
 *   is safe to cut inside — never an element whose content the sanitizer drops (nonTextTags) or the
 *   tokenizer reads as raw text (script, style, title, textarea, xmp, iframe, …), nor foreign content
 *   (svg, math).
 * - A slice is sanitized on its own after re-opening its chain from the tags' source text and a sentinel
 *   text; everything the sanitizer writes up to the sentinel (the chain's opening tags) is dropped. A
 *   slice that is not the last ends with a sentinel element and the sentinel text; everything from the
 *   sentinel text on (the closing tags the end of its input implies) is dropped. So each slice is
 *   sanitized in the state it has in the one-shot run: the same open elements (for the parser: its
 *   implied-close rules and foreign-content flag; for sanitize-html: its frames, depth, dropped-tag,
 *   transformed-tag and skipped-text state, all functions of the open elements' names for the options
 *   supported) and the tokenizer between tags.
 * - That is checked on every slice, through sanitize-html's onOpenTag/onCloseTag hooks, on the parser
 *   sanitize-html itself runs: the chain re-opens as exactly those elements, and when the end sentinel
 *   element opens, the elements open are exactly the next slice's chain (had its tokenizer been inside a
 *   comment, a tag or raw text at the cut, the sentinel would not open at all). By induction from the
 *   start of the document, every slice then sees what the one-shot run sees. sanitize-html bundles its
 *   own htmlparser2 (10.x), which reads some markup differently from the app's (12.x: `<a>` in `<a>`,
 *   headings in headings, comments ending `--!>`, CDATA outside foreign content, xmp/iframe as raw text);
 *   where they disagree the check fails and that slice is sanitized again twice as long (from the last
 *   verified state) until it holds. A sentinel text that also comes out of the input, a chain that does
 *   not re-open, or options this does not model (textFilter, exclusiveFilter, escape modes,
 *   enforceHtmlBoundary, own hooks, all tags allowed, a transform of every tag): the whole document is
 *   sanitized in one call instead — correct, only not sliced.
 * sanitize-slices.test.ts compares with the one-shot output on hostile fixtures and random tag soup;
 * sanitize-slices.data.test.ts on every inline-XBRL filing of the real data.
 */
import sanitizeHtml from 'sanitize-html';
import { Parser } from 'htmlparser2';

export interface SlicedOptions {
  /** characters of input per slice (the slice's work is about proportional); a slice is longer only when no cut point is nearer */
  sliceChars?: number;
  /** characters the cut-point parse reads between yields */
  parseChunkChars?: number;
  /** called between slices instead of yielding to the event loop (tests) */
  yieldFn?: () => Promise<void>;
}

export interface SlicedResult {
  html: string;
  /** slices sanitized (1 when not sliced) */
  slices: number;
  /** true when a check failed or the options are not supported and the document was sanitized in one call */
  oneShot: boolean;
  /** why it fell back to one call, if it did */
  reason?: string;
  /** slices sanitized again, longer, because the state at their end was not the one expected */
  retried?: number;
}

interface OpenTag {
  name: string;
  /** the opening tag's source text */
  raw: string;
}

interface Cut {
  at: number;
  /** elements open just before the tag at `at` is read, outermost first */
  chain: OpenTag[];
}

const SLICE_CHARS = 32_000;
const PARSE_CHUNK_CHARS = 128_000;

/** Never cut inside these: raw text (any version's tokenizer), content sanitize-html drops anyway, foreign content. */
const NO_CUT_INSIDE = new Set([
  'script',
  'style',
  'title',
  'textarea',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'plaintext',
  'noscript',
  'template',
  'svg',
  'math',
  'head',
]);

export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function unsupported(options: sanitizeHtml.IOptions): string | null {
  const o = options as sanitizeHtml.IOptions & { onOpenTag?: unknown; onCloseTag?: unknown; enforceHtmlBoundary?: unknown };
  if (o.textFilter) return 'textFilter';
  if (o.exclusiveFilter) return 'exclusiveFilter';
  if (o.onOpenTag || o.onCloseTag) return 'own onOpenTag/onCloseTag';
  if (o.enforceHtmlBoundary) return 'enforceHtmlBoundary';
  if (o.disallowedTagsMode && o.disallowedTagsMode !== 'discard') return `disallowedTagsMode ${o.disallowedTagsMode}`;
  // (the end sentinel element must be a disallowed tag, so that it is dropped)
  if (o.allowedTags === false) return 'allowedTags: false';
  if (o.transformTags && '*' in o.transformTags) return "transformTags['*']";
  return null;
}

/** A token that occurs nowhere in `html` (letters and digits only: escaping leaves it as it is). */
function sentinel(html: string, prefix: string): string {
  for (;;) {
    const s = `${prefix}${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    if (!html.includes(s)) return s;
  }
}

/**
 * Cut points of `html`: the `<` of an opening tag at least `sliceChars` after the previous cut, where every
 * open element (and every element this tag implicitly closes) may be cut inside. Parsed in chunks with a
 * yield between them.
 */
export async function findCuts(
  html: string,
  options: { sliceChars: number; parseChunkChars: number; nonTextTags: readonly string[]; parser: object; yieldFn: () => Promise<void> },
): Promise<Cut[]> {
  const noCut = new Set([...NO_CUT_INSIDE, ...options.nonTextTags]);
  const stack: OpenTag[] = [];
  /** elements implicitly closed at source position `at` (innermost first) */
  let implied: { at: number; tags: OpenTag[] } = { at: -1, tags: [] };
  /** open elements inside which no cut may be made */
  let blocked = 0;
  let last = 0;
  const cuts: Cut[] = [];
  const parser: Parser = new Parser(
    {
      onopentag(name) {
        const at = parser.startIndex;
        const raw = html.slice(at, parser.endIndex + 1);
        // (at the tag's own `<name`: not a `</p>` or `</br>` read as an opening tag, nor a stale index)
        if (at - last >= options.sliceChars && blocked === 0 && raw.slice(1, name.length + 1).toLowerCase() === name && raw.endsWith('>')) {
          const closed = implied.at === at ? implied.tags : [];
          if (closed.every((t) => !noCut.has(t.name))) {
            cuts.push({ at, chain: [...stack, ...[...closed].reverse()] });
            last = at;
          }
        }
        stack.push({ name, raw });
        if (noCut.has(name)) blocked++;
      },
      onclosetag(_name, isImplied) {
        const t = stack.pop();
        if (t && noCut.has(t.name)) blocked--;
        if (!isImplied || !t) implied = { at: -1, tags: [] };
        else {
          if (implied.at !== parser.startIndex) implied = { at: parser.startIndex, tags: [] };
          implied.tags.push(t);
        }
      },
    },
    options.parser,
  );
  for (let i = 0; i < html.length; i += options.parseChunkChars) {
    parser.write(html.slice(i, i + options.parseChunkChars));
    if (i + options.parseChunkChars < html.length) await options.yieldFn();
  }
  parser.end();
  return cuts;
}

/**
 * `sanitizeHtml(html, options)`, the same bytes, computed in slices of about `sliceChars` with the event
 * loop served between them.
 */
export async function sanitizeInSlices(html: string, options: sanitizeHtml.IOptions, opts: SlicedOptions = {}): Promise<SlicedResult> {
  const sliceChars = opts.sliceChars ?? SLICE_CHARS;
  const yieldFn = opts.yieldFn ?? yieldToEventLoop;
  const oneShot = (reason: string): SlicedResult => ({ html: sanitizeHtml(html, options), slices: 1, oneShot: true, reason });
  // (what sanitize-html runs with: its defaults under the caller's options)
  const effective: sanitizeHtml.IOptions = { ...sanitizeHtml.defaults, ...options };
  const why = unsupported(effective);
  if (why) return oneShot(`options: ${why}`);
  if (html.length <= sliceChars) return { html: sanitizeHtml(html, options), slices: 1, oneShot: false };
  // the parser options sanitize-html uses (its defaults merged under the caller's)
  const parserOptions = { decodeEntities: true, ...(effective.parser ?? {}) };
  const nonTextTags = effective.nonTextTags ?? ['script', 'style', 'textarea', 'option'];
  const cuts = await findCuts(html, {
    sliceChars,
    parseChunkChars: opts.parseChunkChars ?? PARSE_CHUNK_CHARS,
    nonTextTags,
    parser: parserOptions,
    yieldFn,
  });
  if (!cuts.length) return { html: sanitizeHtml(html, options), slices: 1, oneShot: false };
  await yieldFn();

  const text = sentinel(html, 'llslice');
  const endTag = sentinel(html, 'llsliceend');
  const same = (a: string[], b: OpenTag[]) => a.length === b.length && a.every((n, i) => n === b[i]!.name);

  /**
   * Sanitizes html[from, to.at) (to the end when `to` is null) opened in `chain`; its output without the
   * chain's opening tags and the implied closing tags, or what went wrong: `start` (the chain does not
   * re-open as it should), `end` (the sanitizer's parser was not between tags, or not in `to.chain`, at
   * `to.at`), `sentinel` (a sentinel text also came out of the input).
   */
  const slice = (
    from: number,
    chain: OpenTag[],
    to: Cut | null,
  ): { out: string } | { problem: 'start' | 'end' | 'sentinel'; detail: string } => {
    const input = `${chain.map((t) => t.raw).join('')}${from > 0 ? text : ''}${html.slice(from, to ? to.at : html.length)}${to ? `<${endTag}>${text}` : ''}`;
    // the parser's stack as sanitize-html's hooks see it (they run first in its handlers, skipped text or not)
    const open: string[] = [];
    let opened = 0;
    let endOpened = false;
    let problem: { problem: 'start' | 'end'; detail: string } | null = null;
    const out = sanitizeHtml(input, {
      ...options,
      onOpenTag(name: string) {
        if (name === endTag) {
          endOpened = true;
          if (!to || !same(open, to.chain))
            problem ??= {
              problem: 'end',
              detail: `open at ${to?.at}: [${open.join(' ')}], expected [${to?.chain.map((t) => t.name).join(' ')}]`,
            };
        }
        open.push(name);
        if (++opened === chain.length && !same(open, chain))
          problem ??= { problem: 'start', detail: `chain at ${from} re-opened as [${open.join(' ')}]` };
      },
      onCloseTag(name: string) {
        if (opened < chain.length) problem ??= { problem: 'start', detail: `${name} closed while re-opening the chain at ${from}` };
        if (open.pop() !== name) problem ??= { problem: 'end', detail: `close of ${name} not on top` };
      },
    } as sanitizeHtml.IOptions);
    // (not opened: the tokenizer was inside a comment, a raw-text element or a tag at the cut)
    if (to && !endOpened) problem ??= { problem: 'end', detail: `end sentinel at ${to.at} not opened` };
    if (problem) return problem;
    const first = from > 0 ? out.indexOf(text) : -1;
    const second = to ? out.indexOf(text, first + 1) : -1;
    const count = out.split(text).length - 1;
    if (count !== (from > 0 ? 1 : 0) + (to ? 1 : 0)) return { problem: 'sentinel', detail: `sentinel text ${count} times in the output` };
    return { out: out.slice(from > 0 ? first + text.length : 0, to ? second : out.length) };
  };

  const parts: string[] = [];
  let from = 0;
  let chain: OpenTag[] = [];
  let next = 0;
  let retried = 0;
  for (;;) {
    let j = next;
    for (;;) {
      const to = j < cuts.length ? cuts[j]! : null;
      const r = slice(from, chain, to);
      if ('out' in r) {
        parts.push(r.out);
        break;
      }
      // the cut-point parser and the sanitizer's disagree here (or a sentinel leaked): the next slices
      // start from the last state verified, else the whole document goes in one call
      if (r.problem !== 'end' || !to) return oneShot(r.detail);
      retried++;
      // a slice twice as long (or the rest), so that a stretch the parsers read differently costs at most
      // about twice its own sanitizing
      const want = from + 2 * (to.at - from);
      while (j < cuts.length && cuts[j]!.at < want) j++;
    }
    if (j >= cuts.length) break;
    from = cuts[j]!.at;
    chain = cuts[j]!.chain;
    next = j + 1;
    await yieldFn();
  }
  return { html: parts.join(''), slices: parts.length, oneShot: false, retried };
}
