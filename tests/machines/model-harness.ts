// Shared by the model-based machine tests: runs a model path against a real actor whose
// effects are deferred promises the path settles, and records which transitions fired.
import {
  getAdjacencyMap,
  getShortestPaths,
  getSimplePaths,
  getStateNodes,
  serializeSnapshot,
  type StatePath,
  type TraversalOptions,
} from '@xstate/graph';
import { expect, vi } from 'vitest';
import { createActor, fromPromise, type AnyActorRef, type AnyStateMachine, type AnyMachineSnapshot, type AnyTransitionDefinition, type ContextFrom, type EventObject } from 'xstate';

/** The branches a transition is one of: those of its event, or the state's eventless (`always`) ones. */
function branchesOf(transition: AnyTransitionDefinition): readonly AnyTransitionDefinition[] {
  if (transition.eventType === '') return transition.source.always ?? [];
  return transition.source.transitions.get(transition.eventType) ?? [];
}

/** A stable name for one transition definition (state, event, branch), equal across `.provide()` copies. */
function transitionKey(transition: AnyTransitionDefinition): string {
  const event = transition.eventType === '' ? 'always' : transition.eventType;
  return `${transition.source.id} on ${event} #${branchesOf(transition).indexOf(transition)}`;
}

/** Every state id of a machine's definition. */
export function definedStateIds(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root).map((node) => node.id).sort();
}

/** Every transition of a machine's definition, guarded branches counted one by one. */
export function definedTransitionKeys(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const branches of [...node.transitions.values(), node.always ?? []]) {
      for (const branch of branches) keys.push(transitionKey(branch));
    }
  }
  return keys.sort();
}

/** Promise actors that stay pending until the test settles them by their source name. */
export class DeferredActors {
  private readonly pending = new Map<string, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>();
  readonly calls: Array<{ src: string; input: unknown }> = [];

  logic<TOutput, TInput = unknown>(src: string) {
    return fromPromise<TOutput, TInput>(({ input }) => {
      this.calls.push({ src, input });
      return new Promise<TOutput>((resolve, reject) => {
        this.pending.set(src, { resolve: resolve as (value: unknown) => void, reject });
      });
    });
  }

  isRunning(src: string): boolean {
    return this.pending.has(src);
  }

  settle(src: string, outcome: { output: unknown } | { error: unknown }): void {
    const entry = this.pending.get(src);
    if (!entry) throw new Error(`No pending '${src}' call to settle`);
    this.pending.delete(src);
    if ('output' in outcome) entry.resolve(outcome.output);
    else entry.reject(outcome.error);
  }
}

