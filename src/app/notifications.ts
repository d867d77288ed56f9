import { createStore } from '@xstate/store';

/**
 * The notifications waiting to be shown (spec sections 3 and 9), a small store shared by every
 * page: `notify` queues one, the toaster shows the first and dismisses it when it closes, so
 * at most one is on screen and the next waits its turn.
 */

/** A notification of spec section 3: a message, its type, and the caller's further fields. */
interface Notification {
  /** Text shown to the user, already translated. */
  message?: string | null;
  type?: 'success' | 'error' | 'warning' | 'info' | 'loading';
  /** A second line under the message. */
  description?: string;
  /** Milliseconds on screen; spec section 9 by default. */
  duration?: number;
  closable?: boolean;
}

/** A queued notification: the message is there, and the id is its creation time. */
type QueuedNotification = Notification & { id: string; message: string };

export const notificationsStore = createStore({
  context: { queue: [] as QueuedNotification[], lastId: 0 },
  on: {
    queued: (context, event: { notification: QueuedNotification; at: number }) => ({
      queue: [...context.queue, event.notification],
      lastId: event.at,
    }),
    dismissed: (context, event: { id: string }) => ({
      ...context,
      queue: context.queue.filter((notification) => notification.id !== event.id),
    }),
  },
});

/**
 * Queues a notification. One without a message is ignored (spec section 3) and gives null;
 * otherwise the id is the creation time in milliseconds (two in the same millisecond get the
 * next one, so ids stay unique).
 */
export function notify({ message, ...rest }: Notification): string | null {
  if (!message) return null;
  const at = Math.max(Date.now(), notificationsStore.getSnapshot().context.lastId + 1);
  const id = String(at);
  notificationsStore.trigger.queued({ notification: { ...rest, message, id }, at });
  return id;
}
