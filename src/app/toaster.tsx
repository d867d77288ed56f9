import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
  type CreateToasterReturn,
} from '@chakra-ui/react';
import { useSelector } from '@xstate/store-react';
import { useEffect, useState } from 'react';
import { useFormat } from '../lib/format/use-format';
import { useT } from '../lib/i18n/use-t';
import { defer, notificationsStore } from './notifications';

/** Toasts of spec section 9: top right, closing after 6000 ms, at most one on screen. */
export const TOAST_DURATION_MS = 6000;

export const toaster: CreateToasterReturn = createToaster({
  placement: 'top-end',
  // Below the top bar, not over it: the account menu stays in reach while a toast shows.
  offsets: { top: 'calc(var(--chakra-sizes-top-bar) + 1rem)', right: '1rem', bottom: '1rem', left: '1rem' },
  duration: TOAST_DURATION_MS,
  // The notifications store hands over one at a time; the toaster never shows more.
  max: 1,
  pauseOnPageIdle: true,
});

/**
 * Whether the toaster has started listening: its machine starts a moment after it mounts (a
 * microtask of its layout effect), and a toast created before is kept by the toaster but never
 * shown. So the queue waits one task after mounting; it matters when the toaster mounts with a
 * notification already waiting (providers.tsx loads it with the first one).
 */
function useToasterStarted(): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setStarted(true));
    return () => clearTimeout(timer);
  }, []);
  return started;
}

/** Shows the first queued notification; when it closes it leaves the queue and the next one shows. */
function useShowQueue() {
  const next = useSelector(notificationsStore, (snapshot) => snapshot.context.queue[0]);
  const waiting = useSelector(notificationsStore, (snapshot) => snapshot.context.queue.length > 1);
  const answerWaiting = useSelector(notificationsStore, (snapshot) => snapshot.context.queue.slice(1).some((notification) => !notification.background));
  const started = useToasterStarted();
  useEffect(() => {
    if (!next || !started) return;
    const { id, message, type = 'info', description, duration, closable = true } = next;
    toaster.create({
      id,
      // A wording is worded as the toast renders (AppToaster), in the language of that moment.
      title: typeof message === 'string' ? message : id,
      description,
      type,
      duration: duration ?? TOAST_DURATION_MS,
      closable,
      onStatusChange: ({ status }) => {
        if (status === 'unmounted') notificationsStore.trigger.dismissed({ id });
      },
    });
  }, [next, started]);
  // A success only confirms what the user just saw happen: a newer notification closes it
  // rather than wait behind it (a "Payment recorded" still on screen beside the next refusal
  // reads as if that one had succeeded too). Errors, warnings and information keep their turn.
  // Closing it unmounts it, which leaves the queue and shows the newer one. After this render:
  // the toaster updates its own tree synchronously, which React refuses inside an effect.
  // A background notification (an alert a poll found) leaves the screen for one that answers
  // the user, and comes back after it.
  useEffect(() => {
    if (next?.type === 'success' && waiting) queueMicrotask(() => toaster.dismiss(next.id));
    else if (next?.background && answerWaiting) {
      defer(next.id);
      queueMicrotask(() => toaster.dismiss(next.id));
    }
  }, [next, waiting, answerWaiting]);
}

/** Renders the toasts; mounted once by the app providers. */
export function AppToaster() {
  const t = useT();
  const format = useFormat();
  const showing = useSelector(notificationsStore, (snapshot) => snapshot.context.queue[0]);
  useShowQueue();
  /** The toast's title: the message it was made with, or its notification's wording, worded now. */
  const titleOf = (toast: { id?: string; title?: unknown }) =>
    showing && showing.id === toast.id && typeof showing.message === 'function' ? showing.message(t, format) : (toast.title as string | undefined);
  return (
    <Portal>
      {/* The toasts' layer, not the topmost (the toast library's inline default): a menu the user
          opens where a toast shows (the account menu, just below the top bar) comes over it. */}
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} zIndex="toast !important">
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{titleOf(toast)}</Toast.Title> : null}
              {toast.description ? <Toast.Description>{toast.description}</Toast.Description> : null}
            </Stack>
            {toast.action ? <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger> : null}
            {toast.closable ? <Toast.CloseTrigger aria-label={t('toast.close')} /> : null}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
