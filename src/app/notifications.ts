import { createStore } from '@xstate/store';
import type { Formatters } from '../lib/format/use-format';
import type { Translate } from '../lib/i18n/use-t';

/**
 * The notifications waiting to be shown (spec sections 3 and 9), a small store shared by every
 * page: `notify` queues one, the toaster shows the first and dismisses it when it closes, so
 * at most one is on screen and the next waits its turn.
 */

/**
 * A message worded when it shows, in the reader's language then: for a notification that may
 * wait its turn through a language switch (a background one).
 */
export type Wording = (t: Translate, format: Formatters) => string;

/** A notification of spec section 3: a message, its type, and the caller's further fields. */
interface Notification {
  /** Text shown to the user, already translated, or worded when it shows. */
  message?: string | Wording | null;
  type?: 'success' | 'error' | 'warning' | 'info' | 'loading';
  /** A second line under the message. */
  description?: string;
  /** Milliseconds on screen; spec section 9 by default. */
  duration?: number;
  closable?: boolean;
  /**
   * Not an answer to what the user just did (a guarantee alert found by a poll): it gives way to
   * one that is, waiting behind it, and leaves the screen for it, to come back after it.
   */
  background?: boolean;
}

/** A queued notification: the message is there, and the id is its creation time. */
type QueuedNotification = Notification & { id: string; message: string | Wording };

export const notificationsStore = createStore({
  context: { queue: [] as QueuedNotification[], lastId: 0 },
  on: {
    queued: (context, event: { notification: QueuedNotification; at: number }) => ({
      queue: inTurn(context.queue, event.notification),
      lastId: event.at,
    }),
    // A background notification on screen gives way: it goes behind the others, as a new one.
    deferred: (context, event: { id: string; at: number }) => {
      const deferred = context.queue.find((notification) => notification.id === event.id);
      if (!deferred) return context;
      const rest = context.queue.filter((notification) => notification !== deferred);
      return { queue: [...rest, { ...deferred, id: String(event.at) }], lastId: event.at };
    },
    dismissed: (context, event: { id: string }) => ({
      ...context,
      queue: context.queue.filter((notification) => notification.id !== event.id),
    }),
  },
});

/**
 * Where a new notification waits: at the end, or, when it answers the user, before every waiting
 * background one (the first of the queue is on screen and keeps its place).
 */
function inTurn(queue: readonly QueuedNotification[], notification: QueuedNotification): QueuedNotification[] {
  const firstBackground = notification.background ? -1 : queue.findIndex((waiting, index) => index > 0 && waiting.background);
  return firstBackground === -1 ? [...queue, notification] : [...queue.slice(0, firstBackground), notification, ...queue.slice(firstBackground)];
}

/** The next id: the time in milliseconds, or one more than the last when that is not later. */
const nextId = () => Math.max(Date.now(), notificationsStore.getSnapshot().context.lastId + 1);

/** Sends the background notification `id` behind the others (it left the screen for one that answers the user). */
export function defer(id: string): void {
  notificationsStore.trigger.deferred({ id, at: nextId() });
}

/**
 * Queues a notification. One without a message is ignored (spec section 3) and gives null;
 * otherwise the id is the creation time in milliseconds (two in the same millisecond get the
 * next one, so ids stay unique).
 */
export function notify({ message, ...rest }: Notification): string | null {
  if (!message) return null;
  const at = nextId();
  const id = String(at);
  notificationsStore.trigger.queued({ notification: { ...rest, message, id }, at });
  return id;
}
