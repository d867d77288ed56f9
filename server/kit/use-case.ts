// A mutation's work is a use case: a named function of `(tx, caller, input)` in its area's
// folder, with its rules in the area's rules.ts and its SQL in the area's store.ts. A route only
// hands it its input: `perform` runs it in one transaction with its audit row (server/db/versioned)
// and answers `{ data }` with the use case's status.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireCallerWithRole, type Caller } from '../authz/caller';
import type { AuditRecord } from '../audit/store';
import type { Db } from '../db/client';
import { mutate, type Mutation, type RefusalAnswers } from '../db/versioned';

/** What a use case did: the audit row's records, and the status to answer where it depends on the outcome. */
interface Outcome<Wire> extends Mutation<Wire> {
  status?: number;
}

/** A mutation of an area: its audit action, what a broken constraint answers, and its work. */
export interface UseCase<Input, Wire> {
  audit: Pick<AuditRecord, 'action' | 'entity'>;
  /** The status of a success, unless the work says otherwise (default 200). */
  status?: number;
  /** The catalogue error of each database refusal the work's own checks could not see first (a race). */
  refusals?: RefusalAnswers;
  run(tx: Db, caller: Caller, input: Input): Promise<Outcome<Wire>>;
}

/** Declares a use case (typed once, so a route's input is checked against it). */
export function useCase<Input, Wire>(definition: UseCase<Input, Wire>): UseCase<Input, Wire> {
  return definition;
}

/** Runs `work` for the request's caller inside one audited transaction; answers the record after it. */
export async function execute<Input, Wire>(db: Db, request: FastifyRequest, work: UseCase<Input, Wire>, input: Input): Promise<{ data: Wire; status: number }> {
  const caller = requireCallerWithRole(request);
  let status = work.status ?? 200;
  const data = await mutate(
    db,
    request,
    work.audit,
    async (tx) => {
      const outcome = await work.run(tx, caller, input);
      status = outcome.status ?? status;
      return outcome;
    },
    work.refusals,
  );
  return { data, status };
}

/** A route's one call for a mutation: runs `work` with `input` and sends `{ data }` with its status. */
export async function perform<Input, Wire>(db: Db, request: FastifyRequest, reply: FastifyReply, work: UseCase<Input, Wire>, input: Input): Promise<FastifyReply> {
  const { data, status } = await execute(db, request, work, input);
  return reply.status(status).send({ data });
}
