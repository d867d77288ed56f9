// @vitest-environment node
// The outbox mailer: every message lands in mail_outbox; with SMTP it is delivered and marked
// sent, and a failed delivery is recorded on the row. The end-to-end tests' SMTP sink stands in for a real server.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema/mail';
import { loadConfig } from '../../server/config';
import { createMailer } from '../../server/mail/mailer';
import { freePort } from '../../scripts/free-port';
import { startSmtpSink, type SmtpSink } from '../../e2e/support/smtp-sink';

let handle: DatabaseHandle;
let sink: SmtpSink;
const received: string[] = [];

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  sink = await startSmtpSink((mail) => received.push(mail.data));
}, 30_000);

afterAll(async () => {
  await sink.close();
  await handle.close();
});

const rowOf = async (id: number) => (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

describe('mailer', () => {
  it('keeps mail in the outbox, unsent, when no SMTP server is configured', async () => {
    const queued = await createMailer({ db: handle.db }).send({ to: 'a@example.com', subject: 'Hola', text: 'Cuerpo' });
    await queued.delivered;
    expect(await rowOf(queued.id)).toMatchObject({ to: 'a@example.com', subject: 'Hola', body: 'Cuerpo', sent_at: null, error: null });
  });

  it('delivers by SMTP and marks the outbox row sent', async () => {
    const mailer = createMailer({ db: handle.db, smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    const queued = await mailer.send({ to: 'b@example.com', subject: 'Código', text: 'Tu código es 123456' });
    await queued.delivered;
    const row = await rowOf(queued.id);
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
    expect(received.at(-1)).toContain('123456');
  });

  it('records the error on the row when SMTP delivery fails', async () => {
    // A port nobody listens on: the delivery is refused.
    const port = await freePort();
    const queued = await createMailer({ db: handle.db, smtpUrl: `smtp://127.0.0.1:${port}` }).send({ to: 'c@example.com', subject: 'x', text: 'y' });
    await queued.delivered;
    const row = await rowOf(queued.id);
    expect(row?.sent_at).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });

  it('without SMTP leaves each mail in the mail folder, where `npm run mail:outbox` prints the newest', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'energy-mail-'));
    try {
      const { mailDir } = loadConfig({ DATA_DIR: dataDir });
      expect(mailDir).toBe(path.join(dataDir, 'mail'));
      const mailer = createMailer({ db: handle.db, mailDir });
      for (const code of ['111111', '222222', '333333']) {
        await (await mailer.send({ to: 'd@example.com', subject: 'Código de verificación', text: `Tu código es ${code}` })).delivered;
      }
      const row = await rowOf((await mailer.send({ to: 'e@example.com', subject: 'Otro', text: 'Último' })).id);
      expect(row?.sent_at).toBeNull();

      const run = promisify(execFile);
      const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/mail-outbox.ts', '2'], {
        env: { ...process.env, DATA_DIR: dataDir, SMTP_URL: '', MAIL_DIR: '' },
      });
      // The two newest, oldest first, as a person reads a mail.
      expect(stdout).not.toContain('222222');
      expect(stdout.indexOf('Tu código es 333333')).toBeGreaterThan(-1);
      expect(stdout.indexOf('Tu código es 333333')).toBeLessThan(stdout.indexOf('Último'));
      expect(stdout).toContain('To: d@example.com');
      expect(stdout).toContain('Subject: Código de verificación');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('has no mail folder with an SMTP server: the mail goes there', () => {
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_DIR: '/tmp/x' }).mailDir).toBeUndefined();
    expect(loadConfig({ MAIL_DIR: '/srv/mail' }).mailDir).toBe('/srv/mail');
  });
});
