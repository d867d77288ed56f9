// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  SETTLEMENT_TRANSITION_REFUSED,
  settlementMachine,
  settlementSnapshotOf,
  settlementTransition,
  type SettlementEvent,
  type SettlementKey,
} from '../../machines/settlements/settlement.machine';
import * as rules from '../../machines/settlements/settlement-rules';
import { SETTLEMENT_REFUSALS, settlementRefusal, type SettlementCommand, type SettlementFacts, type SettlementSubject, type SettlementUser } from '../../machines/settlements/settlement-rules';
import { DeferredActors, definedStateIds, definedTransitionKeys, flush, modelPaths, replayPaths, valueAndContext } from './model-harness';

const preparer = 2;
const validator: SettlementUser = { id: 1, mayValidate: true };
const key: SettlementKey = { contrato_id: 7, anio: 2026, mes: 3, tipo: 'DF' };

function facts(overrides: Partial<SettlementFacts> = {}): SettlementFacts {
  return { id: 10, tipo: 'DF', estado: 'preliminar', calculada_por: preparer, version: 1, conciliada: false, ...overrides };
}

const preliminaryDf = facts();
const validatedDf = facts({ estado: 'validada', version: 2 });
const preliminaryCd = facts({ id: 11, tipo: 'CD' });
const serverError = { statusCode: 500, code: 'APP_ERR_SERVER_INTERNAL', message: 'Something went wrong on the server' };

const stored = (settlement: SettlementFacts): SettlementSubject => ({ settlement });

describe('settlement rules, one question each', () => {
  it.each([
    ['PE', false],
    ['DF', true],
    ['CD', true],
  ] as const)('validates a %s: %s', (tipo, expected) => {
    expect(rules.isValidatableVersion(tipo)).toBe(expected);
  });

  it.each([
    ['PE', false],
    ['DF', true],
    ['CD', false],
  ] as const)('reconciles a %s: %s', (tipo, expected) => {
    expect(rules.isReconcilableVersion(tipo)).toBe(expected);
  });

  it.each([
    [1, true],
    [preparer, false],
  ])('lets user %i validate what user 2 computed: %s', (id, expected) => {
    expect(rules.isValidatorDifferent(preliminaryDf, { id, mayValidate: true })).toBe(expected);
  });

  it.each([true, false])('follows the role when it grants validate: %s', (granted) => {
    expect(rules.mayValidate({ id: 1, mayValidate: granted })).toBe(granted);
  });

  it.each([
    [null, undefined, true],
    [null, 4, true],
    [{ version: 3 }, 3, true],
    [{ version: 3 }, 2, false],
    [{ version: 3 }, undefined, false],
  ])('takes a command about %j naming version %s as current: %s', (settlement, version, expected) => {
    expect(rules.isCurrentVersion(settlement, version)).toBe(expected);
  });

  it.each([
    [false, true],
    [true, false],
  ])('reconciles a DF already reconciled (%s): %s', (conciliada, expected) => {
    expect(rules.isNotReconciled({ conciliada })).toBe(expected);
  });
});

