// The architecture's arrows as the lint rule enforces them: each case is a file of the tree
// importing a path, and whether the rule lets it through.
import path from 'node:path';
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import importDirection from '../../eslint-rules/import-direction.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const file = (relative: string) => path.join(process.cwd(), relative);

tester.run('import-direction', importDirection, {
  valid: [
    { name: 'an area imports its own routes', filename: file('server/jobs/plugin.ts'), code: "import routes from './routes';" },
    { name: 'an area imports another area\'s store', filename: file('server/invoicing/draft-invoice.ts'), code: "import { x } from '../settlements/store';" },
    { name: 'the app composes every area\'s routes', filename: file('server/app.ts'), code: "import routes from './invoicing/routes';" },
    { name: 'a plugin imports the data layer', filename: file('server/plugins/audit.ts'), code: "import { x } from '../db/client';" },
    { name: 'a feature imports another feature\'s API module', filename: file('src/features/contracts/contract-form.tsx'), code: "import { x } from '../companies/companies-api';" },
    { name: 'the server imports a machine', filename: file('server/invoicing/rules.ts'), code: "import { x } from '../../machines/invoicing/invoice.machine';" },
  ],
  invalid: [
    {
      name: 'an area imports another area\'s routes.ts',
      filename: file('server/processes/routes.ts'),
      code: "import { serveJobEvents } from '../jobs/routes';",
      errors: [{ messageId: 'serverRoutes', data: { from: 'processes', to: 'jobs' } }],
    },
    {
      name: 'an area imports another area\'s *-routes.ts',
      filename: file('server/invoicing/store.ts'),
      code: "import { x } from '../settlements/refresh-routes';",
      errors: [{ messageId: 'serverRoutes', data: { from: 'invoicing', to: 'settlements' } }],
    },
    {
      name: 'server/db imports a plugin',
      filename: file('server/db/versioned.ts'),
      code: "import { recordAudit } from '../plugins/audit';",
      errors: [{ messageId: 'dbPlugin', data: { to: 'audit' } }],
    },
    {
      name: 'the server imports the browser',
      filename: file('server/app.ts'),
      code: "import { x } from '../src/lib/format';",
      errors: [{ messageId: 'layer', data: { from: 'server', to: 'src' } }],
    },
    {
      name: 'a feature reaches into another feature',
      filename: file('src/features/contracts/contract-form.tsx'),
      code: "import { x } from '../companies/company-form';",
      errors: [{ messageId: 'feature', data: { from: 'contracts', to: 'companies' } }],
    },
  ],
});
