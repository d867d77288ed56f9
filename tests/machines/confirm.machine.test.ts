// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import { confirmMachine, type ConfirmEvent } from '../../machines/confirm/confirm.machine';
import { definedStateIds, definedTransitionKeys, modelPaths, replayPaths } from './model-harness';

const modelEvents: ConfirmEvent[] = [
  { type: 'confirm.ask', subject: { id: 7 } },
  { type: 'confirm.accept' },
  { type: 'confirm.dismiss' },
  { type: 'confirm.settled' },
];

const withProceed = (proceed: (args: { context: { subject: unknown } }) => void = () => undefined) => confirmMachine.provide({ actions: { proceed } });

describe('confirm machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const machine = withProceed();
    const paths = modelPaths(machine, { events: modelEvents });
    const { visitedStates, takenTransitions } = await replayPaths(paths, {
      start: () => machine,
      observe: (snapshot) => ({ value: snapshot.value, subject: (snapshot as SnapshotFrom<typeof confirmMachine>).context.subject }),
    });
    expect([...visitedStates].filter((id) => id !== confirmMachine.id).sort()).toEqual(definedStateIds(confirmMachine));
    expect([...takenTransitions].sort()).toEqual(definedTransitionKeys(confirmMachine));
  });
});

describe('confirm machine, behaviour', () => {
  it('runs the action only when the question is accepted, with the subject asked about, and stays open until it settles', () => {
    const proceed = vi.fn();
    const actor = createActor(withProceed(({ context }) => proceed(context.subject))).start();
    actor.send({ type: 'confirm.ask', subject: { id: 7 } });
    actor.send({ type: 'confirm.dismiss' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(proceed).not.toHaveBeenCalled();

    actor.send({ type: 'confirm.ask', subject: { id: 8 } });
    actor.send({ type: 'confirm.accept' });
    expect(proceed).toHaveBeenCalledWith({ id: 8 });
    // A second click while it runs, or closing the dialog, does nothing.
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'confirm.dismiss' });
    expect(actor.getSnapshot().value).toBe('proceeding');
    expect(proceed).toHaveBeenCalledTimes(1);
    actor.send({ type: 'confirm.settled' });
    expect(actor.getSnapshot().value).toBe('closed');
  });
});
