import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../api/api-error';

/**
 * Loads what a page needs once and on `reload()`: `data` is null while loading, `errorKey`
 * is the i18n key of a failure (the server's error code, or a connection error).
 */
export function useLoaded<T>(load: () => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (current) {
          setData(value);
          setErrorKey(null);
        }
      },
      (error: unknown) => {
        if (current) setErrorKey(error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection');
      },
    );
    // A newer load (or leaving the page) makes this answer stale.
    return () => {
      current = false;
    };
    // `load` is the page's fixed loader; `round` asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [round]);

  const reload = useCallback(() => setRound((value) => value + 1), []);
  return { data, errorKey, reload, setData };
}
