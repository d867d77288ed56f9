// A minimal SMTP receiver for end-to-end tests: it speaks just enough of RFC 5321 for
// nodemailer (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS, no auth) and hands each
// received message to a callback. It lets the forgot-password test read the code from a real
// mail delivery instead of peeking into the server's database.
import { createServer, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent after DATA, dot-stuffing removed. */
  data: string;
}

export interface SmtpSink {
  port: number;
  close(): Promise<void>;
}

/** Starts the sink on 127.0.0.1 (port 0 = any free port). */
export function startSmtpSink(onMail: (mail: ReceivedMail) => void, port = 0): Promise<SmtpSink> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 e2e-smtp-sink ready');

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          onMail({ ...envelope, data });
          envelope = { from: '', to: [] };
          reply('250 OK: queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        const address = () => /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO') reply('250 e2e-smtp-sink');
        else if (verb === 'HELO') reply('250 e2e-smtp-sink');
        else if (verb === 'MAIL') {
          envelope = { from: address(), to: [] };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push(address().toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || !address) return reject(new Error('SMTP sink has no address'));
      resolve({
        port: address.port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
