import { Button, Field, HStack, Spinner, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef } from 'react';
import { FILE_ACCEPT, type StoredFile } from '../../../schemas/file.schema';
import { useRequest } from '../api/use-request';
import { useT } from '../i18n/use-t';
import { FileChooser, type FileChooserHandle } from './file-chooser';
import { downloadFile, uploadFile } from './files-api';

/** A stored file as a form keeps it: the key the entity stores and the name to show. */
interface UploadedFile {
  key: string;
  nombre: string;
}

/** Saving a stored file to the user's disk, through the request machine; its failure, read once. */
function useDownload(file: UploadedFile | undefined) {
  return useRequest(() => (file ? downloadFile(file.key, file.nombre) : Promise.resolve()));
}

/**
 * One file field: pick a PDF, PNG or JPEG, it is uploaded at once (the server checks size and
 * content), then shown with its name, a download button and a remove button. The form keeps
 * only the answer's key. `error` is a message of the form (e.g. "required") shown beside it.
 */
export function FileUpload({
  labelKey,
  tipo,
  value,
  onUploaded,
  onCleared,
  onBusyChange,
  required = false,
  error,
  upload = uploadFile,
  accept = FILE_ACCEPT,
  hintKey = 'files.hint',
}: {
  labelKey: string;
  /** The catalogue id of the file type (`FILE_TYPES` of the file schema). */
  tipo?: number;
  value: UploadedFile | undefined;
  onUploaded: (file: UploadedFile, stored: StoredFile) => void;
  onCleared: () => void;
  /** Told when an upload starts and ends, so the form can wait before submitting. */
  onBusyChange?: (busy: boolean) => void;
  required?: boolean;
  /** A translated message of the form, beside the field. */
  error?: string;
  /** Replaces the upload call (tests). */
  upload?: (file: File, tipo?: number) => Promise<StoredFile>;
  /** What the browser's file dialog offers, and the hint that says it (a field that takes other types than the usual PDF and images). */
  accept?: string;
  hintKey?: string;
}) {
  const t = useT();
  const inputId = useId();
  const chooser = useRef<FileChooserHandle>(null);
  const uploading = useRequest((file: File) => upload(file, tipo), {
    onSuccess: (stored) => onUploaded({ key: stored.key, nombre: stored.nombre }, stored),
  });
  const download = useDownload(value);
  const busy = uploading.state === 'loading';

  // The form hears when an upload starts and when it ends (not of the idle start).
  const told = useRef({ onBusyChange, busy });
  useEffect(() => {
    const previous = told.current.busy;
    told.current.busy = busy;
    if (previous === busy) return;
    told.current.onBusyChange?.(busy);
    // The same file picked again after a failure must fire a change again.
    if (!busy) chooser.current?.clear();
  }, [busy]);
  told.current.onBusyChange = onBusyChange;

  const failure = uploading.failure ?? download.failure;
  const message = failure ? t(failure.messageKey) : error;
  return (
    <Field.Root invalid={message !== undefined} required={required}>
      <Field.Label htmlFor={inputId}>
        {t(labelKey)}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <HStack gap="3" wrap="wrap" width="full">
        <FileChooser
          ref={chooser}
          id={inputId}
          accept={accept}
          disabled={busy}
          invalid={message !== undefined}
          flex="1"
          minW="14rem"
          onChoose={(file) => {
            download.reset();
            uploading.send(file);
          }}
        />
        {busy ? (
          <HStack gap="2">
            <Spinner size="sm" />
            <Text textStyle="sm">{t('files.uploading')}</Text>
          </HStack>
        ) : null}
      </HStack>
      {value && !busy ? (
        <HStack gap="2" wrap="wrap">
          <Text textStyle="sm" data-testid="uploaded-file">
            {t('files.uploaded', { name: value.nombre })}
          </Text>
          <Button size="xs" variant="outline" loading={download.state === 'loading'} onClick={() => download.send()}>
            {t('files.download')}
          </Button>
          <Button size="xs" variant="ghost" colorPalette="red" onClick={onCleared} aria-label={t('files.removeNamed', { name: value.nombre })}>
            {t('files.remove')}
          </Button>
        </HStack>
      ) : null}
      {!message ? <Field.HelperText>{t(hintKey)}</Field.HelperText> : <Field.ErrorText>{message}</Field.ErrorText>}
    </Field.Root>
  );
}

/** A download button for a stored file (views of companies, contracts, annexes). */
export function FileDownloadButton({ file, labelKey = 'files.download' }: { file: UploadedFile; labelKey?: string }) {
  const t = useT();
  const download = useDownload(file);
  return (
    <HStack gap="2">
      <Button
        size="xs"
        variant="outline"
        loading={download.state === 'loading'}
        aria-label={t('files.downloadNamed', { name: file.nombre })}
        onClick={() => download.send()}
      >
        {t(labelKey)}
      </Button>
      {download.failure ? (
        <Text textStyle="sm" color="fg.error" role="alert">
          {t(download.failure.messageKey)}
        </Text>
      ) : null}
    </HStack>
  );
}
