// Home's one call (docs/home.md): what needs the signed-in user now. Open to every signed-in
// user; what it answers depends on their view keys and role (./rules.ts), so a card the
// browser would not show is not even computed.
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import { pendingSchema } from '../../schemas/home.schema';
import { requireCallerWithRole } from '../authz/caller';
import type { Db } from '../db/client';
import { pendingFor } from './pending';

export default async function homeRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get(
    '/api/v1/pendientes',
    { config: { permission: 'signed-in' }, schema: { response: { 200: dataOf(pendingSchema) } } },
    async (request) => ({ data: await pendingFor(db, requireCallerWithRole(request)) }),
  );
}
