import {
  Toaster as ChakraToaster,
  Portal,
  Spinner,
  Stack,
  Toast,
  createToaster,
  type CreateToasterReturn,
} from '@chakra-ui/react';
import { useT } from '../lib/i18n/use-t';

/** Toasts of spec section 9: top right, closing after 6000 ms, at most one on screen. */
export const TOAST_DURATION_MS = 6000;

export const toaster: CreateToasterReturn = createToaster({
  placement: 'top-end',
  duration: TOAST_DURATION_MS,
  // Further toasts wait in the queue until the visible one closes.
  max: 1,
  pauseOnPageIdle: true,
});

type ToastOptions = Parameters<CreateToasterReturn['create']>[0];

/** A notification of spec section 3: a message, its type, and any further toast options. */
export type Notification = Omit<ToastOptions, 'id' | 'title' | 'type'> & {
  /** Text shown to the user, already translated. */
  message?: string | null;
  type?: 'success' | 'error' | 'warning' | 'info' | 'loading';
};

/**
 * Shows a toast. A notification without a message is ignored (spec section 3) and gives null;
 * otherwise the id is the creation time (`Date.now()`), as the spec defines it.
 */
export function notify({ message, type = 'info', ...rest }: Notification): string | null {
  if (!message) return null;
  const id = String(Date.now());
  return toaster.create({ ...rest, id, title: message, type, closable: rest.closable ?? true });
}

/** Renders the toasts; mounted once by the app providers. */
export function AppToaster() {
  const t = useT();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <Toast.Indicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title ? <Toast.Title>{toast.title}</Toast.Title> : null}
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
