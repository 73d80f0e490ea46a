/**
 * A real SMTP server on an ephemeral local port for the mail tests, and enough MIME to read what
 * nodemailer sends it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on an ephemeral local port that keeps what it receives; while `refusing` is
 * set, it answers every mail with a temporary failure (451).
 */
export async function startSmtpServer() {
  const received: Received[] = [];
  const control = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (control.refusing) return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((address) => address.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { received, control, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Quoted-printable to text: =XX are bytes, "=" at a line end is a soft break (RFC 2045). */
function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const hex = joined.slice(index + 1, index + 3);
    if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** A header, unfolded, with RFC 2047 encoded words decoded. */
export function header(raw: string, name: string): string | undefined {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const value = new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1];
  return value
    ?.replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

/** The decoded body of the part with this content type (enough MIME for nodemailer's output). */
export function mimePart(raw: string, contentType: string): string {
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  const part = parts.find((candidate) => new RegExp(`^Content-Type: ${contentType}`, 'im').test(candidate));
  if (!part) throw new Error(`No ${contentType} part in:\n${raw}`);
  const separator = part.indexOf('\r\n\r\n');
  const body = part.slice(separator + 4).replace(/\r\n$/, '');
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(part.slice(0, separator))?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}
