// Sending a mail with stored files attached: the outbox row is written with its audit row, and
// delivery starts only once both committed (it never rejects).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FileSendMailBody } from '../../schemas/file.schema';
import type { Db } from '../db/client';
import { execute, useCase } from '../kit/use-case';
import type { Mailer } from '../mail/mailer';
import * as store from './store';

const sendMailWith = (mailer: Mailer) =>
  useCase<FileSendMailBody, { mail: { id: number; to: string[]; subject: string; attachments: string[] }; delivery: Awaited<ReturnType<Mailer['queue']>> }>({
    audit: { action: 'mail.send', entity: 'mail' },
    status: 201,
    async run(tx, _caller, body) {
      const to = body.to.map((address) => address.trim().toLowerCase());
      const attachments = body.attachments ?? [];
      const { subject, text } = body;
      await store.assertFileKeysExist(tx, attachments.map((key, index) => ({ key, instancePath: `/attachments/${index}` })));
      const queued = await mailer.queue(tx, { to: to.join(', '), subject, text, attachments });
      const sent = { id: queued.id, to, subject, attachments };
      // The audit row keeps the message, not its pending delivery.
      return { id: queued.id, before: null, after: { mail: sent, delivery: queued }, audited: { before: null, after: sent } };
    },
  });

/** POST /send-mail: queues the mail as the caller, then starts its delivery. */
export async function sendMail(db: Db, mailer: Mailer, request: FastifyRequest<{ Body: FileSendMailBody }>, reply: FastifyReply) {
  const { data, status } = await execute(db, request, sendMailWith(mailer), request.body);
  void data.delivery.deliver();
  return reply.status(status).send({ data: data.mail });
}
