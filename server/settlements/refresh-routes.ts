// The two refresh buttons of the annex page (spec sections 2 and 7): POST
// /anexos/api/v1/store-procedure-liquidations/ (energy) and .../store-procedure-liquidations-potencia/
// (power), empty body. Each answers 202 with the refresh job (server/settlements/refresh.ts):
// a new one, or the one of that kind already queued or running for the caller's country.
//
// Permission: the buttons sit on the annex page, but the work is recomputing settlements, and a
// refresh makes its asker the preparer of every settlement it recomputes (four eyes). So it needs
// what computing one settlement needs: the `liquidaciones` view key and the role's Settlements
// `create` action; the role acts in its country, so the refresh covers that country's contracts.
import type { FastifyInstance } from 'fastify';
import { dataOf } from '../../schemas/envelope.schema';
import { jobSchema } from '../../schemas/job.schema';
import { requireCallerWithRole } from '../authz/caller';
import type { Db } from '../db/client';
import { requestRefreshFor, type RefreshKind } from './refresh';

const REFRESH = { permission: 'liquidaciones', action: { page: 'Settlements', action: 'create' } } as const;

/** The paths of spec section 7, trailing slash included, and the refresh each asks for. */
const REFRESH_ROUTES: ReadonlyArray<{ url: string; kind: RefreshKind }> = [
  { url: '/anexos/api/v1/store-procedure-liquidations/', kind: 'energia' },
  { url: '/anexos/api/v1/store-procedure-liquidations-potencia/', kind: 'potencia' },
];

export default async function settlementRefreshRoutes(app: FastifyInstance, { db }: { db: Db }) {
  for (const { url, kind } of REFRESH_ROUTES) {
    app.post(url, { config: REFRESH, schema: { response: { 202: dataOf(jobSchema) } } }, async (request, reply) =>
      reply.status(202).send({ data: await requestRefreshFor(db, requireCallerWithRole(request), kind) }),
    );
  }
}
