import { describe, expect, it } from 'vitest';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { parsePrometheusText, valueOf } from './prometheus-text';

describe('the reader of the Prometheus text format the metrics tests use', () => {
  it("reads prom-client's whole exposition: Node's metrics, escaped labels, NaN and a histogram with labels", async () => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const counter = new Counter({ name: 'demo_total', help: 'A "quoted" help \\ over\ntwo lines.', labelNames: ['route'], registers: [registry] });
    counter.inc({ route: '/api/sso-mode/:email' }, 2);
    counter.inc({ route: 'a "quoted", \\ and\nbroken {route}' });
    new Gauge({ name: 'demo_unknown', help: 'Not known.', registers: [registry] }).set(Number.NaN);
    const histogram = new Histogram({ name: 'demo_seconds', help: 'Durations.', labelNames: ['method'], buckets: [0.1, 1], registers: [registry] });
    histogram.observe({ method: 'GET' }, 0.2);
    histogram.observe({ method: 'POST' }, 0.05);
    histogram.observe({ method: 'POST' }, 3);

    const families = parsePrometheusText(await registry.metrics());

    expect(families.get('nodejs_eventloop_lag_seconds')?.type).toBe('gauge');
    expect(families.get('demo_total')).toMatchObject({ type: 'counter', help: 'A "quoted" help \\ over\ntwo lines.' });
    expect(valueOf(families, 'demo_total', { route: '/api/sso-mode/:email' })).toBe(2);
    expect(valueOf(families, 'demo_total', { route: 'a "quoted", \\ and\nbroken {route}' })).toBe(1);
    expect(valueOf(families, 'demo_unknown')).toBeNaN();
    expect(valueOf(families, 'demo_seconds_count', { method: 'POST' })).toBe(2);
    expect(valueOf(families, 'demo_seconds_bucket', { method: 'POST', le: '0.1' })).toBe(1);
    expect(valueOf(families, 'demo_seconds_sum', { method: 'GET' })).toBe(0.2);
  });

  it.each([
    ['a value that is no number', 'demo 12abc', 'not a float'],
    ['a label value without quotes', 'demo{a=b} 1', 'not a quoted, escaped string'],
    ['an escape a label value does not know', 'demo{a="\\t"} 1', 'not a quoted, escaped string'],
    ['labels not closed', 'demo{a="b" 1', 'not separated by commas'],
    ['a reserved label name', 'demo{__name__="x"} 1', 'none or reserved'],
    ['a line that is no sample', 'this is not a sample', 'not a float'],
    ['a timestamp that is no whole number', 'demo 1 1.5', 'not whole milliseconds'],
    ['a family split in two', 'a 1\nb 1\na{x="y"} 1', 'split in two'],
    ['a series given twice', 'a{x="y"} 1\na{x="y"} 2', 'given twice'],
    ['a TYPE after a sample', 'a 1\n# TYPE a gauge', 'TYPE after samples'],
    ['an unknown type', '# TYPE a meter', 'unknown type'],
    ['a counter below 0', '# TYPE a_total counter\na_total -1', 'below 0'],
    [
      'a histogram whose count is not its +Inf bucket',
      '# TYPE h histogram\nh_bucket{le="1"} 1\nh_bucket{le="+Inf"} 2\nh_sum 3\nh_count 1',
      'equal to the count',
    ],
    ['a histogram whose buckets fall', '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 3\nh_count 1', 'not cumulative'],
  ])('refuses %s', (_what, text, reason) => {
    expect(() => parsePrometheusText(text)).toThrow(reason);
  });
});
