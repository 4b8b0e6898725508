// Reading back mails an in-process smtp-server received: a MIME part's decoded body and a header.

/** The decoded body of the first MIME part of a type (nodemailer uses quoted-printable or base64). */
export function mimePart(raw: string, type: 'text/plain' | 'text/html'): string {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const split = part.indexOf('\r\n\r\n');
    const head = part.slice(0, split);
    if (!new RegExp(`content-type:\\s*${type}`, 'i').test(head)) continue;
    const body = part.slice(split + 4);
    if (/content-transfer-encoding:\s*base64/i.test(head)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) {
      const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    return body;
  }
  throw new Error(`no ${type} part`);
}

export const header = (raw: string, name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(raw.slice(0, raw.indexOf('\r\n\r\n')))?.[1];
