import { Button, Field, HStack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useT } from '../i18n/use-t';
import { FileChooser } from './file-chooser';

/**
 * The file field of an import: the chooser, the name of the file chosen (or that none is), and
 * the button that imports it. The page keeps what the import answers; to start again with no
 * file (after a file was stored) it gives the field a new `key`.
 */
export function ImportFileField({ labelKey, accept, busy, importKey, onImport }: { labelKey: string; accept: string; busy: boolean; importKey: string; onImport: (file: File) => void }) {
  const t = useT();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  return (
    <Field.Root>
      <Field.Label htmlFor={inputId}>{t(labelKey)}</Field.Label>
      <HStack gap="3" wrap="wrap">
        <FileChooser id={inputId} accept={accept} disabled={busy} invalid={false} onChoose={setFile} />
        <Text textStyle="sm" color={file ? undefined : 'fg.muted'}>
          {file ? file.name : t('marketData.import.noFile')}
        </Text>
        <Button size="sm" colorPalette="blue" disabled={!file} loading={busy} onClick={() => file && onImport(file)}>
          {t(importKey)}
        </Button>
      </HStack>
    </Field.Root>
  );
}
