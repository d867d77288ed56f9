import { Box, CloseButton, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useState } from 'react';
import { useT } from '../i18n/use-t';

/**
 * A list of short codes typed one by one (PMi / PMr nodes): Enter, comma or leaving the box adds
 * the typed code, each code shows as a removable tag, a code is listed once. A code `accepts`
 * refuses is not added: it stays in the box to be corrected, and `onRefused` hears of it (and
 * of an empty list once an entry is accepted), so a tag is only ever a code the list may hold.
 * `id` and `name` go to the text box so a `<label>` (Field.Label) names it.
 */
export function TagInput({
  id,
  name,
  values,
  onChange,
  accepts = () => true,
  onRefused,
  placeholderKey,
  invalid = false,
}: {
  id?: string;
  name: string;
  values: string[];
  onChange: (values: string[]) => void;
  accepts?: (code: string) => boolean;
  onRefused?: (codes: string[]) => void;
  placeholderKey?: string;
  invalid?: boolean;
}) {
  const t = useT();
  const [draft, setDraft] = useState('');

  function commit(text: string) {
    // A pasted "A, B C" adds every code in it.
    const codes = text.split(/[\s,;]+/).map((code) => code.trim()).filter(Boolean);
    const refused = codes.filter((code) => !accepts(code));
    const next = [...values];
    for (const code of codes) if (!refused.includes(code) && !next.includes(code)) next.push(code);
    if (next.length !== values.length) onChange(next);
    setDraft(refused.join(' '));
    onRefused?.(refused);
  }

  return (
    <Box width="full">
      {values.length > 0 ? (
        <Wrap gap="2" mb="2" role="list" aria-label={name}>
          {values.map((code) => (
            <Tag.Root key={code} size="lg" role="listitem">
              <Tag.Label>{code}</Tag.Label>
              <Tag.EndElement>
                <CloseButton size="2xs" aria-label={t('tags.remove', { code })} onClick={() => onChange(values.filter((item) => item !== code))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      ) : null}
      <HStack>
        <Input
          id={id}
          name={name}
          value={draft}
          aria-invalid={invalid || undefined}
          placeholder={placeholderKey ? t(placeholderKey) : undefined}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => commit(draft)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              // Enter adds the code instead of submitting the whole form.
              event.preventDefault();
              commit(draft);
            } else if (event.key === 'Backspace' && draft === '' && values.length > 0) {
              onChange(values.slice(0, -1));
            }
          }}
        />
      </HStack>
    </Box>
  );
}
