/**
 * A strict reader of Prometheus's text exposition format (0.0.4), for the tests of GET /metrics:
 * a line Prometheus would refuse, a family typed twice or split in two, a series given twice, or a
 * histogram whose buckets do not add up fails the test. The parsers on npm do not read prom-client's
 * own output (its `Nan`; the series of a histogram with labels), hence this one
 * (server/testing/prometheus-text.test.ts).
 */

export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  type: MetricType;
  help: string | undefined;
  samples: Sample[];
}

const TYPES = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const METRIC_NAME = /[a-zA-Z_:][a-zA-Z0-9_:]*/y;
const WHOLE_METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /[a-zA-Z_][a-zA-Z0-9_]*/y;
const LABEL_VALUE = /"(?:[^"\\\n]|\\[\\"n])*"/y;
const BLANKS = /[ \t]+/y;
const TOKEN = /[^ \t]+/y;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const SPECIAL = /^(?:nan|[+-]?inf(?:inity)?)$/i;
const TIMESTAMP = /^-?\d+$/;
/** The names a histogram's or a summary's samples add to the family's name. */
const SUFFIXES: Record<MetricType, string[]> = {
  histogram: ['_bucket', '_sum', '_count'],
  summary: ['_sum', '_count'],
  counter: [],
  gauge: [],
  untyped: [],
};

/** A float as Go's strconv.ParseFloat, which Prometheus uses, takes it (decimal notation). */
function floatOf(text: string): number | undefined {
  if (NUMBER.test(text)) return Number(text);
  if (!SPECIAL.test(text)) return undefined;
  if (text.toLowerCase() === 'nan') return Number.NaN;
  return text.startsWith('-') ? -Infinity : Infinity;
}

/** The text of an escaped label value or help: only `\\`, `\"` (label values) and `\n` are escapes. */
function unescaped(text: string, quotes: boolean): string | undefined {
  let result = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char !== '\\') {
      result += char;
      continue;
    }
    index += 1;
    const next = text[index];
    if (next === '\\') result += '\\';
    else if (next === 'n') result += '\n';
    else if (next === '"' && quotes) result += '"';
    else return undefined;
  }
  return result;
}

/** One sample line, or why it is none. */
function sampleOf(line: string): Sample | string {
  let at = 0;
  const take = (pattern: RegExp) => {
    pattern.lastIndex = at;
    const match = pattern.exec(line);
    if (match) at = pattern.lastIndex;
    return match?.[0];
  };
  const name = take(METRIC_NAME);
  if (!name) return 'no metric name';
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at += 1;
    for (;;) {
      take(BLANKS);
      if (line[at] === '}') break;
      const label = take(LABEL_NAME);
      if (!label || label.startsWith('__')) return 'a label name that is none or reserved';
      take(BLANKS);
      if (line[at] !== '=') return 'a label without =';
      at += 1;
      take(BLANKS);
      const quoted = take(LABEL_VALUE);
      const value = quoted === undefined ? undefined : unescaped(quoted.slice(1, -1), true);
      if (value === undefined) return 'a label value that is not a quoted, escaped string';
      if (label in labels) return `the label ${label} twice`;
      labels[label] = value;
      take(BLANKS);
      if (line[at] === ',') at += 1;
      else if (line[at] !== '}') return 'labels not separated by commas';
    }
    at += 1;
  }
  if (!take(BLANKS)) return 'no blank before the value';
  const value = floatOf(take(TOKEN) ?? '');
  if (value === undefined) return 'a value that is not a float';
  if (take(BLANKS) && at < line.length) {
    if (!TIMESTAMP.test(take(TOKEN) ?? '')) return 'a timestamp that is not whole milliseconds';
    take(BLANKS);
  }
  if (at !== line.length) return 'more after the timestamp';
  return { name, labels, value };
}

/** The family a sample of that name belongs to, among those typed so far. */
function familyName(families: Map<string, Family>, name: string): string {
  for (const [family, { type }] of families) if (SUFFIXES[type].some((suffix) => name === family + suffix)) return family;
  return name;
}

