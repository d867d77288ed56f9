import { Alert, Button, HStack } from '@chakra-ui/react';
import { useT } from '../i18n/use-t';
import { ConfirmDialog } from '../ui/confirm-dialog';
import type { Failure } from '../api/read-failure';

/** A form's Cancel and submit buttons, right-aligned; both wait while the form is busy. */
export function FormActions({
  busy,
  submitKey,
  submitDisabled,
  onCancel,
}: {
  busy: boolean;
  submitKey: string;
  /** Holds the submit back for something else in flight (a file upload). */
  submitDisabled?: boolean;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <HStack justify="flex-end" gap="3">
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" colorPalette="blue" loading={busy} disabled={submitDisabled}>
        {t(submitKey)}
      </Button>
    </HStack>
  );
}

/** The question before a changed form is dropped. */
export function DiscardChangesDialog({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog
      open={open}
      titleKey="forms.discard.title"
      textKey="forms.discard.text"
      confirmKey="forms.discard.confirm"
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/**
 * A refused submission's banner. Without `titleKey` it is titled with the server's error text
 * (its own message when the code has no translation); with one (e.g. 'There was a problem
 * creating the contract.') that title leads and the server's reason follows: `detail` when the
 * form reads a more precise one from the refusal's details (which record stood in the way).
 */
export function SubmitFailureAlert({ failure, titleKey, detail }: { failure: Failure; titleKey?: string; detail?: string }) {
  const t = useT();
  const translated = t(failure.messageKey) !== failure.messageKey;
  const reason = detail ?? (translated ? t(failure.messageKey) : failure.serverMessage);
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{titleKey ? t(titleKey) : t(failure.messageKey)}</Alert.Title>
        {titleKey ? <Alert.Description>{reason}</Alert.Description> : !translated && failure.serverMessage ? <Alert.Description>{failure.serverMessage}</Alert.Description> : null}
      </Alert.Content>
    </Alert.Root>
  );
}
