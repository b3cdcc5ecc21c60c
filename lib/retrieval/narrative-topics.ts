import { tokenize } from './embed';

/**
 * What filings call a topic: the words a question uses for it, the words filings use for it (topic
 * expansion: cybersecurity → cyber, information security, CISO, ransomware …) and the items that
 * usually hold it (the item prior of the rerank). Data, not code: one entry per topic an analyst
 * asks about; a question may touch several.
 */

export interface NarrativeTopic {
  id: string;
  /** matched against the lower-cased question (after company names and periods are removed) */
  ask: RegExp;
  /** phrases filings use for the topic (lower case); the first ones are the most specific */
  terms: string[];
  /** items that usually disclose it, most likely first (10-K ids; 10-Q ids match by item number) */
  items: string[];
  /** row labels of the side-by-side comparison: aspects a disclosure of this topic usually covers */
  aspects?: { label: string; terms: string[] }[];
}

export const NARRATIVE_TOPICS: NarrativeTopic[] = [
  {
    id: 'cybersecurity',
    ask: /\bcyber\w*|\binformation security\b|\bdata breach\w*|\bhack\w*|\bransomware\b|\bciso\b|\bsecurity incidents?\b/,
    terms: [
      'cybersecurity',
      'cyber',
      'information security',
      'chief information security officer',
      'ciso',
      'ransomware',
      'malware',
      'data breach',
      'security incident',
      'cyberattack',
      'cyber-attack',
      'phishing',
      'unauthorized access',
      'threat',
      'attack',
      'vulnerabilit',
      'hacking',
      'security',
    ],
    items: ['Item 1C', 'Item 1A'],
    aspects: [
      {
        label: 'Threats',
        terms: [
          'ransomware',
          'malware',
          'phishing',
          'attack',
          'threat actor',
          'hack',
          'vulnerabilit',
          'nation-state',
          'social engineering',
          'denial of service',
          'malicious',
          'cybercriminal',
        ],
      },
      {
        label: 'Governance and oversight',
        terms: [
          'board',
          'committee',
          'oversight',
          'chief information security officer',
          'chief security officer',
          'ciso',
          'reports to',
          'governance',
          'head of',
        ],
      },
      {
        label: 'Risk management',
        terms: [
          'program',
          'process',
          'framework',
          'assess',
          'identify',
          'third-party',
          'third parties',
          'vendor',
          'test',
          'training',
          'monitor',
          'incident response',
          'policies',
        ],
      },
      {
        label: 'Incidents and impact',
        terms: [
          'breach',
          'materially affected',
          'reasonably likely to materially affect',
          'have not identified',
          'experienced',
          'experiences',
          'disrupt',
          'losses',
          'consequences',
        ],
      },
      { label: 'Regulation and liability', terms: ['law', 'regulat', 'litigation', 'liabilit', 'privacy', 'fine', 'penalt', 'legal'] },
    ],
  },
  {
    id: 'supply_chain',
    ask: /\bsupply[- ]chain\w*|\bsupply\b|\bsuppliers?\b|\bsourcing\b|\bmanufactur\w*|\bcomponents?\b|\blogistics\b/,
    terms: [
      'supply chain',
      'supplier',
      'suppliers',
      'sourcing',
      'single source',
      'sole source',
      'component',
      'manufacturing',
      'outsourcing partners',
      'contract manufacturers',
      'logistics',
      'shortage',
      'supply',
      'vendors',
      'transportation',
      'capacity',
    ],
    items: ['Item 1A', 'Item 1', 'Item 7'],
    aspects: [
      {
        label: 'Dependence on suppliers',
        terms: ['single source', 'sole source', 'outsourcing', 'contract manufacturer', 'third-party', 'supplier', 'depend'],
      },
      { label: 'Geography', terms: ['china', 'asia', 'taiwan', 'outside of the u.s.', 'international', 'countries'] },
      { label: 'Shortages and disruption', terms: ['shortage', 'disruption', 'interruption', 'delay', 'constraint', 'natural disaster'] },
      { label: 'Costs and commitments', terms: ['cost', 'price', 'commitment', 'inflation', 'prepayment', 'purchase obligation'] },
    ],
  },
  {
    id: 'climate',
    ask: /\bclimate\b|\bweather\b|\bemissions?\b|\bgreenhouse\b|\bsustainability\b|\besg\b|\benvironmental\b/,
    terms: [
      'climate change',
      'climate',
      'extreme weather',
      'weather',
      'greenhouse gas',
      'emissions',
      'carbon',
      'sustainability',
      'environmental',
      'natural disasters',
      'water',
      'net zero',
      'renewable',
      'decarboniz',
    ],
    items: ['Item 1A', 'Item 1'],
    aspects: [
      { label: 'Physical risks', terms: ['weather', 'natural disaster', 'flood', 'drought', 'wildfire', 'water', 'physical'] },
      { label: 'Regulation and reporting', terms: ['regulat', 'law', 'reporting', 'disclosure', 'tax', 'carbon'] },
      { label: 'Targets and commitments', terms: ['goal', 'target', 'commitment', 'net zero', 'renewable', 'reduce'] },
      { label: 'Costs and demand', terms: ['cost', 'demand', 'price', 'customers'] },
    ],
  },
  {
    id: 'competition',
    ask: /\bcompeti\w*|\bcompetitors?\b|\brivals?\b|\bmarket share\b/,
    terms: ['competition', 'competitive', 'competitors', 'compete', 'competing', 'market share', 'pricing pressure', 'price competition'],
    items: ['Item 1', 'Item 1A'],
    aspects: [
      { label: 'Competitors', terms: ['competitors', 'companies', 'including'] },
      { label: 'Basis of competition', terms: ['price', 'quality', 'innovation', 'service', 'features', 'brand'] },
      { label: 'Effects', terms: ['margin', 'market share', 'pressure', 'reduce', 'adversely'] },
    ],
  },
  {
    id: 'customers',
    ask: /\bcustomer concentration\b|\bconcentration\b|\b(?:major|largest|significant|key|direct|indirect) customers?\b|\bcustomers?\b|\bdistributors?\b|\bresellers?\b|\bcarriers?\b/,
    terms: [
      'customer',
      'customers',
      'direct customer',
      'indirect customer',
      'concentration',
      'accounted for',
      'of total revenue',
      'distributors',
      'partners',
      'resellers',
      'carriers',
      'wholesalers',
      'largest customer',
      'significant customer',
    ],
    items: ['Item 1A', 'Item 7', 'Item 8', 'Item 1'],
    aspects: [
      {
        label: 'Concentration',
        terms: ['accounted for', 'concentration', 'significant amount', 'limited number', '% of total', 'largest', 'major'],
      },
      {
        label: 'Channels and resellers',
        terms: ['reseller', 'distributor', 'carrier', 'wholesaler', 'retailer', 'channel', 'partner', 'system integrator'],
      },
      { label: 'Dependence and effects', terms: ['depend', 'loss of', 'reduce', 'adversely', 'harm', 'credit', 'inventory'] },
    ],
  },
  {
    id: 'legal',
    ask: /\blegal proceedings?\b|\blitigation\b|\blawsuits?\b|\bantitrust\b|\binvestigations?\b|\bsettlements?\b|\bclass actions?\b|\bcourts?\b|\blegal\b/,
    terms: [
      'legal proceedings',
      'litigation',
      'lawsuit',
      'antitrust',
      'investigation',
      'class action',
      'settlement',
      'court',
      'complaint',
      'plaintiffs',
      'department of justice',
      'european commission',
      'appeal',
      'fine',
    ],
    items: ['Item 3', 'Item 1A', 'Item 8'],
    aspects: [
      { label: 'Matters', terms: ['lawsuit', 'complaint', 'filed', 'alleg', 'class action', 'antitrust', 'patent'] },
      {
        label: 'Regulators and investigations',
        terms: [
          'investigation',
          'department of justice',
          'doj',
          'european commission',
          'regulator',
          'attorneys general',
          'ftc',
          'authorit',
        ],
      },
      {
        label: 'Rulings, fines and remedies',
        terms: ['ruled', 'court', 'fine', 'judgment', 'verdict', 'remed', 'penalt', 'appeal', 'decision'],
      },
      { label: 'Accruals and outcome', terms: ['accru', 'settle', 'loss', 'probable', 'estimable', 'outcome', 'material'] },
    ],
  },
  {
    id: 'controls',
    ask: /\binternal controls?\b|\bdisclosure controls\b|\bcontrols and procedures\b|\bmaterial weakness\w*|\bicfr\b|(?<!export |trade |currency |price |exchange )\bcontrols\b/,
    terms: [
      'internal control over financial reporting',
      'disclosure controls and procedures',
      'internal control',
      'material weakness',
      'effective',
      'controls',
    ],
    items: ['Item 9A', 'Part I, Item 4'],
    aspects: [
      { label: 'Disclosure controls', terms: ['disclosure controls', 'effective', 'conclude', 'evaluat'] },
      {
        label: 'Internal control over financial reporting',
        terms: ['internal control over financial reporting', 'framework', 'coso', 'attestation'],
      },
      { label: 'Changes', terms: ['changes', 'no change', 'material weakness', 'remediat'] },
    ],
  },
  {
    id: 'human_capital',
    ask: /\bhuman capital\b|\bemployees?\b|\bhow many (?:people|staff|workers)\b|\bstaff(?:ing)?\b|\bworkforce\b|\bheadcount\b|\bteam members\b|\bassociates\b|\btalent\b|\bunion\w*|\bdiversity\b/,
    terms: [
      'human capital',
      'employees',
      'full-time',
      'workforce',
      'team members',
      'associates',
      'talent',
      'headcount',
      'compensation',
      'benefits',
      'diversity',
      'inclusion',
      'unions',
    ],
    items: ['Item 1'],
    aspects: [
      { label: 'Workforce', terms: ['employees', 'associates', 'approximately', 'full-time', 'part-time', 'worldwide', 'headcount'] },
      { label: 'Pay and benefits', terms: ['wage', 'compensation', 'benefit', 'pay', '401(k)', 'health'] },
      {
        label: 'Development and culture',
        terms: ['training', 'development', 'career', 'culture', 'inclusion', 'belonging', 'engagement', 'talent'],
      },
      { label: 'Labor relations', terms: ['union', 'collective', 'labor', 'works council'] },
    ],
  },
  {
    id: 'export_controls',
    ask: /\bexport\w*|(?<!greater\s)\bchina\b|\blicen[cs]e requirements?\b|\bgeopolitic\w*|\btrade restrictions?\b/,
    terms: [
      'export controls',
      'export',
      'license requirement',
      'licenses',
      'china',
      'usg',
      'u.s. government',
      'restrictions',
      'geopolitical',
      'entity list',
      'h20',
      'trade',
    ],
    items: ['Item 1A', 'Item 7', 'Part II, Item 1A'],
    aspects: [
      { label: 'Rules and licenses', terms: ['license', 'export control', 'rule', 'requirement', 'entity list', 'restriction'] },
      { label: 'Markets and products affected', terms: ['china', 'countries', 'products', 'customers', 'h20', 'gpu'] },
      { label: 'Financial effect', terms: ['charge', 'revenue', 'billion', 'inventory', 'impact', 'sales'] },
      { label: 'Geopolitics', terms: ['geopolitical', 'tension', 'government', 'sanction', 'retaliat', 'trade'] },
    ],
  },
  {
    id: 'tariffs',
    ask: /\btariffs?\b|\btrade (?:policy|policies|disputes?|war)\b|\bduties\b/,
    terms: ['tariffs', 'tariff', 'trade policies', 'trade disputes', 'duties', 'import', 'international trade', 'trade'],
    items: ['Item 1A', 'Item 7', 'Part I, Item 2', 'Part II, Item 1A'],
    aspects: [
      { label: 'Tariffs and trade policy', terms: ['tariff', 'trade polic', 'import', 'duties', 'retaliat', 'trade'] },
      { label: 'Cost and margin effect', terms: ['cost', 'margin', 'price', 'incremental', 'impact', 'expect'] },
      { label: 'Response', terms: ['mitigat', 'sourcing', 'pricing actions', 'shift', 'supply chain', 'offset'] },
    ],
  },
  {
    id: 'ai',
    ask: /\bartificial intelligence\b|\bgenerative ai\b|\b(?:ai)\b|\bmachine learning\b/,
    terms: ['artificial intelligence', 'ai', 'generative ai', 'machine learning', 'models', 'accelerated computing'],
    items: ['Item 1', 'Item 1A', 'Item 7'],
    aspects: [
      { label: 'Competition and investment', terms: ['competit', 'invest', 'rapidly', 'evolving', 'costs'] },
      { label: 'Regulation', terms: ['regulat', 'law', 'legislation', 'compliance', 'government'] },
      { label: 'Misuse and reputation', terms: ['harm', 'reputation', 'unintended', 'misuse', 'ethical', 'bias', 'flawed', 'inaccurate'] },
      { label: 'Demand and supply', terms: ['demand', 'data center', 'customers', 'supply', 'capacity'] },
    ],
  },
  {
    id: 'market_risk',
    ask: /\bmarket risk\b|\binterest rate risk\b|\bforeign (?:exchange|currency)\b|\bcurrency risk\b|\bhedg\w*|\bfx\b/,
    terms: [
      'interest rate risk',
      'foreign exchange',
      'foreign currency',
      'currency',
      'hedge',
      'hedging',
      'derivative',
      'interest rates',
      'basis points',
      'value-at-risk',
      'var',
    ],
    items: ['Item 7A', 'Part I, Item 3', 'Item 7'],
    aspects: [
      { label: 'Exposures', terms: ['exposed', 'exposure', 'denominated', 'international', 'fluctuat'] },
      { label: 'Hedging', terms: ['hedg', 'derivative', 'forward', 'option', 'swap'] },
      { label: 'Sensitivity', terms: ['var', 'value-at-risk', 'basis point', 'hypothetical', 'one-day', 'confidence', '10%'] },
    ],
  },
  {
    id: 'liquidity',
    ask: /\bliquidity\b|\bcapital resources\b|\bcash (?:position|requirements|needs)\b|\bborrowings?\b|\bdebt\b|\bcommercial paper\b|\bcapital return\b|\brepurchas\w*|\bbuybacks?\b|\bdividends?\b/,
    terms: [
      'liquidity',
      'capital resources',
      'cash, cash equivalents',
      'unrestricted cash',
      'commercial paper',
      'term debt',
      'debt',
      'borrowings',
      'credit facility',
      'repurchase',
      'dividends',
      'capital return',
      'material cash requirements',
    ],
    items: ['Item 7', 'Part I, Item 2', 'Item 5'],
  },
  {
    id: 'accounting_policies',
    ask: /\baccounting polic\w*|\brevenue recognition\b|\bcritical accounting\b|\baccounting estimates?\b|\bpolicies\b/,
    terms: [
      'revenue recognition',
      'recognizes revenue',
      'performance obligation',
      'critical accounting estimates',
      'accounting policies',
      'estimates',
      'judgment',
      'assumptions',
    ],
    items: ['Item 8', 'Item 7', 'Part I, Item 1'],
  },
  {
    id: 'segments',
    ask: /\bsegments?\b|\bbusiness units?\b|\bdivisions?\b/,
    terms: ['segment', 'segments', 'reportable segments', 'operating segments', 'geographic'],
    items: ['Item 1', 'Item 7', 'Item 8'],
  },
  {
    id: 'strategy',
    ask: /\bstrateg\w*|\bpriorities\b|\bbusiness model\b|\bomni-?channel\b/,
    terms: ['strategy', 'strategic', 'priorities', 'focus', 'investments', 'omni-channel', 'growth'],
    items: ['Item 1', 'Item 7', 'Item 1A'],
  },
  {
    id: 'outlook',
    ask: /\boutlook\b|\bguidance\b|\bexpectations?\b|\bexpects?\b|\bforecast\w*|\bnext (?:fiscal )?(?:year|quarter)\b/,
    terms: ['expect', 'expects', 'anticipate', 'outlook', 'guidance', 'future', 'will continue', 'believe'],
    items: ['Item 7', 'Part I, Item 2'],
  },
  {
    id: 'margin',
    ask: /\bgross margins?\b|\bmargins?\b|\bprofitability\b/,
    terms: ['gross margin', 'margin', 'gross margin percentage', 'cost of sales', 'leverage', 'mix'],
    items: ['Item 7', 'Part I, Item 2'],
  },
  {
    id: 'r_and_d',
    ask: /\bresearch and development\b|\br&d\b|\binnovation\b/,
    terms: ['research and development', 'r&d', 'innovation', 'engineering'],
    items: ['Item 1', 'Item 7'],
  },
  {
    id: 'properties',
    ask: /(?<!intellectual )\bpropert(?:y|ies)\b|\bfacilities\b|\bheadquarters\b|\bsquare feet\b|\boffices?\b|\bstores\b|\bdistribution centers?\b/,
    terms: ['properties', 'facilities', 'headquarters', 'square feet', 'leased', 'owned', 'office', 'distribution centers', 'stores'],
    items: ['Item 2'],
  },
  {
    id: 'seasonality',
    ask: /\bseasonal\w*|\bholiday\b/,
    terms: ['seasonal', 'seasonality', 'holiday', 'quarter', 'fluctuat'],
    items: ['Item 1', 'Item 7', 'Item 1A'],
  },
  {
    id: 'tax',
    ask: /\btax\w*|\bpillar two\b|\bstate aid\b/,
    terms: ['income taxes', 'effective tax rate', 'tax', 'pillar two', 'state aid', 'tax legislation', 'unrecognized tax benefits'],
    items: ['Item 7', 'Item 8', 'Item 1A'],
  },
  {
    id: 'macro',
    ask: /\bmacroeconomic\b|\beconomic conditions\b|\binflation\b|\brecession\b|\binterest rates\b|\beconomy\b/,
    terms: [
      'macroeconomic',
      'economic conditions',
      'inflation',
      'recession',
      'interest rates',
      'consumer spending',
      'unemployment',
      'currency fluctuations',
    ],
    items: ['Item 1A', 'Item 7'],
  },
  {
    id: 'privacy',
    ask: /\bprivacy\b|\bdata protection\b|\bpersonal (?:data|information)\b|\bgdpr\b/,
    terms: ['privacy', 'data protection', 'personal information', 'personal data', 'gdpr', 'data security'],
    items: ['Item 1A'],
    aspects: [
      { label: 'Laws and regulation', terms: ['law', 'regulat', 'gdpr', 'ccpa', 'legislation', 'compliance'] },
      { label: 'Security and breaches', terms: ['breach', 'unauthorized', 'security', 'incident', 'attack'] },
      { label: 'Consequences', terms: ['fine', 'penalt', 'liabilit', 'reputation', 'litigation', 'cost'] },
      { label: 'Practices', terms: ['collect', 'use of', 'personal', 'policies', 'practices', 'consent'] },
    ],
  },
  {
    id: 'ip',
    ask: /\bintellectual property\b|\bpatents?\b|\btrademarks?\b|\bcopyrights?\b|\bip rights\b/,
    terms: ['intellectual property', 'patents', 'trademarks', 'copyrights', 'trade secrets', 'licenses'],
    items: ['Item 1', 'Item 1A'],
  },
  {
    id: 'inventory',
    ask: /\binventor(?:y|ies)\b|\bwrite-?downs?\b|\bobsolescence\b|\bexcess\b/,
    terms: ['inventory', 'write-down', 'excess', 'obsolete', 'purchase commitments', 'provisions'],
    items: ['Item 1A', 'Item 7', 'Item 8'],
  },
  {
    // what the company is and does: its industry, what it makes and sells, where it operates
    id: 'business',
    ask: /\bindustr(?:y|ies)\b|\bproducts? and services\b|\bgeograph\w*|\blines? of business\b|\bwhat (?:\w+ )?(?:does|do) \w+(?: \w+)? (?:sell|make|produce|manufacture|offer)\b/,
    terms: ['industry', 'leader', 'global', 'products', 'services', 'markets', 'countries', 'regions', 'operate', 'manufacture', 'sell'],
    items: ['Item 1', 'Item 7'],
  },
  {
    id: 'acquisitions',
    ask: /\bacqui(?:re[sd]?|sitions?)\b|\bmergers?\b|\bm&a\b|\bbusiness combinations?\b/,
    terms: ['acquisition', 'acquired', 'acquire', 'merger', 'business combination', 'purchase price', 'completed the acquisition'],
    items: ['Item 8', 'Item 7', 'Item 1'],
  },
  {
    id: 'regulation',
    ask: /\bregulat\w*|\bcompliance\b|\blaws?\b|\bgovernment\w*/,
    terms: ['regulation', 'regulatory', 'laws', 'compliance', 'government', 'rules', 'regulators', 'scrutiny'],
    items: ['Item 1A', 'Item 1'],
  },
];

