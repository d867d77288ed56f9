// @vitest-environment node
// The outbox mailer: every message lands in mail_outbox; with SMTP it is delivered and marked
// sent, and a failed delivery is recorded on the row. A minimal SMTP server stands in for a real one.
import { createServer, type Server, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { mailOutbox } from '../../server/db/schema/mail';
import { createMailer } from '../../server/mail/mailer';

let handle: DatabaseHandle;
let smtp: Server;
let smtpPort = 0;
const received: string[] = [];
const sockets = new Set<Socket>();

/** Speaks just enough SMTP for one plain (no TLS, no auth) delivery per connection. */
function startSmtpServer(): Promise<void> {
  smtp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let inData = false;
    let data = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      for (const line of chunk.toString('utf8').split('\r\n')) {
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(data);
            socket.write('250 OK queued\r\n');
          } else data += `${line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250 test\r\n');
        else if (command === 'MAIL' || command === 'RCPT') socket.write('250 OK\r\n');
        else if (command === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (command === 'QUIT') socket.end('221 bye\r\n');
        else if (line !== '') socket.write('502 not implemented\r\n');
      }
    });
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => {
      const address = smtp.address();
      smtpPort = typeof address === 'object' && address ? address.port : 0;
      resolve();
    }),
  );
}

beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
  await startSmtpServer();
}, 30_000);

afterAll(async () => {
  // A client may keep its connection open; the test server does not wait for it.
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => smtp.close(resolve));
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
    const mailer = createMailer({ db: handle.db, smtpUrl: `smtp://127.0.0.1:${smtpPort}` });
    const queued = await mailer.send({ to: 'b@example.com', subject: 'Código', text: 'Tu código es 123456' });
    await queued.delivered;
    const row = await rowOf(queued.id);
    expect(row?.sent_at).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
    expect(received.at(-1)).toContain('123456');
  });

  it('records the error on the row when SMTP delivery fails', async () => {
    const closed = createServer();
    const port = await new Promise<number>((resolve) =>
      closed.listen(0, '127.0.0.1', () => {
        const address = closed.address();
        const p = typeof address === 'object' && address ? address.port : 0;
        closed.close(() => resolve(p));
      }),
    );
    const queued = await createMailer({ db: handle.db, smtpUrl: `smtp://127.0.0.1:${port}` }).send({ to: 'c@example.com', subject: 'x', text: 'y' });
    await queued.delivered;
    const row = await rowOf(queued.id);
    expect(row?.sent_at).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