/** Lets settled promises deliver their done/error events (setImmediate is left real on purpose). */
export function flush(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Starts `machine` and records the keys of the transitions it takes and the states they left:
 * a transient state (only eventless `always` transitions, such as a choice on the input) is
 * never a snapshot's state, so leaving it is how it shows it was visited.
 */
function startRecording(machine: AnyStateMachine, input?: unknown) {
  const taken = new Set<string>();
  const left = new Set<string>();
  const actor = createActor(machine, {
    input,
    inspect: (inspection) => {
      if (inspection.type !== '@xstate.microstep') return;
      for (const transition of inspection._transitions) {
        taken.add(transitionKey(transition));
        left.add(transition.source.id);
      }
    },
  });
  actor.start();
  return { actor, taken, left };
}

/**
 * Performs one model event on the real actor: a user event is sent, an actor's done/error
 * event settles that deferred effect, a delayed event lets the fake clock run to the timer.
 */
async function perform(actor: AnyActorRef, deferred: DeferredActors, event: EventObject): Promise<void> {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  if (done?.[1]) deferred.settle(done[1], { output: (event as { output?: unknown }).output });
  else if (error?.[1]) deferred.settle(error[1], { error: (event as { error?: unknown }).error });
  else if (event.type.startsWith('xstate.after.')) vi.advanceTimersToNextTimer();
  else if (event.type !== 'xstate.init') actor.send(event);
  await flush();
}

/**
 * Replays model paths on fresh real actors, checking after every step that the actor shows
 * what the model predicts, and returns the state ids visited and transitions taken.
 */
export async function replayPaths(
  paths: Array<StatePath<AnyMachineSnapshot, EventObject>>,
  options: {
    start: (deferred: DeferredActors) => AnyStateMachine;
    input?: unknown;
    observe: (snapshot: AnyMachineSnapshot) => unknown;
    beforePath?: () => void;
  },
): Promise<{ visitedStates: Set<string>; takenTransitions: Set<string> }> {
  const visitedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  for (const path of paths) {
    options.beforePath?.();
    const deferred = new DeferredActors();
    const { actor, taken, left } = startRecording(options.start(deferred), options.input);
    for (const step of path.steps) {
      await perform(actor, deferred, step.event);
      const trail = path.steps.map((s) => s.event.type).join(' -> ');
      expect(options.observe(actor.getSnapshot() as AnyMachineSnapshot), trail).toEqual(options.observe(step.state));
      for (const node of step.state._nodes) visitedStates.add(node.id);
    }
    for (const key of taken) takenTransitions.add(key);
    for (const id of left) visitedStates.add(id);
    actor.stop();
  }
  return { visitedStates, takenTransitions };
}

/** What a replay compares after each step: the state value and the named fields of `machine`'s context. */
export function valueAndContext<Machine extends AnyStateMachine>(_machine: Machine, ...fields: Array<keyof ContextFrom<Machine> & string>) {
  return (snapshot: AnyMachineSnapshot) => {
    const context = snapshot.context as ContextFrom<Machine>;
    return { value: snapshot.value, ...Object.fromEntries(fields.map((field) => [field, context[field]])) };
  };
}

type MachinePath = StatePath<AnyMachineSnapshot, EventObject>;

/**
 * The paths a model-based test replays: shortest paths to every state, simple paths (unless
 * left out), and
 * for every edge of the state graph the shortest path to its source followed by that edge.
 * The last set is what reaches self-loops and returns to a visited state (such as a reset),
 * which neither shortest nor simple paths contain.
 */
export function modelPaths(
  machine: AnyStateMachine,
  options: Partial<TraversalOptions<AnyMachineSnapshot, EventObject, unknown>>,
  // A machine whose context counts (retries, events seen) has more simple paths than memory:
  // its shortest paths and edges already take every transition.
  { simplePaths = true }: { simplePaths?: boolean } = {},
): MachinePath[] {
  const shortest = getShortestPaths(machine, options) as MachinePath[];
  const simple = simplePaths ? (getSimplePaths(machine, options) as MachinePath[]) : [];
  // Keyed as the adjacency map keys its states: by the test's own serialisation when it has one.
  const keyOf = (state: AnyMachineSnapshot) => (options.serializeState ? options.serializeState(state, undefined, undefined) : serializeSnapshot(state));
  const shortestTo = new Map(shortest.map((path) => [keyOf(path.state), path]));
  const adjacency = getAdjacencyMap(machine, options);
  const edges: MachinePath[] = [];
  for (const [source, { state: from, transitions }] of Object.entries(adjacency)) {
    const prefix = shortestTo.get(source as never);
    if (!prefix) continue;
    for (const { event, state } of Object.values(transitions) as Array<{ event: EventObject; state: unknown }>) {
      // The adjacency map tries every event everywhere; an edge is an event the state accepts.
      if (!(from as AnyMachineSnapshot).can(event)) continue;
      edges.push({
        state: state as AnyMachineSnapshot,
        steps: [...prefix.steps, { event, state: state as AnyMachineSnapshot }],
        weight: prefix.weight + 1,
      });
    }
  }
  return [...shortest, ...simple, ...edges];
}
