#!/usr/bin/env python3
"""Check lib/eval/golden/narrative-blind.jsonl against the inline-XBRL filings (standard library only).

For every answered question each key point's `text` must occur verbatim in the visible text of the
filing it names (ticker, form, fiscalYear): HTML tags removed (block elements become a space, inline
elements nothing; the text must also be found when every tag, inline ones too, becomes a space, so it
does not depend on how a reader strips tags), entities decoded, content under display:none (the iXBRL header) dropped, and every
run of whitespace (including no-break spaces) collapsed to one space. The Item heading the text sits
under is detected from the heading blocks ("Item 1A. Risk Factors", "PART II — OTHER INFORMATION") and
must equal the key point's `item` ("Item 1A", "Part I, Item 2").

For every abstention the note must name its search, in this form (one or more clauses):

    absent in PG 10-K FY2025: "stablecoin", "crypto"
    absent in all held filings: "Gigafactory"
    present in NVDA 10-K FY2025: "export control"     (optional: the topic exists elsewhere)
    no filing held for TSLA                           (optional: no file of that ticker in the folder)

Each `absent` term must not occur (case-insensitive substring of the normalised text) in the named
filings, each `present` term must occur, and a `no filing held` ticker must match no file name.

Usage:
    python3 scripts/golden/check-narrative-blind.py [path/to/set.jsonl]
    python3 scripts/golden/check-narrative-blind.py --grep 'regex' [TICKER-FORM-FY ...]   (exploration)
    python3 scripts/golden/check-narrative-blind.py --dump DIR   (write each filing's text, one block a line)
"""
import html
import html.parser
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FILINGS_DIR = os.path.join(os.path.dirname(ROOT), "shared", "data", "filings-ixbrl")
DEFAULT_SET = os.path.join(ROOT, "lib", "eval", "golden", "narrative-blind.jsonl")

# (ticker, form, fiscal year of the period) -> file
FILINGS = {
    ("AAPL", "10-K", 2024): "aapl-10-k-2024-11-01.html",
    ("AAPL", "10-Q", 2025): "aapl-10-q-2025-08-01.html",
    ("NVDA", "10-K", 2025): "nvda-10-k-2025-02-26.html",
    ("NVDA", "10-Q", 2026): "nvda-10-q-2025-08-27.html",
    ("WMT", "10-K", 2025): "wmt-10-k-2025-03-14.html",
    ("NKE", "10-K", 2025): "nke-10-k-2025-07-17.html",
    ("PG", "10-K", 2025): "pg-10-k-2025-08-04.html",
    ("GOOGL", "10-K", 2024): "googl-10-k-2025-02-05.html",
    ("WFC", "10-K", 2024): "wfc-10-k-2025-02-25.html",
}
# other files in the folder: searched only by "absent in all held filings"
EXTRA = {
    ("PLYMOUTH ROCK", "20-F", 2020): "20-F_0001062993-21-003193_PlymouthRock_FY2020-11-30.html",
}

BLOCK_TAGS = {
    "p", "div", "br", "tr", "td", "th", "table", "li", "ul", "ol", "h1", "h2", "h3", "h4", "h5", "h6",
    "section", "article", "header", "footer", "hr", "thead", "tbody", "tfoot", "caption", "dt", "dd",
    "blockquote", "pre", "title",
}
VOID_TAGS = {"br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr", "source"}
WS = re.compile(r"\s+")


def norm(s):
    return WS.sub(" ", s.replace("\u200b", "")).strip()


