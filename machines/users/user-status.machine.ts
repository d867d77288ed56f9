import { getNextSnapshot, setup } from 'xstate';
import type { UserStatus } from '../../schemas/user.schema';

/**
 * The lifecycle of a user account (spec section 4, User status), the one place its rule lives:
 * the server decides with it whether a status change is allowed and the admin screens use it
 * to offer only the allowed actions.
 *
 * - pending -> active: the identity service reports that the first sign-in set a new password;
 * - active -> inactive and inactive -> active: an administrator's decision.
 * Nothing else: a pending account cannot be switched off or on by hand (it has never signed
 * in), and no event leads back to pending.
 */
export type { UserStatus };

export type UserStatusEvent =
  | { type: 'firstSignIn.completed' }
  | { type: 'admin.deactivate' }
  | { type: 'admin.activate' };

export const userStatusMachine = setup({
  types: {
    events: {} as UserStatusEvent,
  },
}).createMachine({
  id: 'userStatus',
  initial: 'pending',
  states: {
    pending: { on: { 'firstSignIn.completed': 'active' } },
    active: { on: { 'admin.deactivate': 'inactive' } },
    inactive: { on: { 'admin.activate': 'active' } },
  },
});

/** The event an administrator sends to put an account in `target` (only active / inactive). */
export function adminEventFor(target: 'active' | 'inactive'): UserStatusEvent {
  return target === 'inactive' ? { type: 'admin.deactivate' } : { type: 'admin.activate' };
}

/** The status after `event`, or null when the event is not allowed from `current`. */
export function nextUserStatus(current: UserStatus, event: UserStatusEvent): UserStatus | null {
  const snapshot = userStatusMachine.resolveState({ value: current });
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(userStatusMachine, snapshot, event).value as UserStatus;
}

/** The status changes an administrator may make from `current` (what the list offers). */
export function adminTargetsFrom(current: UserStatus): Array<'active' | 'inactive'> {
  return (['active', 'inactive'] as const).filter((target) => nextUserStatus(current, adminEventFor(target)) === target);
}
