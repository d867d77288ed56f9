// Reads the mails the SMTP sink of start-server.ts stored for one product server.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReceivedMail } from './smtp-sink';

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The readable text of a MIME message: every leaf part decoded from base64 / quoted-printable. */
function mailText(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (boundary && /content-type:\s*multipart\//i.test(headers)) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => mailText(part.replace(/^\r?\n/, '')))
      .join('\n');
  }
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function mailsTo(mailDir: string, address: string): ReceivedMail[] {
  return readdirSync(mailDir)
    .filter((name) => name.endsWith('.json'))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((name) => JSON.parse(readFileSync(join(mailDir, name), 'utf8')) as ReceivedMail)
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/**
 * Waits (bounded) until `count` mails to `address` have arrived and returns the text of the
 * newest one. Counting lets a test ask for "the mail after the ones I have already seen".
 */
export async function waitForMail(mailDir: string, address: string, count: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailsTo(mailDir, address);
    const newest = mails.length >= count ? mails[mails.length - 1] : undefined;
    if (newest) return mailText(newest.data);
    if (Date.now() > deadline) throw new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** How many mails to `address` the sink has received so far. */
export function mailCount(mailDir: string, address: string): number {
  return mailsTo(mailDir, address).length;
}
