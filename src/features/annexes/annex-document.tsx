import { Box, chakra, HStack, Image, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useRequest } from '../../lib/api/use-request';
import { FileDownloadButton } from '../../lib/files/file-upload';
import { fetchFile } from '../../lib/files/files-api';
import { withPdfTitle } from '../../lib/files/pdf-title';
import { useT } from '../../lib/i18n/use-t';
import { ErrorAlert } from '../../lib/ui/error-alert';

/**
 * The annex's document shown in the page: the file is fetched with the bearer token (the
 * `get-file` call, inline) and shown from an object URL, a PDF in a frame (titled with the
 * file's name, not the URL's UUID), an image as an image; plus its name and a download button.
 * The object URL is revoked when the view goes away.
 */
export function AnnexDocument({ fileKey, fileName, fetchBlob = (key) => fetchFile(key, { inline: true }) }: {
  fileKey: string;
  fileName: string;
  /** Replaces the fetch (tests). */
  fetchBlob?: (key: string) => Promise<Blob>;
}) {
  const t = useT();
  // A new key loads the new document.
  const file = useRequest(
    async () => {
      const blob = await fetchBlob(fileKey);
      return blob.type === 'application/pdf' ? withPdfTitle(blob, fileName) : blob;
    },
    { load: [fileKey] },
  );
  const blob = file.state === 'success' ? file.data : null;
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  const shown = file.failure
    ? ({ status: 'failed', errorKey: file.failure.messageKey } as const)
    : blob && url
      ? ({ status: 'ready', url, type: blob.type } as const)
      : ({ status: 'loading' } as const);

  return (
    <Box>
      <HStack mb="3" gap="3" wrap="wrap">
        <Text fontWeight="medium" overflowWrap="anywhere">
          {fileName}
        </Text>
        <FileDownloadButton file={{ key: fileKey, nombre: fileName }} />
      </HStack>
      {shown.status === 'loading' ? (
        <HStack gap="2">
          <Spinner size="sm" />
          <Text>{t('annexes.documentLoading')}</Text>
        </HStack>
      ) : shown.status === 'failed' ? (
        <ErrorAlert messageKey={shown.errorKey} />
      ) : shown.type.startsWith('image/') ? (
        <Image src={shown.url} alt={t('annexes.documentTitle')} maxH="720px" />
      ) : (
        // A frame, not an <object>: the Content-Security-Policy allows blob: frames only.
        <chakra.iframe src={shown.url} title={t('annexes.documentTitle')} width="100%" height="720px" borderWidth="1px" borderRadius="md" />
      )}
    </Box>
  );
}
