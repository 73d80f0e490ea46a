import { once } from 'node:events';
import { Agent, request as httpRequest } from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { PROCESS_TIMEOUT_MS, freePort, testProcesses } from './testing/processes';
import { freshAddress } from './testing/api';
import { parsePrometheusText, valueOf } from './testing/prometheus-text';
import { STOP_TIMEOUT_MS } from './clean-stop';

const { emptyDirectory, environment, start, serving, cleanUp } = testProcesses();

interface Outcome {
  path: string;
  endedAt: number;
  /** Whether the answer's head arrived. */
  answered: boolean;
  /** Whether the whole answer arrived, as long as its head said. */
  complete: boolean;
  status?: number;
  body?: string;
  error?: string;
}

/** The answers each path may give: its own, or the 503 of a server that is closing. */
const VALID: Record<string, number[]> = { '/api/health': [200, 503], '/api/login': [400, 503] };

/** A GET of the health check, or a sign-in with an unknown e-mail from an address of its own (no throttling). */
function send(port: number, agent: Agent, path: '/api/health' | '/api/login'): Promise<Outcome> {
  const body = path === '/api/login' ? JSON.stringify({ email: `${randomBytes(6).toString('hex')}@example.com`, password: 'Unknown-Horse-9' }) : undefined;
  return new Promise((resolve) => {
    let answered = false;
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json', 'x-forwarded-for': freshAddress() } : {},
      },
      (response) => {
        answered = true;
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        // A cut answer also says so here; 'close' below tells what arrived.
        response.on('error', () => undefined);
        response.on('close', () =>
          resolve({ path, endedAt: performance.now(), answered, complete: response.complete, status: response.statusCode, body: text }),
        );
      },
    );
    outgoing.on('error', (error: Error & { code?: string }) =>
      resolve({ path, endedAt: performance.now(), answered, complete: false, error: error.code ?? error.message }),
    );
    outgoing.end(body);
  });
}

/** Whether an answer is whole and one its path gives: JSON, with an expected status. */
function valid(outcome: Outcome): boolean {
  if (!outcome.complete || outcome.status === undefined || !VALID[outcome.path]?.includes(outcome.status)) return false;
  try {
    JSON.parse(outcome.body ?? '');
    return true;
  } catch {
    return false;
  }
}

/** The server's log lines that say what became of each request it took, and of the stop. */
interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
}

describe('the server stopped by SIGTERM under traffic', () => {
  afterAll(cleanUp);

  it('finishes every request it took, answers each whole, and exits 0 within its bound', { timeout: 2 * PROCESS_TIMEOUT_MS }, async () => {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const env = await environment(await emptyDirectory(), port, { METRICS_PORT: String(metricsPort), TRUST_PROXY_HOPS: '1', LOG_LEVEL: 'info' });
    const server = start('server/main.ts', [], env, 'pipe', 'pipe');
    let stderr = '';
    server.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    let stdout = '';
    server.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    await serving(port, server);
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    let running = true;
    void exited.then(() => (running = false));

    // Clients that keep their connections, as a load balancer does, each sending one request after another.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Outcome[] = [];
    const deadline = performance.now() + 60_000;
    const loop = async (path: '/api/health' | '/api/login') => {
      while (running && performance.now() < deadline) {
        const outcome = await send(port, agent, path);
        outcomes.push(outcome);
        // Refused: the server no longer listens; no need to knock harder.
        if (!outcome.answered) await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const loops = [...Array.from({ length: 3 }, () => loop('/api/health')), ...Array.from({ length: 3 }, () => loop('/api/login'))];
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const metrics = parsePrometheusText(await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text());
    expect(valueOf(metrics, 'frontdoor_sign_ins_total', { method: 'password', outcome: 'failed' })).toBeGreaterThan(0);
    expect(valueOf(metrics, 'frontdoor_argon2_queue_wait_seconds_count')).toBeGreaterThan(0);

    // Sign-ins that queue for the password hashes (two at a time on this machine's cores): many are
    // still under way when the signal comes. Their connections are kept alive and carry nothing more,
    // so the stop has to close them once answered.
    const burstAgent = new Agent({ keepAlive: true, maxSockets: 24 });
    const burst = Array.from({ length: 24 }, () => send(port, burstAgent, '/api/login'));
    await new Promise((resolve) => setTimeout(resolve, 150));
    const signalledAt = performance.now();
    server.kill('SIGTERM');
    const [code] = await exited;
    const exitedAt = performance.now();
    const all = [...outcomes, ...(await Promise.all(burst))];
    await Promise.all(loops);
    agent.destroy();
    burstAgent.destroy();

    expect(code, stderr).toBe(0);
    expect(exitedAt - signalledAt).toBeLessThan(STOP_TIMEOUT_MS);
    // No answer was cut: whatever began to be answered was answered whole, and validly. A request
    // without an answer found the port closed, or was on a connection the server had not read yet.
    expect(all.filter((outcome) => outcome.answered && !valid(outcome))).toEqual([]);
    expect(all.filter((outcome) => outcome.answered && outcome.endedAt < signalledAt).length).toBeGreaterThan(10);

    // The server's side: each request it took was finished, those under way at the signal too.
    const log = stdout
      .split('\n')
      // The log's JSON lines, not the start's greeting.
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    const stopping = log.findIndex((line) => line.msg.startsWith('stopping'));
    const taken = log.filter((line) => line.msg === 'incoming request').map((line) => line.reqId);
    const finished = new Set(log.filter((line) => line.msg === 'request completed').map((line) => line.reqId));
    expect(stopping).toBeGreaterThan(-1);
    expect(taken.filter((reqId) => !finished.has(reqId))).toEqual([]);
    const takenBefore = new Set(log.slice(0, stopping).flatMap((line) => (line.msg === 'incoming request' ? [line.reqId] : [])));
    expect(log.slice(stopping).filter((line) => line.msg === 'request completed' && takenBefore.has(line.reqId)).length).toBeGreaterThan(0);
    expect(log.filter((line) => line.level >= 50)).toEqual([]);
    expect(log.at(-1)?.msg).toBe('stopped');
  });
});
