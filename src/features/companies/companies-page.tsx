import { Route, Switch, useLocation } from 'wouter';
import { notify } from '../../app/toaster';
import { useT } from '../../lib/i18n/use-t';
import { CompaniesList } from './companies-list';
import { createCompany } from './companies-api';
import { CompanyEdit } from './company-edit';
import { CompanyView } from './company-view';
import { CompanyWizard } from './company-wizard';

/** Where a wizard or form goes when left: the link the user clicked (absolute), or `fallback` in the area. */
function leaveTarget(href: string | null, fallback: string): string {
  return href ? `~${href}` : fallback;
}

/**
 * `/empresas` and below (a nested route: paths here are relative to `/empresas`):
 * `/` the list, `/nueva` the creation wizard, `/:id` the view, `/:id/editar` the edit form.
 */
export default function CompaniesPage() {
  const t = useT();
  const [, navigate] = useLocation();
  return (
    <Switch>
      <Route path="/">
        <CompaniesList />
      </Route>
      <Route path="/nueva">
        <CompanyWizard
          effects={{ create: createCompany }}
          onCreated={(company) => {
            notify({ type: 'success', message: t('companies.created', { name: company.razon_social }) });
            navigate(`/${company.id}`);
          }}
          onLeft={(href) => navigate(leaveTarget(href, '/'))}
        />
      </Route>
      <Route path="/:id/editar">
        {(params) => (
          <CompanyEdit
            id={Number(params.id)}
            onSaved={(company) => {
              notify({ type: 'success', message: t('companies.updated', { name: company.razon_social }) });
              navigate(`/${company.id}`);
            }}
            onLeft={(href) => navigate(leaveTarget(href, `/${params.id}`))}
          />
        )}
      </Route>
      <Route path="/:id">{(params) => <CompanyView key={params.id} id={Number(params.id)} onDeleted={() => navigate('/')} />}</Route>
    </Switch>
  );
}
