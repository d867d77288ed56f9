// The route handlers every record area wires alike: a read by id, and each mutation run as one
// audited transaction (server/db/versioned.ts `mutate`) for the signed-in caller, answering the
// record in the `{ data }` envelope (201 for a create). A route file stays a table: each route
// is its path, its config, its schema and one of these.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuditAction, AuditEntity } from '../../schemas/audit.schema';
import { requireCaller } from '../authz/caller';
import type { Db } from '../db/client';
import { mutate, type PgRefusal, type RefusalAnswers } from '../db/versioned';
import { errorForCode } from '../errors/catalogue';
import type { RecordUpdate, RecordWork } from './record-mutations';

/** What a broken database constraint answers: a catalogue code, or a function making the error (one with details). */
type RefusalsByCode = Partial<Record<PgRefusal, string | (() => Error)>>;

type Verb = 'create' | 'update' | 'delete';

/** An audit entity whose create, update and delete are all audit actions (schemas/audit.schema.ts). */
type RecordEntity = { [Entity in AuditEntity]: `${Entity}.${Verb}` extends AuditAction ? Entity : never }[AuditEntity];

export interface RecordRouteSpec<Wire, Create> {
  /** The audit entity; the rows are `<entity>.create`, `<entity>.update`, `<entity>.delete`. */
  entity: RecordEntity;
  read: (db: Db, id: number) => Promise<Wire>;
  create: RecordWork<Create, Wire>;
  update: RecordWork<RecordUpdate, Wire>;
  delete: RecordWork<number, Wire>;
  /**
   * The constraints the database enforces where the area's own checks could not see a race:
   * `write` for a create or an update (a duplicate), `delete` for a delete (a reference to it).
   */
  refusals?: { write?: RefusalsByCode; delete?: RefusalsByCode };
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

interface RecordHandlers {
  /** `GET .../:id` */
  read: Handler;
  create: Handler;
  /** The record is the path's `:id`, or the body's `id` in the calls that name it there. */
  update: Handler;
  /** The record is the path's `:id`, or the body's `id` in the calls that name it there. */
  delete: Handler;
}

function answersOf(refusals: RefusalsByCode = {}): RefusalAnswers {
  const entries = Object.entries(refusals).map(([kind, answer]) => {
    if (typeof answer !== 'string') return [kind, answer];
    errorForCode(answer); // a code the catalogue lacks fails at start-up, not at the first race
    return [kind, () => errorForCode(answer)];
  });
  return Object.fromEntries(entries) as RefusalAnswers;
}

function auditOf(entity: RecordEntity, verb: Verb): { action: AuditAction; entity: AuditEntity } {
  return { action: `${entity}.${verb}`, entity };
}

/** The record a call names: its path's `:id`, or its body's `id`. */
function idOf(request: FastifyRequest): number {
  const params = request.params as { id?: number } | undefined;
  return params?.id ?? (request.body as { id: number }).id;
}

/** The handlers of a record area's routes (see the top of this file). */
export function recordRoutes<Wire, Create>(db: Db, spec: RecordRouteSpec<Wire, Create>): RecordHandlers {
  const write = answersOf(spec.refusals?.write);

  function run<Input>(verb: Verb, work: RecordWork<Input, Wire>, refusals: RefusalAnswers) {
    const audit = auditOf(spec.entity, verb);
    return (request: FastifyRequest, input: Input) => {
      const caller = requireCaller(request);
      return mutate(db, request, audit, (tx) => work(tx, caller, input), refusals);
    };
  }

  const create = run('create', spec.create, write);
  const update = run('update', spec.update, write);
  const remove = run('delete', spec.delete, answersOf(spec.refusals?.delete));

  return {
    read: async (request) => ({ data: await spec.read(db, idOf(request)) }),
    create: async (request, reply) => reply.status(201).send({ data: await create(request, request.body as Create) }),
    update: async (request) => {
      const { id: _named, version, ...changes } = request.body as { id?: number; version?: number };
      return { data: await update(request, { id: idOf(request), version, changes }) };
    },
    delete: async (request) => ({ data: await remove(request, idOf(request)) }),
  };
}
