import { Alert, Box, chakra, HStack, Image, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api/api-error';
import { FileDownloadButton } from '../../lib/files/file-upload';
import { fetchFile } from '../../lib/files/files-api';
import { useT } from '../../lib/i18n/use-t';

type Shown = { status: 'loading' } | { status: 'ready'; url: string; type: string } | { status: 'failed'; errorKey: string };

/**
 * The annex's document shown in the page: the file is fetched with the bearer token (the
 * `get-file` call, inline) and shown from an object URL, a PDF in a frame, an image as
 * an image; plus a download button. The object URL is revoked when the view goes away.
 */
export function AnnexDocument({ fileKey, fileName, fetchBlob = (key) => fetchFile(key, { inline: true }) }: {
  fileKey: string;
  fileName: string;
  /** Replaces the fetch (tests). */
  fetchBlob?: (key: string) => Promise<Blob>;
}) {
  const t = useT();
  const [shown, setShown] = useState<Shown>({ status: 'loading' });

  useEffect(() => {
    let url: string | null = null;
    let current = true;
    setShown({ status: 'loading' });
    fetchBlob(fileKey).then(
      (blob) => {
        if (!current) return;
        url = URL.createObjectURL(blob);
        setShown({ status: 'ready', url, type: blob.type });
      },
      (error: unknown) => {
        if (current) setShown({ status: 'failed', errorKey: error instanceof ApiError && error.code ? `errors.${error.code}` : 'forms.errors.connection' });
      },
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
    // `fetchBlob` is fixed for the view; a new key loads the new document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fileKey]);

  return (
    <Box>
      <HStack mb="3" gap="3">
        <FileDownloadButton file={{ key: fileKey, nombre: fileName }} />
      </HStack>
      {shown.status === 'loading' ? (
        <HStack gap="2">
          <Spinner size="sm" />
          <Text>{t('annexes.documentLoading')}</Text>
        </HStack>
      ) : shown.status === 'failed' ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t(shown.errorKey)}</Alert.Title>
        </Alert.Root>
      ) : shown.type.startsWith('image/') ? (
        <Image src={shown.url} alt={t('annexes.documentTitle')} maxH="720px" />
      ) : (
        // A frame, not an <object>: the Content-Security-Policy allows blob: frames only.
        <chakra.iframe src={shown.url} title={t('annexes.documentTitle')} width="100%" height="720px" borderWidth="1px" borderRadius="md" />
      )}
    </Box>
  );
}
