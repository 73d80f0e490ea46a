/**
 * The floor of the sign-in benchmark: the same sign-in as bare server-rendered forms, no script,
 * each answer compressed as the reference server sends the app's pages (brotli or gzip by the
 * browser's Accept-Encoding, `no-cache`). GET / an e-mail form; its POST 303 to
 * /password?username=…; that form's POST 303 to the app, or to /code when the sign-in has a code
 * step (`?then=code` on /, carried along), whose POST 303 to the app. The pages look like the bare
 * form of `npm run lighthouse` (scripts/lighthouse/bare/index.html), whose page this reuses.
 *
 * The password's POST checks the password as any server does, with the reference server's own
 * argon2id parameters (server/auth/passwords.ts): the same sign-in includes the same hash, some
 * 30 ms of a core, and the floor is what the bare pages cost beside the same server work. A wrong
 * password gets a 401 and no way on. The code is not checked: an HMAC is microseconds.
 *
 * Run as a process of its own, so it shares no event loop with the browser's driver:
 * `node --import tsx scripts/bench-sign-in/bare-forms.ts PORT APP_URL PASSWORD`; startBareForms does that.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { hash, verify } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../server/auth/passwords';
import { startProcess, type Running } from '../lighthouse/servers';

const BARE_PAGE = fileURLToPath(new URL('../lighthouse/bare/index.html', import.meta.url));

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The bare page with its form replaced: the same head, styles and heading. */
function pageWith(bare: string, form: string): string {
  const start = bare.indexOf('<form');
  const end = bare.indexOf('</form>');
  if (start < 0 || end < 0) throw new Error(`${BARE_PAGE} has no form to replace.`);
  return bare.slice(0, start) + form + bare.slice(end + '</form>'.length);
}

function pages(bare: string) {
  const emailForm = bare.slice(bare.indexOf('<form'), bare.indexOf('</form>') + '</form>'.length);
  if (!emailForm.includes('method="get"')) throw new Error(`${BARE_PAGE}: expected its form to have method="get".`);
  return {
    email: (then: string) =>
      pageWith(
        bare,
        emailForm.replace('method="get" action="/"', () => `method="post" action="/${then}"`),
      ),
    password: (username: string, then: string) =>
      pageWith(
        bare,
        `<form method="post" action="/password${then}">
  <label for="email">E-mail</label>
  <input id="email" name="username" type="email" autocomplete="username" value="${escape(username)}" readonly>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button>Sign in</button>
</form>`,
      ),
    code: (username: string) =>
      pageWith(
        bare,
        `<form method="post" action="/code">
  <input name="username" type="hidden" value="${escape(username)}">
  <label for="code">6-digit code</label>
  <input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required>
  <button>Continue</button>
</form>`,
      ),
  };
}

function send(request: IncomingMessage, response: ServerResponse, html: string): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const body = Buffer.from(html);
  const [encoding, encoded] = /\bbr\b/.test(accepted)
    ? ['br', brotliCompressSync(body)]
    : /\bgzip\b/.test(accepted)
      ? ['gzip', gzipSync(body)]
      : [undefined, body];
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    vary: 'Accept-Encoding',
    'content-length': encoded.length,
    ...(encoding ? { 'content-encoding': encoding } : {}),
  });
  response.end(encoded);
}

const seeOther = (response: ServerResponse, location: string) => response.writeHead(303, { location, 'content-length': 0 }).end();

async function form(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

async function serve(port: number, appUrl: string, password: string): Promise<void> {
  const page = pages(readFileSync(BARE_PAGE, 'utf8'));
  const stored = await hash(password, ARGON2_OPTIONS);
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://floor');
    // The code step is the TOTP scenario's: asked for on the first page, carried on in the URLs.
    const then = url.searchParams.get('then') === 'code' ? '?then=code' : '';
    const username = url.searchParams.get('username') ?? '';
    void (async () => {
      const route = `${request.method} ${url.pathname}`;
      if (route === 'GET /health') return void response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      if (route === 'GET /') return send(request, response, page.email(then));
      if (route === 'GET /password') return send(request, response, page.password(username, then));
      if (route === 'GET /code') return send(request, response, page.code(username));
      if (request.method !== 'POST') return void response.writeHead(404).end();
      const fields = await form(request);
      const next = new URLSearchParams({ username: fields.get('username') ?? '' });
      if (url.pathname === '/') return seeOther(response, `/password?${next}${then && '&then=code'}`);
      if (url.pathname === '/password' && !(await verify(stored, fields.get('password') ?? ''))) return void response.writeHead(401).end();
      if (url.pathname === '/password' && then) return seeOther(response, `/code?${next}`);
      if (url.pathname === '/password' || url.pathname === '/code') return seeOther(response, appUrl);
      response.writeHead(404).end();
    })().catch(() => response.writeHead(500).end());
  });
  server.listen(port, '127.0.0.1');
  process.once('SIGTERM', () => server.close(() => process.exit(0)));
}

/** The floor's server in a child process, ready once it answers; the password is the one its person types. */
export function startBareForms(port: number, appUrl: string, password: string): Promise<Running> {
  return startProcess(fileURLToPath(import.meta.url), [String(port), appUrl, password], {}, `http://127.0.0.1:${port}/health`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [port, appUrl, password] = process.argv.slice(2);
  if (!port || !appUrl || !password) throw new Error('usage: bare-forms.ts PORT APP_URL PASSWORD');
  await serve(Number(port), appUrl, password);
}
