// The mail folder: without SMTP_URL nothing can deliver a password-reset code, so every message
// the outbox keeps is also left in a folder as a small text file that a person can read while
// the server runs (`npm run mail:outbox`). The embedded database cannot be opened by a second
// process at the same time, so a command cannot read the mail_outbox table itself.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { MailMessage } from './mailer';

/** The file of outbox row `id`: named by time, so the folder lists oldest first. */
function fileNameOf(id: number, at: Date): string {
  return `${at.toISOString().replace(/[:.]/g, '-')}-${id}.txt`;
}

/** A message as the person reading it expects a mail to look. */
function mailText(message: MailMessage, at: Date): string {
  const attachments = message.attachments?.length ? [`Attachments: ${message.attachments.join(', ')}`] : [];
  return [`Date: ${at.toISOString()}`, `To: ${message.to}`, `Subject: ${message.subject}`, ...attachments, '', message.text, ''].join('\n');
}

/** Leaves outbox row `id` in `dir` (made when missing). */
export async function leaveInFolder(dir: string, id: number, message: MailMessage, at = new Date()): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, fileNameOf(id, at)), mailText(message, at), 'utf8');
}

/** The newest `count` messages left in `dir`, oldest first; none when the folder is missing. */
export async function newestInFolder(dir: string, count: number): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const newest = names.filter((name) => name.endsWith('.txt')).sort().slice(-count);
  return Promise.all(newest.map((name) => readFile(path.join(dir, name), 'utf8')));
}
