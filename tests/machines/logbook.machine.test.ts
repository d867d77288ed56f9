// @vitest-environment node
// The log book lifecycle (machines/logbooks/logbook.machine.ts): model-based on a real actor,
// the server's decision with its reason, and what a page is offered.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { availableLogbookCommands, logbookMachine, logbookTransition, type LogbookCommand, type LogbookFacts } from '../../machines/logbooks/logbook.machine';
import { DeferredActors, definedStateIds, definedTransitionKeys, modelPaths, replayPaths } from './model-harness';

const facts = (overrides: Partial<LogbookFacts> = {}): LogbookFacts => ({ estado: 'borrador', filas: 24, cerrada: false, ...overrides });

const edit: LogbookCommand = { type: 'logbook.edit' };
const send: LogbookCommand = { type: 'logbook.send' };
const supersede: LogbookCommand = { type: 'logbook.supersede' };

type LogbookSnapshot = SnapshotFrom<typeof logbookMachine>;

describe('log book machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    // A page opens on a stored log book in any state, before or after its gate closes.
    const openings = [facts(), facts({ filas: 0 }), facts({ estado: 'enviada' }), facts({ estado: 'reemplazada' }), facts({ cerrada: true })];
    for (const input of openings) {
      const paths = modelPaths(logbookMachine, { events: [edit, send, supersede], input });
      const run = await replayPaths(paths, {
        start: (_: DeferredActors) => logbookMachine,
        input,
        observe: (snapshot) => ({ value: (snapshot as LogbookSnapshot).value, status: (snapshot as LogbookSnapshot).status }),
      });
      for (const id of run.visitedStates) visited.add(id);
      for (const transition of run.takenTransitions) taken.add(transition);
    }
    expect([...visited].filter((id) => id !== logbookMachine.id).sort()).toEqual(definedStateIds(logbookMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(logbookMachine));
  });
});

describe('log book machine, the server’s decisions', () => {
  it('lets a draft be edited and sent before the gate closes, and a sent one only be superseded', () => {
    expect(logbookTransition(facts(), edit)).toEqual({ allowed: true, estado: 'borrador' });
    expect(logbookTransition(facts(), send)).toEqual({ allowed: true, estado: 'enviada' });
    expect(logbookTransition(facts({ estado: 'enviada' }), supersede)).toEqual({ allowed: true, estado: 'reemplazada' });
  });

  it('refuses with the reason a user can act on', () => {
    expect(logbookTransition(facts({ filas: 0 }), send)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_EMPTY' });
    expect(logbookTransition(facts({ estado: 'enviada' }), edit)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_SENT' });
    expect(logbookTransition(facts({ estado: 'enviada' }), send)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_SENT' });
    expect(logbookTransition(facts(), supersede)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_NOT_SENT' });
    expect(logbookTransition(facts({ estado: 'reemplazada' }), edit)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_REPLACED' });
    for (const command of [edit, send]) expect(logbookTransition(facts({ cerrada: true }), command)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_CLOSED' });
    expect(logbookTransition(facts({ estado: 'enviada', cerrada: true }), supersede)).toEqual({ allowed: false, code: 'APP_ERR_LOGBOOK_CLOSED' });
  });

  it('offers a page exactly the commands the server allows', () => {
    expect(availableLogbookCommands(facts())).toEqual(['logbook.edit', 'logbook.send']);
    expect(availableLogbookCommands(facts({ filas: 0 }))).toEqual(['logbook.edit']);
    expect(availableLogbookCommands(facts({ estado: 'enviada' }))).toEqual(['logbook.supersede']);
    expect(availableLogbookCommands(facts({ cerrada: true }))).toEqual([]);
    expect(availableLogbookCommands(facts({ estado: 'reemplazada' }))).toEqual([]);
  });
});
