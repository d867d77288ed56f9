import { Button, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { TranslationParams } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { AppDialog } from './app-dialog';

/**
 * How the confirm button looks. The rule: `danger` (red) for what destroys, removes or cuts off
 * and cannot be taken back from the screen (delete, discard changes, stop a run, switch an
 * account off); `primary` (the brand palette) for a step forward, however final (request an
 * invoice, compute or validate a settlement): red there would read as a delete.
 */
export type ConfirmTone = 'danger' | 'primary';

const TONE_PALETTE: Record<ConfirmTone, string> = { danger: 'red', primary: 'brand' };

/**
 * A yes/no question before an action (deleting a record, dropping unsaved changes, requesting an
 * invoice); shared by the business areas. `tone` colours the confirm button (`danger` unless
 * said). `children` follow the text (what to do next, a link).
 */
export function ConfirmDialog({
  open,
  titleKey,
  textKey,
  textParams,
  confirmKey,
  tone = 'danger',
  busy = false,
  onConfirm,
  onCancel,
  children,
}: {
  open: boolean;
  titleKey: string;
  textKey: string;
  textParams?: TranslationParams;
  confirmKey: string;
  tone?: ConfirmTone;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <AppDialog
      role="alertdialog"
      open={open}
      title={t(titleKey)}
      onClose={onCancel}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button colorPalette={TONE_PALETTE[tone]} loading={busy} onClick={onConfirm}>
            {t(confirmKey)}
          </Button>
        </>
      }
    >
      <Text>{t(textKey, textParams)}</Text>
      {children}
    </AppDialog>
  );
}
