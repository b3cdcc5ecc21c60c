/**
 * XBRL instance documents (.xml): contexts (instant or start/end, entity, segment/scenario
 * dimensions), units (including divide units like USD/shares), numeric facts with decimals.
 */
import { XMLValidator } from 'fast-xml-parser';
import { Parser } from 'htmlparser2';
import { ingestError, lineColumn } from '../errors';
import type { FormatHandler } from '../types';
import { ContextUnitCollector, NamespaceScope, NS, recordCover, type CoverFacts, type XbrlContext } from './model';
import type { ParsedUnit } from '../units';
import { writeXbrlFiling } from './filing';

export const XBRL_INSTANCE_EXTRACTOR = 'xbrl-instance/1';

/** A numeric fact as tagged: concept, context and unit references, decimals, the text value. */
export interface TaggedFact {
  concept: string;
  contextRef: string;
  unitRef: string;
  decimals: string | undefined;
  /** text as written (instance) or the normalized decimal (inline, after scale and sign) */
  value: string;
  id: string | null;
  /** character offset of the element in the document */
  offset: number;
  /** inline XBRL: the scale attribute */
  scale?: number;
  /** inline XBRL: true for facts inside ix:hidden */
  hidden?: boolean;
}

/** Why a tagged fact was read but not stored as a number. */
export type SkippedFactReason = 'NON_NUMERIC_VALUE';

/** A text (non-numeric) fact of an instance: company identification, dates, descriptions. */
export interface TextFact {
  concept: string;
  contextRef: string;
  /** the text, cut at 500 characters */
  value: string;
}

export interface XbrlDocument {
  contexts: Map<string, XbrlContext>;
  units: Map<string, ParsedUnit>;
  facts: TaggedFact[];
  cover: CoverFacts;
  nilFacts: number;
  problems: string[];
  /** text facts outside dei (instances only): what a format without dei names the company and periods by */
  textFacts?: TextFact[];
  /** facts read but not stored as numbers, by reason (a text value filed with a unit: a description, not an amount) */
  skipped?: Partial<Record<SkippedFactReason, number>>;
  /** the filing date the document itself states, and where it was read */
  filedOn?: { date: string; how: string };
}

/** Throws a malformed-XML error naming the line and column, using a strict well-formedness check. */
export function assertWellFormedXml(
  text: string,
  fileName: string,
  code: 'bad_request:malformed_xml' | 'bad_request:malformed_html' = 'bad_request:malformed_xml',
): void {
  const res = XMLValidator.validate(text, { allowBooleanAttributes: true });
  if (res !== true) {
    throw ingestError(code, fileName, `malformed ${code.endsWith('html') ? 'XHTML' : 'XML'}: ${res.err.msg}`, {
      line: res.err.line,
      column: res.err.col,
    });
  }
}

const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** Parses an XBRL instance; errors name the file and line. */
export function parseXbrlInstance(text: string, fileName: string): XbrlDocument {
  assertWellFormedXml(text, fileName);
  const ns = new NamespaceScope();
  const collector = new ContextUnitCollector(ns);
  const facts: TaggedFact[] = [];
  const cover: CoverFacts = {};
  let depth = 0;
  let rootSeen = false;
  let nilFacts = 0;
  const textFacts: TextFact[] = [];
  const skipped: Partial<Record<SkippedFactReason, number>> = {};
  let current: { concept: string; attrs: Record<string, string>; text: string; offset: number; depth: number } | null = null;
  let error: Error | null = null;

  const parser: Parser = new Parser(
    {
      onopentag(name, attrs) {
        ns.push(attrs);
        depth++;
        const q = ns.resolve(name);
        if (depth === 1) {
          if (!(q.uri === NS.xbrli && q.local === 'xbrl')) {
            error = ingestError('unsupported:format', fileName, `not an XBRL instance (root element <${name}>)`);
            parser.reset();
          }
          rootSeen = true;
          return;
        }
        if (collector.open(q.uri, q.local, attrs)) return;
        if (depth === 2 && attrs.contextRef !== undefined && q.uri !== NS.xbrli && q.uri !== NS.link) {
          if (attrs['xsi:nil'] === 'true') {
            nilFacts++;
            return;
          }
          current = { concept: ns.canonical(name), attrs, text: '', offset: parser.startIndex, depth };
        }
      },
      ontext(t) {
        if (current) current.text += t;
        else if (collector.active) collector.onText(t);
      },
      onclosetag(name) {
        const q = ns.resolve(name);
        if (current && depth === current.depth) {
          const c = current;
          current = null;
          const value = c.text.trim();
          if (c.attrs.unitRef !== undefined && NUMERIC.test(value)) {
            facts.push({
              concept: c.concept,
              contextRef: c.attrs.contextRef!,
              unitRef: c.attrs.unitRef,
              decimals: c.attrs.decimals,
              value,
              id: c.attrs.id ?? null,
              offset: c.offset,
            });
          } else if (c.attrs.unitRef !== undefined && /\d/.test(value) && !/\p{L}{3,}/u.test(value)) {
            // a garbled amount ("39O000": digits, no word) is an error of the file, never read as something else
            const { line, column } = lineColumn(text, c.offset);
            error = ingestError(
              'bad_request:malformed_xbrl',
              fileName,
              `${c.concept} has a non-numeric value ${JSON.stringify(value.slice(0, 40))}`,
              { line, column },
            );
            parser.reset();
          } else {
            // a text value filed with a unit ("Other operating expenses", the description of an expense
            // line) is a description, not an amount: counted and kept as text, never a failed file
            if (c.attrs.unitRef !== undefined) skipped.NON_NUMERIC_VALUE = (skipped.NON_NUMERIC_VALUE ?? 0) + 1;
            if (!recordCover(cover, c.concept, value))
              textFacts.push({ concept: c.concept, contextRef: c.attrs.contextRef!, value: value.slice(0, 500) });
          }
        } else if (!current) {
          collector.close(q.uri, q.local);
        }
        ns.pop();
        depth--;
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(text);
  parser.end();
  if (error) throw error;
  if (!rootSeen) throw ingestError('unsupported:format', fileName, 'not an XBRL instance (no root element)');
  return { contexts: collector.contexts, units: collector.units, facts, cover, nilFacts, problems: collector.problems, textFacts, skipped };
}

export const xbrlInstanceFormat: FormatHandler<XbrlDocument> = {
  format: 'xbrl-instance',
  sourceKind: 'xbrl-instance',
  extractorVersion: XBRL_INSTANCE_EXTRACTOR,
  detect(head) {
    return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<([a-zA-Z_][\w.-]*:)?xbrl[\s>]/.test(head);
  },
  parse: parseXbrlInstance,
  write: (ctx, doc) => writeXbrlFiling(ctx, doc, { kind: 'xbrl-instance', extractorVersion: XBRL_INSTANCE_EXTRACTOR }),
};
