import { Box, Button, chakra, type BoxProps } from '@chakra-ui/react';
import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useT } from '../i18n/use-t';

/** What a page may do with the chooser: forget the file chosen (so the same one can be chosen again). */
export interface FileChooserHandle {
  clear(): void;
}

/**
 * A file input whose button speaks the page's language. The native control stays the
 * focusable, labelled one (a screen reader and the keyboard use it, by `id` from the field's
 * label); its own button speaks the browser's language, so it is hidden and a translated one
 * stands in for it, showing the input's focus.
 */
export const FileChooser = forwardRef<
  FileChooserHandle,
  {
    id: string;
    accept: string;
    disabled: boolean;
    invalid: boolean;
    /** The file chosen; not called when the user closes the dialog without one. */
    onChoose: (file: File) => void;
  } & Pick<BoxProps, 'flex' | 'minW'>
>(function FileChooser({ id, accept, disabled, invalid, onChoose, ...box }, handle) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(handle, () => ({
    clear() {
      if (input.current) input.current.value = '';
    },
  }));
  return (
    <Box position="relative" {...box}>
      <chakra.input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        disabled={disabled}
        aria-invalid={invalid}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onChoose(file);
        }}
        position="absolute"
        opacity="0"
        width="1px"
        height="1px"
        overflow="hidden"
        css={{ '&:focus-visible + button': { outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' } }}
      />
      <Button size="sm" variant="outline" tabIndex={-1} aria-hidden disabled={disabled} onClick={() => input.current?.click()}>
        {t('files.choose')}
      </Button>
    </Box>
  );
});
