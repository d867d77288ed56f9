import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A yes/no question before an action (deleting a record, dropping unsaved changes); shared by the
 * business areas. `children` follow the text (what to do next, a link).
 */
export function ConfirmDialog({
  open,
  titleKey,
  textKey,
  textParams,
  confirmKey,
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  titleKey: string;
  textKey: string;
  textParams?: Record<string, string>;
  confirmKey: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onCancel();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t(titleKey)}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t(textKey, textParams)}</Text>
              {children}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel}>
                {t('common.cancel')}
              </Button>
              <Button colorPalette="red" loading={busy} onClick={onConfirm}>
                {t(confirmKey)}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
