import { useLocation } from 'wouter';
import { usePageActions } from '../../app/session/use-page-actions';
import { notify } from '../../app/notifications';
import { leaveTarget } from '../../lib/forms/use-leave-guard';
import { useT } from '../../lib/i18n/use-t';
import { RecordRoutes } from '../../lib/ui/record-page';
import { CompaniesList } from './companies-list';
import { createCompany } from './companies-api';
import { CompanyEdit } from './company-edit';
import { CompanyView } from './company-view';
import { CompanyWizard } from './company-wizard';

function CreateRoute() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <CompanyWizard
      effects={{ create: createCompany }}
      onCreated={(company) => {
        notify({ type: 'success', message: t('companies.created', { name: company.razon_social }) });
        navigate(`/${company.id}`);
      }}
      onLeft={(href) => navigate(leaveTarget(href, '/'))}
    />
  );
}

function EditRoute({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <CompanyEdit
      id={id}
      onSaved={(company) => {
        notify({ type: 'success', message: t('companies.updated', { name: company.razon_social }) });
        navigate(`/${company.id}`);
      }}
      onLeft={(href) => navigate(leaveTarget(href, `/${id}`))}
    />
  );
}

function ViewRoute({ id }: { id: number }) {
  const [, navigate] = useLocation();
  return <CompanyView id={id} onEdit={() => navigate(`/${id}/editar`)} onDeleted={() => navigate('/')} />;
}

/**
 * `/empresas` and below (a nested route: paths here are relative to `/empresas`):
 * `/` the list, `/nueva` the creation wizard, `/:id` the view, `/:id/editar` the edit form.
 */
export default function CompaniesPage() {
  return (
    <RecordRoutes
      list={<CompaniesList />}
      create={<CreateRoute />}
      createPath="/nueva"
      view={ViewRoute}
      edit={EditRoute}
      allowed={usePageActions('Companies')}
      notFoundKey="errors.APP_ERR_COMPANY_NOT_FOUND"
    />
  );
}
