/**
 * API benchmark (`npm run bench:api`): the reference server in a process of its own on the embedded
 * database, loaded from this process over loopback for a bounded time per endpoint. Prints password
 * logins per second per core (argon2id m=19456 KiB, t=2, p=1) beside Keycloak's published sizing,
 * and requests per second with p50 and p99 latency for the light endpoints.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/database';
import { migrate } from '../server/db/migrations';
import { createOrganization, createUser } from '../server/admin/operations';

const KEYCLOAK_LOGINS_PER_VCPU = 15;
const PHASE_SECONDS = Number(process.env.BENCH_SECONDS || 8);
const root = fileURLToPath(new URL('..', import.meta.url));
const port = 18000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const PASSWORD = 'Bench-Horse-9';
const USERS = 50;

async function seed(dataDir: string) {
  const db = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  await migrate(db);
  await createOrganization(db, { context: 'acme', name: 'Acme' });
  for (let index = 0; index < USERS; index += 1) await createUser(db, { email: `bench${index}@example.com`, password: PASSWORD, contexts: ['acme'] });
  await db.close();
}

async function startServer(dataDir: string) {
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // One proxy hop is trusted so each request can come from an address of its own: the per-address
    // limits would otherwise measure the limiter, not the endpoint.
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', TRUST_PROXY_HOPS: '1', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  server.kill();
  throw new Error('The server did not start.');
}

let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

interface Result {
  name: string;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Keeps `concurrency` requests in flight for PHASE_SECONDS and measures each one. */
async function load(name: string, concurrency: number, request: (index: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = [];
  let errors = 0;
  let index = 0;
  const end = performance.now() + PHASE_SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const start = performance.now();
        const response = await request(index++);
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        if (!response.ok) errors += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  return { name, requests: latencies.length, perSecond: latencies.length / seconds, p50: at(0.5), p99: at(0.99), errors };
}

const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() }, body: JSON.stringify(body) });

const dataDir = mkdtempSync(join(tmpdir(), 'frontdoor-bench-'));
await seed(dataDir);
const server = await startServer(dataDir);
try {
  const cores = availableParallelism();
  const token = ((await (await fetch(`${base}/api/login`, json({ email: 'bench0@example.com', password: PASSWORD }))).json()) as { token: string }).token;
  const get = (path: string, authorized = false) =>
    fetch(`${base}/api${path}`, { headers: { 'x-forwarded-for': nextAddress(), ...(authorized ? { authorization: `Bearer ${token}` } : {}) } });

  const results = [
    await load('POST /login (password, argon2id)', cores * 2, (i) => fetch(`${base}/api/login`, json({ email: `bench${i % USERS}@example.com`, password: PASSWORD }))),
    await load('GET /organization/{email}/ssoMode', 16, (i) => get(`/organization/bench${i % USERS}%40example.com/ssoMode`)),
    await load('GET /{context}/user/organizations', 16, () => get('/acme/user/organizations', true)),
    await load('GET /.well-known/jwks.json', 16, () => get('/.well-known/jwks.json')),
    await load('GET /health', 16, () => get('/health')),
  ];

  console.log(`API benchmark: ${PHASE_SECONDS} s per endpoint, ${cores} cores, server and load on one machine, embedded database.`);
  console.log('endpoint                                  req/s     p50 ms   p99 ms   errors');
  for (const result of results) {
    console.log(
      `${result.name.padEnd(40)} ${result.perSecond.toFixed(1).padStart(7)} ${result.p50.toFixed(1).padStart(9)} ${result.p99.toFixed(1).padStart(8)} ${String(result.errors).padStart(8)}`,
    );
  }
  const logins = results[0]!;
  console.log(
    `Password logins: ${(logins.perSecond / cores).toFixed(1)} per second per core (${logins.perSecond.toFixed(1)} on ${cores} cores); Keycloak's published sizing: ${KEYCLOAK_LOGINS_PER_VCPU} per vCPU.`,
  );
} finally {
  server.kill();
}