class _Extractor(html.parser.HTMLParser):
    """Collects visible text as a list of blocks (strings)."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack = []  # (tag, hidden)
        self.hidden_depth = 0
        self.blocks = []
        self.cur = []
        self.alt = []  # the same visible text with every tag (inline ones too) read as a space

    def _flush(self):
        t = norm("".join(self.cur))
        if t:
            self.blocks.append(t)
        self.cur = []

    def handle_starttag(self, tag, attrs):
        tag = tag.lower()
        self.alt.append(" ")
        if tag in BLOCK_TAGS:
            self._flush()
        if tag in VOID_TAGS:
            return
        style = (dict(attrs).get("style") or "").replace(" ", "").lower()
        hidden = "display:none" in style or tag in ("script", "style", "head")
        if hidden:
            self.hidden_depth += 1
        self.stack.append((tag, hidden))

    def handle_startendtag(self, tag, attrs):
        self.alt.append(" ")
        if tag.lower() in BLOCK_TAGS:
            self._flush()

    def handle_endtag(self, tag):
        tag = tag.lower()
        self.alt.append(" ")
        if tag in VOID_TAGS:
            if tag in BLOCK_TAGS:
                self._flush()
            return
        # pop to the matching tag (tolerate sloppy nesting)
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                for _, h in self.stack[i:]:
                    if h:
                        self.hidden_depth -= 1
                del self.stack[i:]
                break
        if tag in BLOCK_TAGS:
            self._flush()

    def handle_data(self, data):
        if self.hidden_depth == 0:
            self.cur.append(data)
            self.alt.append(data)

    def close(self):
        super().close()
        self._flush()


ITEM_HEAD = re.compile(r"^item\s*(\d{1,2}[a-c]?)(?:\s*[.:\-—–]|\s|$)", re.I)
PART_HEAD = re.compile(r"^part\s+(iv|iii|ii|i)\b(?!\s*,)", re.I)

_cache = {}


class Filing:
    def __init__(self, key):
        self.key = key
        path = os.path.join(FILINGS_DIR, FILINGS.get(key) or EXTRA[key])
        with open(path, "rb") as f:
            raw = f.read().decode("utf-8", errors="replace")
        p = _Extractor()
        p.feed(raw)
        p.close()
        self.blocks = p.blocks
        self.alt_text = norm("".join(p.alt))
        parts, offs, pos = [], [], 0
        for b in self.blocks:
            offs.append(pos)
            parts.append(b)
            pos += len(b) + 1
        self.text = " ".join(parts)
        self.lower = self.text.lower()
        self.block_offs = offs
        # headings: (offset, label)
        self.heads = []
        part = None
        is_q = key[1] == "10-Q"
        for off, b in zip(offs, self.blocks):
            if len(b) > 160:
                continue
            m = PART_HEAD.match(b)
            if m and (len(b) < 80):
                part = m.group(1).upper()
                continue
            m = ITEM_HEAD.match(b)
            if m:
                item = "Item " + m.group(1).upper()
                label = "Part %s, %s" % (part, item) if (is_q and part) else item
                self.heads.append((off, label))

    def find(self, needle):
        return self.text.find(needle)

    def item_at(self, off):
        label = None
        for o, l in self.heads:
            if o <= off:
                label = l
            else:
                break
        return label


def filing(key):
    if key not in _cache:
        _cache[key] = Filing(key)
    return _cache[key]


FILING_REF = re.compile(r"\b([A-Z]{2,5}) (10-[KQ]) FY(\d{4})\b")
CLAUSE = re.compile(
    r"\b(absent|present) in ((?:[A-Z]{2,5} 10-[KQ] FY\d{4}(?:, | and |, and )?)+|all held filings): "
    r"((?:\"[^\"]+\"(?:, | and |, and )?)+)", re.I
)
NOFILE = re.compile(r"\bno filing held for ([A-Z]{2,5})\b")


def check_set(path):
    errors = 0
    counts = {}
    ids = set()
    with open(path, encoding="utf-8") as f:
        lines = [l for l in f if l.strip()]
    for n, line in enumerate(lines, 1):
        try:
            q = json.loads(line)
        except ValueError as e:
            print("line %d: bad JSON: %s" % (n, e))
            errors += 1
            continue
        qid = q.get("id", "?")
        errs = []
        if set(q) != {"id", "question", "pathway", "expect", "keyPoints", "note"}:
            errs.append("fields %s" % sorted(q))
        if not qid.startswith("nb-"):
            errs.append("id prefix")
        if qid in ids:
            errs.append("duplicate id")
        ids.add(qid)
        if q.get("pathway") not in ("detail", "comparison", "longitudinal"):
            errs.append("pathway %r" % q.get("pathway"))
        status = q.get("expect", {}).get("status")
        kps = q.get("keyPoints", [])
        counts[(q.get("pathway"), status)] = counts.get((q.get("pathway"), status), 0) + 1
        print("%s [%s/%s] %s" % (qid, q.get("pathway"), status, q.get("question")))
        if status == "answered":
            if not 2 <= len(kps) <= 4:
                errs.append("%d key points" % len(kps))
            tickers, forms = set(), set()
            for kp in kps:
                key = (kp.get("ticker"), kp.get("form"), kp.get("fiscalYear"))
                tickers.add(key[0])
                forms.add(key)
                if set(kp) != {"ticker", "form", "fiscalYear", "item", "text"}:
                    errs.append("key point fields %s" % sorted(kp))
                if key not in FILINGS:
                    errs.append("no filing %s" % (key,))
                    continue
                fl = filing(key)
                text = kp["text"]
                words = len(text.split())
                if not 10 <= words <= 30:
                    errs.append("%d words: %s" % (words, text))
                if text != norm(text):
                    errs.append("text not whitespace-normalised: %r" % text)
                off = fl.find(text)
                if off < 0:
                    hint = " (case-insensitive hit)" if fl.lower.find(text.lower()) >= 0 else ""
                    errs.append("NOT FOUND%s in %s %s FY%d: %s" % ((hint,) + key + (text,)))
                    continue
                # every occurrence and the Item heading it sits under (a sentence can be repeated,
                # e.g. in MD&A and in a note); the declared item must be one of them
                dets = []
                while off >= 0:
                    dets.append(fl.item_at(off))
                    off = fl.text.find(text, off + 1)
                ok = kp.get("item") in dets
                if text not in fl.alt_text:
                    errs.append("found only when inline tags are joined without a space (fragile): %s" % text)
                print("   %s %-5s %s FY%d  %-16s found under %-30s %s" % (
                    "ok" if ok else "!!", key[0], key[1], key[2], kp.get("item"), " + ".join(map(str, dets)),
                    text[:60]))
                if not ok:
                    errs.append("item %r but text sits under %s: %s" % (kp.get("item"), dets, text))
            pw = q.get("pathway")
            if pw == "detail" and len(forms) != 1:
                errs.append("detail question should use one filing, has %s" % sorted(forms))
            if pw == "comparison" and len(tickers) < 2:
                errs.append("comparison with one company")
            if pw == "longitudinal" and (len(tickers) != 1 or {k[1] for k in forms} != {"10-K", "10-Q"}):
                errs.append("longitudinal must span one company's 10-K and 10-Q: %s" % sorted(forms))
        elif status == "insufficient_evidence":
            if kps:
                errs.append("abstention with key points")
            note = q.get("note", "")
            clauses = CLAUSE.findall(note)
            nofile = NOFILE.findall(note)
            if not clauses:
                errs.append("note names no search ('absent in X: \"term\"')")
            for kind, where, terms in clauses:
                kind = kind.lower()
                keys = list(FILINGS) + list(EXTRA) if where == "all held filings" else [
                    (t, fm, int(y)) for t, fm, y in FILING_REF.findall(where)]
                for term in re.findall(r"\"([^\"]+)\"", terms):
                    for key in keys:
                        if key not in FILINGS and key not in EXTRA:
                            errs.append("no filing %s" % (key,))
                            continue
                        # either reading of the tags (inline tags joined or spaced) counts
                        c = max(filing(key).lower.count(term.lower()),
                                filing(key).alt_text.lower().count(term.lower()))
                        if kind == "absent" and c:
                            i = filing(key).lower.find(term.lower())
                            errs.append("%r occurs %dx in %s %s FY%d: ...%s..." % (
                                (term, c) + key + (filing(key).text[max(0, i - 60): i + 60],)))
                        if kind == "present" and not c:
                            errs.append("%r does not occur in %s %s FY%d" % ((term,) + key))
                    print("   %s %-28s in %s" % (kind, '"%s"' % term, where))
            files = os.listdir(FILINGS_DIR)
            for t in nofile:
                hit = [fn for fn in files if fn.lower().startswith(t.lower() + "-") or ("_%s_" % t.lower()) in fn.lower()]
                if hit or any(k[0] == t for k in list(FILINGS) + list(EXTRA)):
                    errs.append("a filing is held for %s: %s" % (t, hit))
                else:
                    print("   no filing held for %s" % t)
        else:
            errs.append("status %r" % status)
        if not q.get("note"):
            errs.append("empty note")
        for e in errs:
            print("   ERROR", e)
        errors += len(errs)
    print()
    for k in sorted(counts, key=str):
        print("%-14s %-22s %d" % (k[0], k[1], counts[k]))
    print("%d questions, %d errors" % (len(lines), errors))
    return errors


def main(argv):
    if argv and argv[0] == "--grep":
        pat = re.compile(argv[1], re.I)
        keys = list(FILINGS)
        if len(argv) > 2:
            want = set(argv[2:])
            keys = [k for k in keys if "%s-%s-%d" % k in want or k[0] in want]
        for key in keys:
            fl = filing(key)
            for m in pat.finditer(fl.text):
                s = max(0, m.start() - 200)
                print("== %s %s FY%d [%s] ...%s..." % (key + (fl.item_at(m.start()), fl.text[s: m.end() + 200])))
        return 0
    if argv and argv[0] == "--dump":
        os.makedirs(argv[1], exist_ok=True)
        for key in FILINGS:
            fl = filing(key)
            heads = dict(fl.heads)
            with open(os.path.join(argv[1], "%s-%s-%d.txt" % key), "w", encoding="utf-8") as out:
                for off, b in zip(fl.block_offs, fl.blocks):
                    if off in heads:
                        out.write("\n########## %s\n" % heads[off])
                    out.write(b + "\n")
        return 0
    return 1 if check_set(argv[0] if argv else DEFAULT_SET) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
