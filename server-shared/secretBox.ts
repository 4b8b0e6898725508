// Secrets the product must read back (an OIDC client secret, a TOTP seed, an OAuth refresh token) are stored
// sealed with AES-256-GCM under one key that never enters the database, so a leaked dump leaks no secret.
// Secrets it only compares (sessions, API and SCIM tokens) are stored as digests instead (auth/sessions.ts).
//
// The key is SECRETS_KEY (any string of 32 characters or more, hashed to 256 bits). Without it, development
// keeps a random key in DATA_DIR/secrets.key and tests one per process; production refuses to start
// (server-shared/config.ts), since a key that changes would make every sealed secret unreadable.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = crypto.createHash('sha256').update(secret).digest();
  }

  seal(plain: string): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  }

  /**
   * A value only this key makes from `purpose` (HMAC-SHA256, base64url): a secret that must be given out again
   * without being stored (a survey contact's link in each reminder), while the database keeps only its digest.
   */
  derive(purpose: string): string {
    return crypto.createHmac('sha256', this.key).update(purpose).digest('base64url');
  }

  /** The plain text, or an error when the value was sealed under another key or altered. */
  open(sealed: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('not a sealed secret');
    const raw = Buffer.from(data, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

const boxes = new Map<string, SecretBox>();
let processKey: Buffer | undefined;

/** The box of this deployment's key (one per key source, so every caller in a process shares it). */
export function secretBoxFor(config: Pick<Config, 'SECRETS_KEY' | 'DATA_DIR' | 'NODE_ENV'>): SecretBox {
  if (config.SECRETS_KEY) return cached(`env:${config.SECRETS_KEY}`, () => config.SECRETS_KEY!);
  if (config.NODE_ENV === 'test') return cached('process', () => (processKey ??= crypto.randomBytes(32)));
  const file = path.resolve(config.DATA_DIR, 'secrets.key');
  return cached(`file:${file}`, () => keyFile(file));
}

function cached(source: string, key: () => string | Buffer): SecretBox {
  let box = boxes.get(source);
  if (!box) boxes.set(source, (box = new SecretBox(key())));
  return box;
}

function keyFile(file: string): Buffer {
  if (fs.existsSync(file)) return fs.readFileSync(file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = crypto.randomBytes(32);
  // wx: two processes starting at once must not each write their own key.
  try {
    fs.writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file);
    throw err;
  }
}