const seriesKey = (sample: Sample) =>
  `${sample.name}{${Object.entries(sample.labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join(',')}}`;

/** Each series of a histogram has cumulative buckets up to +Inf, which equals its count, and a sum. */
function checkHistogram(name: string, family: Family): void {
  const series = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>();
  for (const sample of family.samples) {
    const { le, ...labels } = sample.labels;
    const key = seriesKey({ ...sample, name, labels });
    const entry = series.get(key) ?? { buckets: [] };
    series.set(key, entry);
    if (sample.name === `${name}_bucket`) {
      const bound = le === undefined ? undefined : floatOf(le);
      if (bound === undefined) throw new Error(`${name}: a bucket without a float le`);
      entry.buckets.push([bound, sample.value]);
    } else if (sample.name === `${name}_count`) entry.count = sample.value;
    else if (sample.name === `${name}_sum`) entry.sum = sample.value;
    else throw new Error(`${name}: a histogram's sample ${sample.name}`);
  }
  for (const [key, { buckets, count, sum }] of series) {
    const sorted = [...buckets].sort(([a], [b]) => a - b);
    const last = sorted.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count || sum === undefined) throw new Error(`${key}: no +Inf bucket equal to the count, or no sum`);
    if (sorted.some(([, value], index) => index > 0 && value < (sorted[index - 1]?.[1] ?? 0))) throw new Error(`${key}: buckets that are not cumulative`);
  }
}

/** The families of an exposition by name; throws on anything Prometheus would refuse. */
export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const series = new Set<string>();
  const typed = new Set<string>();
  const done = new Set<string>();
  let current: string | undefined;
  const enter = (name: string) => {
    if (name === current) return;
    if (done.has(name)) throw new Error(`The family ${name} is split in two.`);
    if (current !== undefined) done.add(current);
    current = name;
  };
  const family = (name: string) => {
    const found = families.get(name) ?? { type: 'untyped', help: undefined, samples: [] };
    families.set(name, found);
    return found;
  };
  for (const [index, line] of text.split('\n').entries()) {
    const fail = (why: string) => new Error(`Line ${index + 1}, ${why}: ${line}`);
    if (line === '') continue;
    const meta = /^# (HELP|TYPE) /.exec(line);
    if (meta) {
      const rest = line.slice(meta[0].length);
      const space = rest.indexOf(' ');
      const name = space === -1 ? rest : rest.slice(0, space);
      const argument = space === -1 ? '' : rest.slice(space + 1);
      if (!WHOLE_METRIC_NAME.test(name)) throw fail('no metric name');
      enter(name);
      const target = family(name);
      if (meta[1] === 'HELP') {
        if (target.help !== undefined) throw fail('a second HELP');
        target.help = unescaped(argument, false);
        if (target.help === undefined) throw fail('an escape HELP does not know');
      } else {
        if (!TYPES.has(argument)) throw fail('an unknown type');
        if (target.samples.length > 0 || typed.has(name)) throw fail('a TYPE after samples or a second TYPE');
        typed.add(name);
        target.type = argument as MetricType;
      }
      continue;
    }
    if (line.startsWith('#')) continue;
    const sample = sampleOf(line);
    if (typeof sample === 'string') throw fail(sample);
    const name = familyName(families, sample.name);
    enter(name);
    const key = seriesKey(sample);
    if (series.has(key)) throw fail('a series given twice');
    series.add(key);
    const target = family(name);
    if (target.type === 'counter' && !(sample.value >= 0)) throw fail('a counter below 0');
    target.samples.push(sample);
  }
  for (const [name, target] of families) if (target.type === 'histogram') checkHistogram(name, target);
  return families;
}

/** The value of the one sample of that name whose labels include `labels`; 0 when there is none (a counter not yet counted). */
export function valueOf(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number {
  const matching = [...families.values()]
    .flatMap((family) => family.samples)
    .filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}.`);
  return matching[0]?.value ?? 0;
}
