/**
 * POSTs over a bounded pool of kept-alive connections, as a load balancer in front of the server
 * would hold them: an overloaded server queues requests on them instead of facing a connection
 * storm, which would measure the operating system's accept queue rather than the server.
 */
import { Agent, request } from 'node:http';

const agent = new Agent({ keepAlive: true, maxSockets: 64 });

/** Answers the status once the whole answer is read. */
export function postJson(url: string, body: unknown, headers: Record<string, string>): Promise<number> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload);
  });
}
