// Sends mail through the outbox: every message is first written to mail_outbox (so it is never
// lost), then delivered by SMTP when SMTP_URL is set, or else left in the mail folder where a
// person can read it (server/mail/pickup.ts).
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/mail';
import { readAttachments } from '../files/store';
import { leaveInFolder } from './pickup';

export interface MailMessage {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  /** File keys (server/files) to attach; the caller checks they exist. */
  attachments?: readonly string[];
}

interface QueuedMail {
  /** The mail_outbox row id. */
  id: number;
  /** Settles once SMTP delivery was tried (sent_at or error recorded); never rejects. */
  delivered: Promise<void>;
}

interface PendingMail {
  /** The mail_outbox row id. */
  id: number;
  /** Starts SMTP delivery; call it after the transaction that wrote the row committed. Never rejects. */
  deliver(): Promise<void>;
}

export interface Mailer {
  /** Resolves as soon as the outbox row is written; delivery continues in the background. */
  send(message: MailMessage): Promise<QueuedMail>;
  /**
   * Writes the outbox row inside the caller's transaction (with its audit row) and leaves
   * delivery to the caller once that transaction committed, so nothing is sent for a
   * message that was rolled back.
   */
  queue(tx: Db, message: MailMessage): Promise<PendingMail>;
}

interface MailerOptions {
  db: Db;
  /** e.g. `smtp://user:pass@mail.example.com:587`; without it mail stays in the outbox. */
  smtpUrl?: string;
  /** Without `smtpUrl`: the folder each message is also left in as a text file (MAIL_DIR). */
  mailDir?: string;
  from?: string;
}

const DEFAULT_FROM = 'Energy Back-office <no-reply@energy.local>';

export function createMailer({ db, smtpUrl, mailDir, from = DEFAULT_FROM }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;

  async function deliver(id: number, message: MailMessage): Promise<void> {
    if (!transport && !mailDir) return;
    try {
      if (transport) {
        const attachments = await readAttachments(db, message.attachments ?? []);
        await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, attachments });
        await db.update(mailOutbox).set({ sent_at: new Date(), error: null }).where(eq(mailOutbox.id, id));
      } else if (mailDir) {
        // Not sent: sent_at stays empty, the row still says nobody received it by mail.
        await leaveInFolder(mailDir, id, message);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(mailOutbox)
        .set({ error: reason.slice(0, 1000) })
        .where(eq(mailOutbox.id, id))
        .catch(() => undefined); // the database is gone too: nothing left to record it in
    }
  }

  async function insert(tx: Db, message: MailMessage): Promise<number> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        to: message.to,
        subject: message.subject,
        body: message.text,
        attachments: [...(message.attachments ?? [])],
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('mail_outbox insert returned no row');
    return row.id;
  }

  return {
    async send(message) {
      const id = await insert(db, message);
      return { id, delivered: deliver(id, message) };
    },
    async queue(tx, message) {
      const id = await insert(tx, message);
      return { id, deliver: () => deliver(id, message) };
    },
  };
}