/** Topics a question touches, in lexicon order. */
export function topicsOf(text: string): NarrativeTopic[] {
  const t = text.toLowerCase();
  return NARRATIVE_TOPICS.filter((x) => x.ask.test(t));
}

/** The item number of a section id, without its part: "Part II, Item 1A" → "1A". */
export function itemNumber(section: string | null): string | null {
  const m = /item\s+(\d{1,2}[a-d]?)/i.exec(section ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

const QUARTERLY_TO_ANNUAL: Record<string, string> = {
  'Part I, Item 1': 'Item 8',
  'Part I, Item 2': 'Item 7',
  'Part I, Item 3': 'Item 7A',
  'Part I, Item 4': 'Item 9A',
  'Part II, Item 1': 'Item 3',
  'Part II, Item 1A': 'Item 1A',
  'Part II, Item 2': 'Item 5',
  'Part II, Item 5': 'Item 9B',
};

/** The 10-K item a section corresponds to (10-Q items map to their annual counterpart). */
export function annualItem(section: string | null): string | null {
  if (!section) return null;
  return QUARTERLY_TO_ANNUAL[section] ?? section.replace(/^Part [IV]+, /, '');
}

/**
 * One unit of a question's topic: a single word, or a phrase the filings use as one term ("human
 * capital", "supply chain", "foreign currency"). A phrase counts only where its words stand together:
 * "capital" alone ("Capital Resources") is not "human capital".
 */
export interface TopicUnit {
  /** stemmed words, in order */
  stems: string[];
  /** the stems joined (for display and keys) */
  text: string;
  /** the words as the question wrote them (lower case) */
  words?: string[];
  /**
   * the words of a phrase that name its topic on their own ("legal" of "legal proceedings", "climate"
   * of "climate change", "currency" of "foreign currency"; not "capital" of "human capital")
   */
  solo?: string[];
  /** other forms that are the unit in full: a name's initials ("dma") and its longer tails ("digital markets act") */
  alts?: string[][];
}

/**
 * The retrieval tokenizer's words (stop words out, light stemming) with a final "e" dropped, so that
 * the singular and plural of a word meet ("employee"/"employees", "service"/"services" stem apart).
 * Matching only: the embedder's features keep their own stems.
 */
export function topicTokens(text: string): string[] {
  return tokenize(text).map((w) => (w.length > 4 ? w.replace(/e+$/, '') : w));
}

/** Phrases of the lexicon (stemmed word sequences of two or more words), longest first, with the topics that use them. */
let lexiconPhrases: { stems: string[]; topics: NarrativeTopic[] }[] | null = null;
function phrasesOfLexicon(): { stems: string[]; topics: NarrativeTopic[] }[] {
  if (lexiconPhrases) return lexiconPhrases;
  const byKey = new Map<string, { stems: string[]; topics: NarrativeTopic[] }>();
  for (const t of NARRATIVE_TOPICS) {
    for (const term of t.terms) {
      const st = topicTokens(term);
      if (st.length < 2) continue;
      const e = byKey.get(st.join(' ')) ?? { stems: st, topics: [] };
      if (!e.topics.includes(t)) e.topics.push(t);
      byKey.set(st.join(' '), e);
    }
  }
  return (lexiconPhrases = [...byKey.values()].sort((a, b) => b.stems.length - a.stems.length));
}

/** Whether a word, alone, names the topic (its question pattern or one of its one-word terms). */
function namesTopic(word: string, t: NarrativeTopic): boolean {
  const key = topicTokens(word)[0];
  return t.ask.test(word) || t.terms.some((x) => !/[\s-]/.test(x) && (topicTokens(x)[0] ?? x) === key);
}

/**
 * The topic's units: the longest lexicon phrase at each place of the topic's word sequence, else the
 * word alone (words as `topicTokens`). Pure.
 */
export function topicUnits(topic: string, extra: string[] = []): TopicUnit[] {
  // (a hyphenated word is its words: "climate-change" is "climate change")
  const words = (
    topic
      .toLowerCase()
      .replace(/-/g, ' ')
      .match(/[a-z0-9][a-z0-9&']*/g) ?? []
  ).flatMap((w) => topicTokens(w).map((st) => ({ w, st })));
  const seq = words.map((x) => x.st);
  // the question's own multiword names ("digital markets act", from the classifier's terms) first:
  // matched in full, by a tail of three words or more, or by initials
  const lexicon = phrasesOfLexicon();
  const known = new Set(lexicon.map((p) => p.stems.join(' ')));
  const named = extra
    .map((x) => topicTokens(x.replace(/-/g, ' ')))
    .filter((st) => st.length >= 2 && !known.has(st.join(' ')))
    .map((st) => {
      const alts: string[][] = [];
      for (let i = 1; i + 3 <= st.length; i++) alts.push(st.slice(i));
      for (let i = 0; i + 3 <= st.length; i++)
        alts.push([
          st
            .slice(i)
            .map((x) => x[0])
            .join(''),
        ]);
      return { stems: st, topics: [] as NarrativeTopic[], alts };
    });
  const phrases = [...named, ...lexicon.map((p) => ({ ...p, alts: [] as string[][] }))].sort((a, b) => b.stems.length - a.stems.length);
  const units: TopicUnit[] = [];
  for (let i = 0; i < seq.length; ) {
    const p = phrases.find((ph) => ph.stems.length <= seq.length - i && ph.stems.every((s, k) => seq[i + k] === s));
    if (!p) {
      units.push({ stems: [seq[i]!], text: seq[i]!, words: [words[i]!.w] });
      i++;
      continue;
    }
    const n = p.stems.length;
    const own = words.slice(i, i + n);
    units.push({
      stems: seq.slice(i, i + n),
      text: seq.slice(i, i + n).join(' '),
      words: words.slice(i, i + n).map((x) => x.w),
      solo: own.filter((x) => p.topics.some((t) => namesTopic(x.w, t))).map((x) => x.st),
      ...(p.alts.length ? { alts: p.alts } : {}),
    });
    i += n;
  }
  return units;
}

/** Whether a unit names one of the lexicon's topics ("cybersecurity", "tariffs", "human capital"): the topic's anchor. */
export function isAnchor(u: TopicUnit): boolean {
  const text = (u.words ?? u.stems).join(' ');
  return NARRATIVE_TOPICS.some((t) => t.ask.test(text));
}

/**
 * How much of a unit a text holds: 1 when all its words are there (a phrase: side by side, in
 * order); for a phrase whose words do not stand together, its words that name the topic alone count
 * in full and the others `partial`; 0 when none. `seq` is the text's `topicTokens`, `set` the same as
 * a set.
 */
export function unitMatch(u: TopicUnit, seq: string[], set: Set<string>, partial = 0.2): number {
  if (u.stems.length === 1) return set.has(u.stems[0]!) ? 1 : 0;
  for (const alt of u.alts ?? []) {
    if (!alt.every((x) => set.has(x))) continue;
    for (let i = 0; i + alt.length <= seq.length; i++) if (alt.every((x, k) => seq[i + k] === x)) return 1;
  }
  const present = u.stems.filter((s) => set.has(s));
  if (!present.length) return 0;
  if (present.length === u.stems.length) {
    for (let i = 0; i + u.stems.length <= seq.length; i++) if (u.stems.every((s, k) => seq[i + k] === s)) return 1;
  }
  const solo = present.filter((s) => u.solo?.includes(s)).length;
  return Math.min(0.99, (solo + partial * (present.length - solo)) / u.stems.length);
}
