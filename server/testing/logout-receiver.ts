/**
 * An app's back-channel logout endpoint in server tests: a real HTTP server on loopback that keeps
 * each logout token posted to it, and answers 500 to the first `failures` posts.
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';

export interface LogoutReceiver {
  url: string;
  tokens: string[];
  /** Posts answered 500 before any is taken. */
  failFirst(count: number): void;
  /** Waits until `count` tokens have come, or fails after `ms`. */
  received(count: number, ms?: number): Promise<string[]>;
  close(): Promise<void>;
}

export async function logoutReceiver(): Promise<LogoutReceiver> {
  const tokens: string[] = [];
  let failures = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (failures > 0) {
        failures -= 1;
        response.writeHead(500).end();
        return;
      }
      const token = new URLSearchParams(body).get('logout_token');
      if (request.method === 'POST' && request.headers['content-type'] === 'application/x-www-form-urlencoded' && token) tokens.push(token);
      response.writeHead(200, { 'cache-control': 'no-store' }).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/backchannel-logout`,
    tokens,
    failFirst(count) {
      failures = count;
    },
    async received(count, ms = 5_000) {
      const until = Date.now() + ms;
      while (tokens.length < count && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      if (tokens.length < count) throw new Error(`${tokens.length} logout tokens came, not ${count}.`);
      return [...tokens];
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
