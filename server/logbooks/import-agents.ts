// The thermal agents behind Mexico's import offers (docs/logbooks.md): a plant's variable cost
// and MW available over a period; a new cost is a new period of the agent's code.
import type { ImportAgent, ImportAgentCreate } from '../../schemas/logbook.schema';
import { AppErrors, withDetails } from '../errors/catalogue';
import { useCase } from '../kit/use-case';
import { insertImportAgent } from './store';

export const createImportAgent = useCase<ImportAgentCreate, ImportAgent>({
  audit: { action: 'logbook.save', entity: 'logbook' },
  status: 201,
  // Two periods of one code starting the same day: the unique key's refusal, named for the page.
  refusals: { unique: () => new AppErrors.importAgentDuplicate() },
  async run(tx, caller, body) {
    if (body.vigente_hasta && body.vigente_hasta < body.vigente_desde) {
      throw withDetails(new AppErrors.requestInvalid(), [{ instancePath: '/vigente_hasta', keyword: 'rangeOrder', message: 'must be on or after vigente_desde' }]);
    }
    const agent = await insertImportAgent(tx, body, caller.user.email);
    return { id: agent.id, before: null, after: agent };
  },
});
