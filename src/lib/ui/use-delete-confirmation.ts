import { useState } from 'react';
import { ApiError } from '../api/api-error';

/**
 * Deleting a record after a yes/no question: `request()` opens the question (and clears the
 * last refusal), `dialogFor(record)` gives the `ConfirmDialog` its open/busy/confirm/cancel
 * props, and `refusal` is the i18n key of the server's refusal (or a connection error).
 * `remove` is the API call; `onDeleted` runs after it succeeded.
 */
export function useDeleteConfirmation<T>(remove: (record: T) => Promise<unknown>, onDeleted: (record: T) => void) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  async function confirmDelete(record: T) {
    setDeleting(true);
    try {
      await remove(record);
      onDeleted(record);
    } catch (error) {
      setRefusal(error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection');
    } finally {
      setDeleting(false);
      setConfirming(false);
    }
  }

  return {
    refusal,
    request: () => {
      setRefusal(null);
      setConfirming(true);
    },
    dialogFor: (record: T) => ({
      open: confirming,
      busy: deleting,
      onConfirm: () => void confirmDelete(record),
      onCancel: () => setConfirming(false),
    }),
  };
}
