import { Dialog, Portal } from '@chakra-ui/react';
import type { ComponentProps, ReactNode } from 'react';

/**
 * The product's dialog: Chakra's scaffold (portal, backdrop, positioner, header with its title,
 * body, footer) written once. Closing it any way (Escape, the backdrop, a footer button the
 * caller wires) calls `onClose`. `role="alertdialog"` for a question that needs an answer.
 */
export function AppDialog({
  open,
  title,
  onClose,
  footer,
  children,
  role,
  size,
  scrollBehavior,
}: {
  open: boolean;
  /** The title, already translated. */
  title: string;
  onClose: () => void;
  /** The buttons. */
  footer: ReactNode;
  /** The body; none leaves the dialog without one. */
  children?: ReactNode;
  role?: ComponentProps<typeof Dialog.Root>['role'];
  size?: ComponentProps<typeof Dialog.Root>['size'];
  scrollBehavior?: ComponentProps<typeof Dialog.Root>['scrollBehavior'];
}) {
  return (
    <Dialog.Root
      role={role}
      size={size}
      scrollBehavior={scrollBehavior}
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children ? <Dialog.Body>{children}</Dialog.Body> : null}
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
