import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import type { ComponentType, ReactNode } from 'react';
import { Link, Route, Switch, useLocation, useParams } from 'wouter';
import { NotAuthorizedPage } from '../../app/pages/not-authorized-page';
import { notify } from '../../app/notifications';
import { leaveTarget } from '../forms/use-leave-guard';
import type { TranslationParams } from '../i18n/i18n';
import { useT } from '../i18n/use-t';
import { useRequest } from '../api/use-request';
import { ErrorAlert } from './error-alert';

/** The card around a record's create or edit form, titled with a level-2 heading. */
function FormCard({ titleKey, children }: { titleKey: string; children: ReactNode }) {
  const t = useT();
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t(titleKey)}</Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * A create or edit route: loads what its form needs (the record, the choices), then shows
 * the form in a `FormCard`; a load failure shows its message instead.
 */
export function RecordFormRoute<T>({ titleKey, load, children }: { titleKey: string; load: () => Promise<T>; children: (loaded: T) => ReactNode }) {
  const loaded = useRequest(load, { load: [] });
  if (loaded.failure) return <ErrorAlert messageKey={loaded.failure.messageKey} />;
  if (loaded.data === null) return null;
  return <FormCard titleKey={titleKey}>{children(loaded.data)}</FormCard>;
}

/**
 * What a record area does when its form ends: a saved record is announced (`savedKey`, with
 * its `id` and what `savedParams` reads of it) and opened at `/<id>` of the area; a form left goes to the link the user followed,
 * or to `cancelTo` after its Cancel button.
 */
export function useRecordFormOutcome<R extends { id: number }>(savedKey: string, cancelTo: string, savedParams?: (saved: R) => TranslationParams) {
  const t = useT();
  const [, navigate] = useLocation();
  return {
    onSaved: (saved: R) => {
      notify({ type: 'success', message: t(savedKey, { id: String(saved.id), ...savedParams?.(saved) }) });
      navigate(`/${saved.id}`);
    },
    onLeft: (href: string | null) => navigate(leaveTarget(href, cancelTo)),
  };
}

/**
 * A record list with, above it, a line of introduction (`introKey`) and its "new" link (to the
 * nested creation route, `/nuevo` unless `newHref` says otherwise) when the user may create.
 */
export function RecordListLayout({
  newKey,
  newHref = '/nuevo',
  introKey,
  canCreate,
  children,
}: {
  newKey: string;
  newHref?: string;
  introKey?: string;
  canCreate: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Stack gap="4">
      {canCreate || introKey ? (
        <HStack justify={introKey ? 'space-between' : 'flex-end'} wrap="wrap">
          {introKey ? <Text color="fg.muted">{t(introKey)}</Text> : null}
          {canCreate ? (
            <Button asChild colorPalette="blue">
              <Link href={newHref}>{t(newKey)}</Link>
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {children}
    </Stack>
  );
}

/** A record route's id, or nothing for a path that is not one (it shows the not-found text). */
function useRecordId(): number | null {
  const { id } = useParams<{ id: string }>();
  return /^\d{1,9}$/.test(id ?? '') ? Number(id) : null;
}

type RecordRouteComponent = ComponentType<{ id: number }>;

export function RecordRoute({ route: Page, notFoundKey }: { route: RecordRouteComponent; notFoundKey: string }) {
  const id = useRecordId();
  if (id === null) return <ErrorAlert messageKey={notFoundKey} />;
  // A new id is a new page: nothing of the previous record may linger.
  return <Page key={id} id={id} />;
}

/**
 * A record area's nested routes: `/` the list, `/nuevo` (`createPath`) the creation form, `/:id` one record
 * (when the area has a record page), `/:id/editar` its edit form; any other address below the
 * area, or an id that is not a number, shows `notFoundKey`. A form the user's role may not
 * use (`allowed`) shows the not-authorised page instead of a form the server would refuse.
 */
export function RecordRoutes({
  list,
  create,
  createPath = '/nuevo',
  view,
  edit,
  allowed,
  notFoundKey,
}: {
  list: ReactNode;
  create: ReactNode;
  /** Where the creation form lives (`/nueva` for the feminine `empresa`). */
  createPath?: string;
  view?: RecordRouteComponent;
  edit: RecordRouteComponent;
  allowed: { create: boolean; edit: boolean };
  notFoundKey: string;
}) {
  return (
    <Switch>
      <Route path="/">{list}</Route>
      <Route path={createPath}>{allowed.create ? create : <NotAuthorizedPage />}</Route>
      <Route path="/:id/editar">
        {allowed.edit ? <RecordRoute route={edit} notFoundKey={notFoundKey} /> : <NotAuthorizedPage />}
      </Route>
      {view ? (
        <Route path="/:id">
          <RecordRoute route={view} notFoundKey={notFoundKey} />
        </Route>
      ) : null}
      <Route>
        <ErrorAlert messageKey={notFoundKey} />
      </Route>
    </Switch>
  );
}
