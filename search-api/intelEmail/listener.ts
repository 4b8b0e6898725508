// The inbound SMTP listener of intel by email (smtp-server), which `npm start` runs on INTEL_SMTP_PORT. It refuses
// at RCPT TO a recipient that is no company's intel address, caps the message size, and answers 250 only once the
// message is stored as intel, so a sender whose mail could not be taken in is told (and its server retries a 4xx).
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { Logger } from 'pino';
import type { Db } from '../../db/client.ts';
import { companyOfAddress, INTEL_EMAIL, receiveIntelEmail, Refused } from './receive.ts';

export type IntelMailListener = { port: number; close: () => Promise<void> };

type Session = { envelope: { rcptTo: { address: string }[] } };
type SmtpError = Error & { responseCode?: number };

const smtpError = (code: number, message: string): SmtpError => Object.assign(new Error(message), { responseCode: code });

export async function startIntelMailListener(db: Db, opts: { port: number; host?: string; domain: string; logger?: Logger }): Promise<IntelMailListener> {
  const companies = new Map<string, number>();
  const options: SMTPServerOptions = {
    // Mail arrives from the company's mail servers without sign-in, as to any MX; TLS is the relay's concern.
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INTEL_EMAIL.maxMessageBytes,
    banner: 'Rivalscope intel inbox',
    logger: false,
    onRcptTo(address, _session, callback) {
      companyOfAddress(db, address.address, opts.domain).then(
        (companyId) => {
          if (companyId === null) return callback(smtpError(550, 'No such intel address'));
          companies.set(address.address.toLowerCase(), companyId);
          callback();
        },
        (err: Error) => callback(smtpError(451, `Try again later (${err.message})`)),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError(552, 'Message too large'));
        const raw = Buffer.concat(chunks);
        const ids = [...new Set((session as unknown as Session).envelope.rcptTo.map((r) => companies.get(r.address.toLowerCase())).filter((id): id is number => id !== undefined))];
        (async () => {
          for (const companyId of ids) {
            const { intelId } = await receiveIntelEmail(db, companyId, raw);
            opts.logger?.info({ companyId, intelId }, 'intel email received');
          }
        })().then(
          () => callback(),
          (err: Error) => {
            if (err instanceof Refused) return callback(smtpError(550, err.message));
            opts.logger?.error({ err }, 'intel email could not be stored');
            callback(smtpError(451, 'The message could not be stored; try again later'));
          },
        );
      });
    },
  };
  const server = new SMTPServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  server.on('error', (err) => opts.logger?.warn({ err }, 'intel mail listener error'));
  const address = (server as unknown as { server: import('node:net').Server }).server.address();
  return {
    port: typeof address === 'object' && address ? address.port : opts.port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
