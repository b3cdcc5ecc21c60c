import type { TextSegment } from './types';

/** Builds answer text with its numbers marked as cited values. */
export class TextBuilder {
  readonly segments: TextSegment[] = [];

  text(s: string): this {
    if (!s) return this;
    const last = this.segments[this.segments.length - 1];
    if (last?.type === 'text') last.text += s;
    else this.segments.push({ type: 'text', text: s });
    return this;
  }

  value(valueId: string, display: string): this {
    this.segments.push({ type: 'value', valueId, text: display });
    return this;
  }

  passage(passageId: string, quote: string): this {
    this.segments.push({ type: 'passage', passageId, text: quote });
    return this;
  }

  toString(): string {
    return this.segments.map((s) => s.text).join('');
  }
}

/** "Helios Components'" / "Tesla's" */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}

/** A label inside a sentence: "Revenue" → "revenue"; a name that opens it ("Google Cloud revenue", "Greater China") keeps its capital. */
export function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) && !/^[A-Z][\w'’&.-]*\s+[A-Z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}

/** A period as said in an answer: "FY2024 (1 Oct 2023 – 28 Sep 2024)"; a label that is its dates already is said once. */
export function periodText(p: { label: string; dateRange: string }): string {
  return p.label === p.dateRange ? p.label : `${p.label} (${p.dateRange})`;
}
