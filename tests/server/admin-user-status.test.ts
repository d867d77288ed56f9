// @vitest-environment node
// The user-status machine the server (and later the admin screens) decide status changes with.
import { getShortestPaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  adminEventFor,
  adminTargetsFrom,
  nextUserStatus,
  userStatusMachine,
  type UserStatus,
  type UserStatusEvent,
} from '../../machines/users/user-status.machine';

const STATES: UserStatus[] = ['pending', 'active', 'inactive'];
const EVENTS: UserStatusEvent[] = [{ type: 'firstSignIn.completed' }, { type: 'admin.deactivate' }, { type: 'admin.activate' }];

// The whole rule as a table: every status and every change an administrator may ask for.
const ALLOWED: Record<string, UserStatus> = {
  'pending firstSignIn.completed': 'active',
  'active admin.deactivate': 'inactive',
  'inactive admin.activate': 'active',
};

describe('user status machine', () => {
  it('allows exactly the transitions of the rule, from every state and for every event', () => {
    for (const state of STATES) {
      for (const event of EVENTS) {
        expect(nextUserStatus(state, event), `${state} ${event.type}`).toBe(ALLOWED[`${state} ${event.type}`] ?? null);
      }
    }
  });

  it('reaches every state from a new account, and inactive only through active', () => {
    const paths = getShortestPaths(userStatusMachine, { events: EVENTS });
    const byState = Object.fromEntries(paths.map((path) => [String(path.state.value), path.steps.map((step) => String(step.event.type)).filter((type) => type !== 'xstate.init')]));
    expect(byState).toEqual({
      pending: [],
      active: ['firstSignIn.completed'],
      inactive: ['firstSignIn.completed', 'admin.deactivate'],
    });
  });

  it('offers an administrator only the allowed targets', () => {
    expect(adminTargetsFrom('pending')).toEqual([]);
    expect(adminTargetsFrom('active')).toEqual(['inactive']);
    expect(adminTargetsFrom('inactive')).toEqual(['active']);
    expect(adminEventFor('inactive')).toEqual({ type: 'admin.deactivate' });
  });
});
