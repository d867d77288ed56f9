import { Stack } from '@chakra-ui/react';
import { useLocation, useSearchParams } from 'wouter';
import { CHARGE_COUNTRIES, PANAMA_ID, type Charge, type ChargeCountryId } from '../../../schemas/country-charge.schema';
import { isIsoDate } from '../../../schemas/date.schema';
import { usePageActions } from '../../app/session/use-page-actions';
import { toApiError } from '../../lib/api/api-error';
import { useRequest } from '../../lib/api/use-request';
import { formatDate } from '../../lib/format/date-format';
import { useListState } from '../../lib/grid/use-list-state';
import { useLocale } from '../../lib/i18n/use-locale';
import { ErrorAlert } from '../../lib/ui/error-alert';
import { RecordFormRoute, RecordListLayout, RecordRoutes, useRecordFormOutcome } from '../../lib/ui/record-page';
import { ChargeForm, type ChargeFormEffects } from './charge-form';
import { blankCharge, nextPeriodForm } from './charge-values';
import { ChargeView } from './charge-view';
import { ChargesList } from './charges-list';
import { chargeSettlements, createCharge, getCharge, listCharges, updateCharge } from './countries-api';
import { PanamaChargesUpdate } from './panama-charges-update';

const EFFECTS: ChargeFormEffects = { create: createCharge, update: updateCharge };

const NOT_FOUND = 'errors.APP_ERR_CHARGE_NOT_FOUND';

/** A period of another country is no period of this page (its address was edited by hand): read as the server's 404. */
async function chargeOf(paisId: ChargeCountryId, id: number): Promise<Charge> {
  const charge = await getCharge(id);
  if (charge.pais_id !== paisId) {
    throw toApiError({ statusCode: 404, data: { statusCode: 404, code: 'APP_ERR_CHARGE_NOT_FOUND', message: 'No such charge in this country' } });
  }
  return charge;
}

/** How a saved period is announced: its code and the day it starts. */
const savedParams = (saved: Charge) => ({ code: saved.codigo, from: formatDate(saved.vigente_desde) });

function ListRoute({ paisId }: { paisId: ChargeCountryId }) {
  const actions = usePageActions('Settlements');
  const { state, setFilter } = useListState(['fecha', 'historia']);
  // A hand-edited day that is no date is left out: the server's today is shown.
  const fecha = isIsoDate(state.filters.fecha) ? state.filters.fecha : '';
  const historia = state.filters.historia === '1';
  const charges = useRequest(() => listCharges({ pais_id: paisId, ...(historia ? { historia } : fecha ? { fecha } : {}) }), { load: [paisId, fecha, historia] });
  // The grid shows its loading state while a read (a new filter's included) is on its way.
  const rows = charges.state === 'success' ? charges.data : charges.state === 'failure' ? [] : null;
  return (
    <Stack gap="4">
      {paisId === PANAMA_ID && actions.create ? <PanamaChargesUpdate /> : null}
      <RecordListLayout newKey="charges.new" introKey={`charges.intro.${CHARGE_COUNTRIES[paisId].slug}`} canCreate={actions.create}>
        {charges.failure ? <ErrorAlert messageKey={charges.failure.messageKey} /> : null}
        <ChargesList rows={rows} filters={{ fecha: state.filters.fecha ?? '', historia, setFilter }} canEdit={actions.edit} />
      </RecordListLayout>
    </Stack>
  );
}

function CreateRoute({ paisId }: { paisId: ChargeCountryId }) {
  const outcome = useRecordFormOutcome('charges.created', '/', savedParams);
  const locale = useLocale();
  const [params] = useSearchParams();
  // `?siguiente=<id>`: the period that follows that one, its words and rate already filled in.
  const after = params.get('siguiente') ?? '';
  const load = () => (/^\d{1,9}$/.test(after) ? chargeOf(paisId, Number(after)).then((charge) => nextPeriodForm(charge, locale)) : Promise.resolve(blankCharge()));
  return (
    <RecordFormRoute titleKey="charges.createTitle" load={load}>
      {(initial) => <ChargeForm paisId={paisId} initial={initial} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function EditRoute({ paisId, id }: { paisId: ChargeCountryId; id: number }) {
  const outcome = useRecordFormOutcome('charges.updated', `/${id}`, savedParams);
  return (
    <RecordFormRoute titleKey="charges.editTitle" load={() => chargeOf(paisId, id)}>
      {(charge) => <ChargeForm paisId={paisId} charge={charge} effects={EFFECTS} {...outcome} />}
    </RecordFormRoute>
  );
}

function ViewRoute({ paisId, id }: { paisId: ChargeCountryId; id: number }) {
  const [, navigate] = useLocation();
  const actions = usePageActions('Settlements');
  const charge = useRequest(() => chargeOf(paisId, id), { load: [paisId, id] });
  const settlements = useRequest(() => chargeSettlements(id), { load: [id] });
  if (charge.failure) return <ErrorAlert messageKey={charge.failure.messageKey} />;
  if (charge.data === null) return null;
  return (
    <Stack gap="4">
      {settlements.failure ? <ErrorAlert messageKey={settlements.failure.messageKey} /> : null}
      <ChargeView
        charge={charge.data}
        settlements={settlements.state === 'failure' ? [] : settlements.data}
        onEdit={actions.edit ? () => navigate(`/${id}/editar`) : undefined}
        nextPeriodHref={actions.create ? `/nuevo?siguiente=${id}` : undefined}
      />
    </Stack>
  );
}

/**
 * A country's charges page (`/pais/panama/6`, `/pais/salvador/2`, `/pais/mexico/7`) and the
 * addresses below it (nested route): `/` the charges in force (or every period), `/nuevo` a new
 * period (`?siguiente=` the one after a period), `/:id` a period with the settlements that used
 * it, `/:id/editar`. Panama's list also offers the update-charges process.
 */
function ChargesPage({ paisId }: { paisId: ChargeCountryId }) {
  const actions = usePageActions('Settlements');
  return (
    <RecordRoutes
      list={<ListRoute paisId={paisId} />}
      create={<CreateRoute paisId={paisId} />}
      view={({ id }) => <ViewRoute paisId={paisId} id={id} />}
      edit={({ id }) => <EditRoute paisId={paisId} id={id} />}
      allowed={actions}
      notFoundKey={NOT_FOUND}
    />
  );
}

export const PanamaChargesPage = () => <ChargesPage paisId={6} />;
export const SalvadorChargesPage = () => <ChargesPage paisId={2} />;
export const MexicoChargesPage = () => <ChargesPage paisId={7} />;
