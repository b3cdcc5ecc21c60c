/**
 * Ordinary words that are also ticker symbols somewhere (SNOW, ALL, NOW, ON, IT, KEY, LOW, CAT, NET,
 * COST, CASH, EARN, …). Written in lower case, such a word is only a *weak* ticker mention: the
 * planner accepts it next to a measure or a period ("snow revenue FY2024"), never on its own
 * ("what is the revenue now"). The list is deliberately generous: a false "weak" costs a
 * clarification, a false "strong" answers for the wrong company. Words of the metric ontology
 * (revenue, margin, cash, …) are added from lib/ontology so a new synonym is covered without an edit here.
 */
import { DERIVED_METRICS, METRICS } from '@/lib/ontology/metrics';

const ENGLISH = `
a about above across act add after again against age ago ahead aid aim air all almost alone along also always am among an and
another any anyone anything apart app apps are area arm army around art as ask at auto away back bad bag ball band bank bar base
be bear beat became because become bed been before began begin behind being below best bet better between big bill bit black
block blue board boat body bold bond book boom boot both box boy brand bread break bridge bright bring broad brown build built
bull burn bus busy but buy by call came camp can car card care career carry cars case cash cat catch cause cell center central
chain chair change charge chart cheap check chief child choice city claim class clean clear climb clock close cloud club coal
coast code cold come common cook cool copy core corn cost could count country course court cover crew crop cross cut cycle
daily dark data date day days deal dear deep deer did die diet dig dish do does dog doing done door double down draw dream dress
drink drive drop dry due during duty each ear early earn earth ease east easy eat edge eight either else end enjoy enough enter
equal even ever every exit eye face fact fair fall false fan far farm fast fat fear feed feel fell few field fight figure file
fill film final find fine fire firm first fish fit five fix flat fleet floor flow fly focus fold folk food foot for force form
forward four free fresh friend from front fuel full fun fund future gain game gap gas gate gave gear get gift girl give glad
glass go goal god gold gone good got grab grand grant gray great green grew grid gross ground group grow growth guard guess
guide gun guy had hair half hall hand hard has hat have he head health hear heart heat held help her here hero hi high hill him
his hit hold hole home hood hook hope horse host hot hour house how huge human hunt i ice idea if in inc into iron is it item
its job join joy jump just keen keep key kid kind king kit knew know lab lady laid land lane large last late law lay lead leaf
lean learn least leave led left leg less let level life lift light like line link list live load loan local lock long look
lord lose loss lost lot loud love low luck lunch made main major make male man many map mark market mass match max may me mean
meat meet member men met mid might mile milk mind mine miss mix mode model money month mood moon more most move much must my
name near neat need net never new news next nice night nine no none nor north not note now number of off offer office oil ok
old on once one only open or order other our out over own pace pack page paid pain pair park part party pass past path pay
peak pen people per pick piece pile pin pink place plan plant play plus point pool poor pop port post pound power press price
prime print pro pull pure push put quick quiet race rail rain raise ran range rare rate raw reach read ready real red rely rent
rest rich ride right ring rise risk road rock role roll room root rose round row rule run rush safe said sail sale salt same
save saw say scale score sea seat see seed seek seem seen self sell send sense set seven shape share she shell shift ship shoe
shop short shot should show shut side sign silk since sing site six size skin sky sleep slow small smart snow so soft soil sold
some son song soon sort soul sound south space spend spent spot spring stack staff stage stand star start state stay steel
step stick still stock stone stop store storm story street strong such suit sun sure swim system table tail take talk tall
tank tap task tax team tech tell ten term test than that the their them then there these they thing think this those though
three through tie till time tiny tip to today told tone too took tool top total touch tour town track trade train tree trend
trip true trust try turn twin two type under unit until up upon us use used user van vast very via view visit voice vote wage
wait walk wall want war warm was wash watch water wave way we wear week well went were west wet what when where which while
white who whole why wide wife will win wind wine wire wise wish with won wood word work world would yard year yes yet you young
your zone zero
`;

/** Finance, filing and period vocabulary that may stand next to a ticker in a question. */
const FINANCE = `
accrual actual adj adjusted amort annual annualized ann apr aug avg basic bn bps budget cagr calendar capex capital cfo cogs
consolidated cy dec diluted div dividend ebit ebitda eps equity est eur exp feb fcf fiscal fq fx fy fye gaap gbp guidance ifrs
inr income interest jan jul jun ltm mar margin mm mn mrq net non nov oct op opex opm pct profit q qoq quarter quarterly ratio
rev revenue roa roe roic sales sep sept sga standalone ttm usd yoy ytd
`;

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean);
}

function ontologyWords(): string[] {
  const out: string[] = [];
  for (const m of [...METRICS, ...DERIVED_METRICS]) {
    for (const phrase of [m.label, ...m.synonyms]) out.push(...phrase.toLowerCase().split(/[^a-z0-9&]+/));
  }
  return out.filter((w) => w.length > 0);
}

/** Lower-case words that are never a strong ticker mention when written in lower case. */
export const COMMON_WORDS: ReadonlySet<string> = new Set([...words(ENGLISH), ...words(FINANCE), ...ontologyWords()]);

/**
 * Function words and the adjectives that qualify a measure: even next to a measure they are far
 * more likely grammar than a company ("impact on revenue", "is it profitable", "key revenue
 * drivers", "low margin"); written in lower case, one is never accepted as a ticker.
 */
export const FUNCTION_WORDS: ReadonlySet<string> = new Set(
  words(`a about all am an and any are as at be but by can do for from has have he her his i if in into is it its me my no nor
  not now of off on one or our out over per she so than that the their them then there these they this those to too up upon us
  via was we were what when where which who why will with yes yet you your
  key low high core net gross total free big top main prime real strong weak good best new old fast full half last next past
  same other own most more less each every both such very well just only also much many few`),
);
