/**
 * How long the server takes to answer, by route, and its refusals for too many requests. A route
 * is its pattern as registered (`/api/organization/:email/ssoMode`), never the path asked for,
 * which may hold an e-mail address; so the labels stay few, whatever clients send.
 */
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of a request that matched no route. */
const UNMATCHED_ROUTE = 'unmatched';

interface Answer {
  method: string;
  /** The matched route's pattern; undefined when none matched. */
  route: string | undefined;
  status: number;
  seconds: number;
}

export type CountAnswer = (answer: Answer) => void;

export function requestMetrics(registry: Registry): CountAnswer {
  const duration = new Histogram({
    name: 'frontdoor_http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    // From a health check's millisecond to a sign-in waiting for its turn at the password hashes.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'frontdoor_rate_limit_refusals_total',
    help: 'Answers 429 Too Many Requests, by route pattern.',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  return ({ method, route = UNMATCHED_ROUTE, status, seconds }) => {
    duration.observe({ method, route, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    if (status === 429) refusals.inc({ route });
  };
}

/** Counts every answer of `app`, its plugins' included. */
export function measureRequests(app: FastifyInstance, answered: CountAnswer): void {
  app.addHook('onResponse', async (request, reply) => {
    answered({ method: request.method, route: request.routeOptions.url, status: reply.statusCode, seconds: reply.elapsedTime / 1000 });
  });
}
