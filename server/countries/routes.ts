// Country charges (spec section 7, Countries): the charges of Panama (6), El Salvador (2) and
// Mexico (7) listed on a day or in full, read with the settlements that used them, created and
// updated, and Panama's update-charges process. Every route needs the `paises` view key and, to write, the role's action on the
// Settlements page (the charges are settlement inputs, as the market data is); every write is
// one transaction with its audit row (the record kit).
import type { FastifyInstance } from 'fastify';
import {
  chargeCreateSchema,
  chargeListBodySchema,
  chargeSchema,
  chargeSettlementSchema,
  chargeUpdateSchema,
  type ChargeListBody,
} from '../../schemas/country-charge.schema';
import { dataListOf, dataOf } from '../../schemas/envelope.schema';
import { jobSchema } from '../../schemas/job.schema';
import { idParamsSchema } from '../../schemas/record.schema';
import { requireCallerWithRole } from '../authz/caller';
import type { Db } from '../db/client';
import { recordRoutes } from '../kit/record-handlers';
import { chargeRecord, readCharge } from './record';
import { listCharges, settlementsUsing } from './store';
import { requestPanamaChargesUpdate } from './update-charges';

const COUNTRIES = (action: 'view' | 'create' | 'edit') => ({ permission: 'paises', action: { page: 'Settlements', action } }) as const;

export default async function countryRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const charges = recordRoutes(db, chargeRecord);

  // A read named "get" that is a POST (spec section 7): its filters are a body.
  app.post<{ Body: ChargeListBody }>(
    '/countries/api/v1/cargo/',
    { config: COUNTRIES('view'), schema: { body: chargeListBodySchema, response: { 200: dataListOf(chargeSchema) } } },
    async (request) => ({ data: await listCharges(db, request.body.pais_id, request.body) }),
  );
  app.get(
    '/countries/api/v1/cargo/:id',
    { config: COUNTRIES('view'), schema: { params: idParamsSchema, response: { 200: dataOf(chargeSchema) } } },
    charges.read,
  );
  app.get<{ Params: { id: number } }>(
    '/countries/api/v1/cargo/:id/liquidaciones',
    { config: COUNTRIES('view'), schema: { params: idParamsSchema, response: { 200: dataListOf(chargeSettlementSchema) } } },
    async (request) => {
      await readCharge(db, request.params.id);
      return { data: await settlementsUsing(db, request.params.id) };
    },
  );
  app.post(
    '/countries/api/v1/create/cargo/',
    { config: COUNTRIES('create'), schema: { body: chargeCreateSchema, response: { 201: dataOf(chargeSchema) } } },
    charges.create,
  );
  app.post(
    '/countries/api/v1/update/cargo/',
    { config: COUNTRIES('edit'), schema: { body: chargeUpdateSchema, response: { 200: dataOf(chargeSchema) } } },
    charges.update,
  );
  // Panama's update-charges process (empty body): recomputing settlements makes the asker their
  // preparer (four eyes), so it needs what computing one needs, the Settlements `create` action.
  app.post(
    '/countries/api/v1/cargos-proceso',
    { config: COUNTRIES('create'), schema: { response: { 202: dataOf(jobSchema) } } },
    async (request, reply) => reply.status(202).send({ data: await requestPanamaChargesUpdate(db, requireCallerWithRole(request)) }),
  );
}