/** Every case of the server's decision: subject, command, user, then the effect or the code. */
const decisions: Array<[string, SettlementSubject, SettlementCommand, SettlementUser, string]> = [
  ['computes a new settlement whose data is there', { settlement: null, dataAvailable: true }, { type: 'settlement.compute' }, validator, 'compute'],
  ['refuses to compute without the data', { settlement: null, dataAvailable: false }, { type: 'settlement.compute' }, validator, SETTLEMENT_REFUSALS.dataUnavailable],
  ['recomputes a preliminary settlement', stored(preliminaryDf), { type: 'settlement.compute', version: 1 }, validator, 'compute'],
  ['lets the preparer recompute too', stored(preliminaryDf), { type: 'settlement.compute', version: 1 }, { id: preparer, mayValidate: false }, 'compute'],
  ['recomputes a PE', stored(facts({ tipo: 'PE' })), { type: 'settlement.compute', version: 1 }, validator, 'compute'],
  ['refuses to recompute a stale read', stored(preliminaryDf), { type: 'settlement.compute', version: 0 }, validator, SETTLEMENT_REFUSALS.stale],
  ['refuses to recompute without naming the version read', stored(preliminaryDf), { type: 'settlement.compute' }, validator, SETTLEMENT_REFUSALS.stale],
  ['refuses to recompute a validated settlement', stored(validatedDf), { type: 'settlement.compute', version: 2 }, validator, SETTLEMENT_REFUSALS.validated],
  ['validates a preliminary DF', stored(preliminaryDf), { type: 'settlement.validate', version: 1 }, validator, 'validate'],
  ['validates a preliminary CD', stored(preliminaryCd), { type: 'settlement.validate', version: 1 }, validator, 'validate'],
  ['never validates a PE', stored(facts({ tipo: 'PE' })), { type: 'settlement.validate', version: 1 }, validator, SETTLEMENT_REFUSALS.preliminaryNotValidatable],
  ['validates once', stored(validatedDf), { type: 'settlement.validate', version: 2 }, validator, SETTLEMENT_REFUSALS.validated],
  ['refuses validation without the validate action', stored(preliminaryDf), { type: 'settlement.validate', version: 1 }, { id: 1, mayValidate: false }, SETTLEMENT_REFUSALS.forbidden],
  ['refuses validation to whoever last computed it', stored(preliminaryDf), { type: 'settlement.validate', version: 1 }, { id: preparer, mayValidate: true }, SETTLEMENT_REFUSALS.fourEyes],
  ['refuses validation of a stale read', stored(preliminaryDf), { type: 'settlement.validate', version: 0 }, validator, SETTLEMENT_REFUSALS.stale],
  ['refuses to validate what was never computed', { settlement: null, dataAvailable: true }, { type: 'settlement.validate', version: 1 }, validator, SETTLEMENT_REFUSALS.notFound],
  ['reconciles a validated DF', stored(validatedDf), { type: 'settlement.reconcile', version: 2 }, { id: preparer, mayValidate: false }, 'reconcile'],
  ['reconciles a DF once', stored(facts({ estado: 'validada', conciliada: true })), { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.alreadyReconciled],
  ['does not reconcile a preliminary DF', stored(preliminaryDf), { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.notValidated],
  ['does not reconcile a CD', stored(facts({ tipo: 'CD', estado: 'validada' })), { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.notDf],
  ['does not reconcile a PE', stored(facts({ tipo: 'PE' })), { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.notDf],
  ['refuses to reconcile a stale read', stored(validatedDf), { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.stale],
  ['refuses to reconcile what was never computed', { settlement: null, dataAvailable: true }, { type: 'settlement.reconcile', version: 1 }, validator, SETTLEMENT_REFUSALS.notFound],
];

describe('settlementTransition, the server decision', () => {
  it.each(decisions)('%s', (_, subject, command, user, expected) => {
    const verdict = settlementTransition(subject, command, user);
    expect(verdict.allowed ? verdict.effect : verdict.code).toBe(expected);
    expect(settlementRefusal(subject, command, user)).toBe(verdict.allowed ? null : expected);
  });

  it('tells the first reason a person would want to hear: a validated PE is validated before it is a PE', () => {
    const verdict = settlementTransition(stored(facts({ tipo: 'PE', estado: 'validada' })), { type: 'settlement.validate', version: 1 }, { id: preparer, mayValidate: false });
    expect(verdict).toEqual({ allowed: false, code: SETTLEMENT_REFUSALS.validated });
  });

  it('names every refusal with a catalogue code of the settlements area or an existing general one', () => {
    for (const code of Object.values(SETTLEMENT_REFUSALS)) expect(code).toMatch(/^APP_ERR_(SETTLEMENT_[A-Z_]+|AUTH_FORBIDDEN|RECORD_STALE)$/);
  });
});

const subjects: fc.Arbitrary<SettlementSubject> = fc.oneof(
  fc
    .record({
      id: fc.constant(10),
      tipo: fc.constantFrom('PE' as const, 'DF' as const, 'CD' as const),
      estado: fc.constantFrom('preliminar' as const, 'validada' as const),
      calculada_por: fc.integer({ min: 1, max: 3 }),
      version: fc.integer({ min: 1, max: 3 }),
      conciliada: fc.boolean(),
    })
    .map((settlement) => ({ settlement })),
  fc.boolean().map((dataAvailable) => ({ settlement: null, dataAvailable })),
);
const users: fc.Arbitrary<SettlementUser> = fc.record({ id: fc.integer({ min: 1, max: 3 }), mayValidate: fc.boolean() });
const versions = fc.integer({ min: 0, max: 3 });
const commands: fc.Arbitrary<SettlementCommand> = fc.oneof(
  fc.option(versions, { nil: undefined }).map((version): SettlementCommand => (version === undefined ? { type: 'settlement.compute' } : { type: 'settlement.compute', version })),
  versions.map((version): SettlementCommand => ({ type: 'settlement.validate', version })),
  versions.map((version): SettlementCommand => ({ type: 'settlement.reconcile', version })),
);

describe('settlement machine and server decision, never disagreeing', () => {
  it('accepts a command exactly when the rules name no refusal, and every refusal has a name', () => {
    fc.assert(
      fc.property(subjects, commands, users, (subject, command, user) => {
        const accepted = settlementSnapshotOf(subject, user).can(command);
        expect(accepted).toBe(settlementRefusal(subject, command, user) === null);
        const verdict = settlementTransition(subject, command, user);
        expect(verdict.allowed).toBe(accepted);
        if (!verdict.allowed) expect(verdict.code).not.toBe(SETTLEMENT_TRANSITION_REFUSED);
      }),
      { numRuns: 2000 },
    );
  });

  it('a page opened on a stored settlement offers exactly what the server allows', () => {
    fc.assert(
      fc.property(subjects, commands, users, (subject, command, user) => {
        fc.pre(subject.settlement !== null);
        const actor = createActor(settlementMachine, { input: { user, settlement: subject.settlement } }).start();
        expect(actor.getSnapshot().can(command)).toBe(settlementTransition(subject, command, user).allowed);
        actor.stop();
      }),
      { numRuns: 500 },
    );
  });
});

const modelEvents = [
  { type: 'settlement.check', key },
  { type: 'settlement.compute' },
  { type: 'settlement.compute', version: 1 },
  { type: 'settlement.validate', version: 1 },
  { type: 'settlement.reconcile', version: 2 },
  { type: 'settlement.download' },
  { type: 'settlement.clear' },
  { type: 'settlement.read', settlement: preliminaryDf },
  { type: 'settlement.read', settlement: validatedDf },
  { type: 'xstate.done.actor.checkData', output: { available: true, missing: [] } },
  { type: 'xstate.done.actor.checkData', output: { available: false, missing: ['precios_nodo'] } },
  { type: 'xstate.error.actor.checkData', error: serverError },
  { type: 'xstate.done.actor.compute', output: preliminaryDf },
  { type: 'xstate.error.actor.compute', error: serverError },
  { type: 'xstate.done.actor.validate', output: validatedDf },
  { type: 'xstate.error.actor.validate', error: serverError },
  { type: 'xstate.done.actor.reconcile', output: preliminaryCd },
  { type: 'xstate.error.actor.reconcile', error: serverError },
  { type: 'xstate.done.actor.download', output: undefined },
  { type: 'xstate.error.actor.download', error: serverError },
] as unknown as SettlementEvent[];

function withDeferred(deferred: DeferredActors) {
  return settlementMachine.provide({
    actors: {
      checkData: deferred.logic('checkData'),
      compute: deferred.logic('compute'),
      validate: deferred.logic('validate'),
      reconcile: deferred.logic('reconcile'),
      download: deferred.logic('download'),
    },
  });
}

describe('settlement machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    // A page opens on nothing yet, on a preliminary settlement or on a validated one.
    for (const settlement of [null, preliminaryDf, validatedDf]) {
      const input = { user: validator, settlement };
      // Reads and clears return to states already seen: shortest paths and every edge take them all.
      const paths = modelPaths(settlementMachine, { events: modelEvents, input }, { simplePaths: false });
      const run = await replayPaths(paths, {
        start: withDeferred,
        input,
        observe: valueAndContext(settlementMachine, 'key', 'data', 'settlement', 'failure'),
      });
      for (const id of run.visitedStates) visited.add(id);
      for (const transition of run.takenTransitions) taken.add(transition);
    }
    expect([...visited].filter((id) => id !== settlementMachine.id).sort()).toEqual(definedStateIds(settlementMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(settlementMachine));
  });
});

describe('settlement machine, behaviour', () => {
  function start(settlement: SettlementFacts | null = null, user: SettlementUser = validator) {
    const deferred = new DeferredActors();
    const actor = createActor(withDeferred(deferred), { input: { user, settlement } }).start();
    return { actor, deferred };
  }

  it('goes from the pre-settlement to a validated final: data available, computed, validated by someone else', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'settlement.check', key });
    expect(deferred.calls.at(-1)).toEqual({ src: 'checkData', input: key });
    deferred.settle('checkData', { output: { available: true, missing: [] } });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ none: 'dataAvailable' });

    actor.send({ type: 'settlement.compute' });
    expect(deferred.calls.at(-1)).toEqual({ src: 'compute', input: { key, settlement: null } });
    deferred.settle('compute', { output: preliminaryDf });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ preliminar: 'idle' });

    actor.send({ type: 'settlement.validate', version: 1 });
    deferred.settle('validate', { output: validatedDf });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ validada: 'idle' });
    expect(actor.getSnapshot().context.settlement).toEqual(validatedDf);
  });

  it('offers no computation when the data is missing, and says what is missing', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'settlement.check', key });
    deferred.settle('checkData', { output: { available: false, missing: ['tipo_cambio'] } });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ none: 'dataUnavailable' });
    expect(actor.getSnapshot().context.data).toEqual({ available: false, missing: ['tipo_cambio'] });
    expect(actor.getSnapshot().can({ type: 'settlement.compute' })).toBe(false);
  });

  it('never lets the user who computed a settlement validate it', () => {
    const { actor } = start(preliminaryDf, { id: preparer, mayValidate: true });
    actor.send({ type: 'settlement.validate', version: 1 });
    expect(actor.getSnapshot().value).toEqual({ preliminar: 'idle' });
  });

  it('never changes a validated settlement: neither recomputed nor validated again', () => {
    const { actor } = start(validatedDf);
    expect(actor.getSnapshot().can({ type: 'settlement.compute', version: 2 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'settlement.validate', version: 2 })).toBe(false);
  });

  it('reconciling a validated DF follows a new CD, which starts preliminary and leaves the DF as it was', async () => {
    const { actor, deferred } = start(validatedDf);
    actor.send({ type: 'settlement.reconcile', version: 2 });
    expect(deferred.calls.at(-1)).toEqual({ src: 'reconcile', input: validatedDf });
    deferred.settle('reconcile', { output: preliminaryCd });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ preliminar: 'idle' });
    expect(actor.getSnapshot().context.settlement).toMatchObject({ id: 11, tipo: 'CD', estado: 'preliminar' });
  });

  it('keeps the settlement it had when a recomputation fails, with the failure on screen until the next try', async () => {
    const { actor, deferred } = start(preliminaryDf);
    actor.send({ type: 'settlement.compute', version: 1 });
    deferred.settle('compute', { error: serverError });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ preliminar: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ settlement: preliminaryDf, failure: serverError });
    actor.send({ type: 'settlement.compute', version: 1 });
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('takes up the stored settlement as each new read finds it: a command names the version read', () => {
    const { actor, deferred } = start(preliminaryDf);
    const moved = facts({ version: 3 });
    actor.send({ type: 'settlement.read', settlement: moved });
    expect(actor.getSnapshot().can({ type: 'settlement.validate', version: 1 })).toBe(false);
    actor.send({ type: 'settlement.validate', version: 3 });
    expect(deferred.calls.at(-1)).toEqual({ src: 'validate', input: moved });
    const other = start(preliminaryDf);
    other.actor.send({ type: 'settlement.read', settlement: validatedDf });
    expect(other.actor.getSnapshot().value).toEqual({ validada: 'idle' });
  });

  it('a pre-settlement whose question changed drops its answer, even one on its way', async () => {
    const { actor, deferred } = start();
    actor.send({ type: 'settlement.check', key });
    deferred.settle('checkData', { output: { available: true, missing: [] } });
    await flush();
    actor.send({ type: 'settlement.clear' });
    expect(actor.getSnapshot().value).toEqual({ none: 'idle' });
    expect(actor.getSnapshot().context).toMatchObject({ key: null, data: null });
    actor.send({ type: 'settlement.check', key });
    actor.send({ type: 'settlement.clear' });
    expect(actor.getSnapshot().value).toEqual({ none: 'idle' });
  });

  it('downloads a settlement in either stored state without leaving it', async () => {
    for (const settlement of [preliminaryDf, validatedDf]) {
      const { actor, deferred } = start(settlement);
      actor.send({ type: 'settlement.download' });
      expect(deferred.calls.at(-1)).toEqual({ src: 'download', input: settlement });
      deferred.settle('download', { output: undefined });
      await flush();
      expect(actor.getSnapshot().value).toEqual({ [settlement.estado]: 'idle' });
    }
  });
});
