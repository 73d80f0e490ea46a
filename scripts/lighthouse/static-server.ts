/**
 * Serves a folder the way the reference server sends the app's files (server/web/static.ts):
 * precompressed brotli or gzip by the browser's Accept-Encoding, index.html at /. Run as a process
 * of its own by servers.ts, so the pages compared all come from an idle process:
 * `node --import tsx scripts/lighthouse/static-server.ts PORT DIR`.
 */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const [port, root] = process.argv.slice(2);
if (!port || !root) throw new Error('usage: static-server.ts PORT DIR');
const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, preCompressed: true, cacheControl: false });
app.get('/health', (_request, reply) => reply.send('ok'));
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
