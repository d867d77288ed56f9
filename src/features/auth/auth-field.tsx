import { Box, Button, Field, Input, Link, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'wouter';
import { loadIdentityClient } from '../../lib/identity/load-identity-client';

export interface AuthFieldProps extends Omit<InputProps, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  invalid?: boolean;
  /** Shown under the input while `invalid`; leave out when a page-level alert says it. */
  error?: string;
  /** Guidance shown under the input whatever its state (the password policy). */
  helper?: ReactNode;
}

/** A labelled text input of the sign-in pages, with its helper and error text. */
export function AuthField({ label, value, onValueChange, invalid, error, helper, ...input }: AuthFieldProps) {
  return (
    <Field.Root invalid={invalid}>
      <Field.Label>{label}</Field.Label>
      <Input {...input} value={value} onChange={(event) => onValueChange(event.target.value)} />
      {helper && (
        <Field.HelperText asChild>
          <Box>{helper}</Box>
        </Field.HelperText>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/** An auth form's one button: full width, busy while its request runs. */
export function AuthSubmit({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <Button type="submit" colorPalette="blue" loading={busy} width="full">
      {children}
    </Button>
  );
}

/** The link under an auth form to the other sign-in page (back to the login, to the forgotten password). */
export function AuthLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Box textAlign="center">
      <Link asChild colorPalette="blue">
        <RouterLink href={href}>{children}</RouterLink>
      </Link>
    </Box>
  );
}

/**
 * An auth form's focus handler: the identity client (loaded on demand, not with the page)
 * downloads while the visitor types, so submitting does not wait for it.
 */
export function prefetchIdentityClient(): void {
  // A failed download is retried by the submit itself, which reports it.
  loadIdentityClient().catch(() => undefined);
}
