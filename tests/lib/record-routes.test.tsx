// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import esES from '../../i18n/es-ES.json';
import { RecordRoutes } from '../../src/lib/ui/record-page';
import { RecordViewHeader } from '../../src/lib/ui/record-view';
import { renderWithApp } from '../app/helpers/render-with-app';

afterEach(cleanup);

function routes(path: string, allowed: { create: boolean; edit: boolean }) {
  return renderWithApp(
    <RecordRoutes
      list={<p>the list</p>}
      create={<p>the create form</p>}
      view={({ id }) => <p>record {id}</p>}
      edit={({ id }) => <p>edit form {id}</p>}
      allowed={allowed}
      notFoundKey="errors.APP_ERR_CONTRACT_NOT_FOUND"
    />,
    path,
  );
}

describe('record routes', () => {
  it('open the forms the role allows', () => {
    routes('/nuevo', { create: true, edit: true });
    expect(screen.getByText('the create form')).toBeTruthy();
    cleanup();
    routes('/12/editar', { create: true, edit: true });
    expect(screen.getByText('edit form 12')).toBeTruthy();
  });

  it('show the not-authorised page instead of a form the role may not use', () => {
    routes('/nuevo', { create: false, edit: true });
    expect(screen.getByRole('heading', { name: esES.noAuthorized.heading })).toBeTruthy();
    expect(screen.queryByText('the create form')).toBeNull();
    cleanup();
    routes('/12/editar', { create: true, edit: false });
    expect(screen.getByRole('heading', { name: esES.noAuthorized.heading })).toBeTruthy();
    cleanup();
    routes('/12', { create: false, edit: false });
    expect(screen.getByText('record 12')).toBeTruthy();
  });

  it('say the record does not exist for an address that is not one', () => {
    routes('/doce', { create: true, edit: true });
    expect(screen.getByText(esES.errors.APP_ERR_CONTRACT_NOT_FOUND)).toBeTruthy();
    cleanup();
    routes('/12/otra/cosa', { create: true, edit: true });
    expect(screen.getByText(esES.errors.APP_ERR_CONTRACT_NOT_FOUND)).toBeTruthy();
  });
});

describe('record view header', () => {
  it('offers edit and delete only when the page gives them', () => {
    const header = (props: { onEdit?: () => void; onDelete?: () => void }) =>
      renderWithApp(<RecordViewHeader title="Contrato #12" backHref="/" backKey="contracts.backToList" deleteKey="contracts.delete" {...props} />, '/12');
    header({ onEdit: () => undefined, onDelete: () => undefined });
    expect(screen.getByRole('button', { name: esES.common.edit })).toBeTruthy();
    expect(screen.getByRole('button', { name: esES.contracts.delete })).toBeTruthy();
    cleanup();
    header({ onEdit: () => undefined });
    expect(screen.getByRole('button', { name: esES.common.edit })).toBeTruthy();
    expect(screen.queryByRole('button', { name: esES.contracts.delete })).toBeNull();
  });
});
