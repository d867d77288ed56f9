// @vitest-environment node
// The invoice lifecycle (machines/invoicing/invoice.machine.ts): model-based on a real actor,
// its behaviour, the server's decision against the rules' words, and exact decimals.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createActor, type SnapshotFrom } from 'xstate';
import {
  availableInvoiceCommands,
  invoiceMachine,
  invoiceSnapshotOf,
  invoiceTransition,
  INVOICE_TRANSITION_REFUSED,
  isInvoiceEditable,
  type InvoiceEvent,
} from '../../machines/invoicing/invoice.machine';
import {
  addDecimals,
  compareDecimals,
  invoiceRefusal,
  outstandingOf,
  INVOICE_REFUSALS,
  INVOICE_STATES,
  type InvoiceCommand,
  type InvoiceFacts,
  type InvoiceState,
  type InvoiceUser,
} from '../../machines/invoicing/invoice-rules';
import { divideDecimals, percentOf } from '../../schemas/exact-decimal';
import { DeferredActors, definedStateIds, definedTransitionKeys, modelPaths, replayPaths } from './model-harness';

const analyst: InvoiceUser = { email: 'analista@test.energy', mayInvoice: true, mayIssue: false };
const supervisor: InvoiceUser = { email: 'supervisor@test.energy', mayInvoice: true, mayIssue: true };
const reader: InvoiceUser = { email: 'lector@test.energy', mayInvoice: false, mayIssue: false };

function invoice(overrides: Partial<InvoiceFacts> = {}): InvoiceFacts {
  return { estado: 'GUARDADO', solicitado_por: null, total: '100.00', pagado: '0', moneda: 'USD', ...overrides };
}

const draft = invoice();
const requested = invoice({ estado: 'SOLICITADO', solicitado_por: analyst.email });
const issued = invoice({ estado: 'FACTURADO', solicitado_por: analyst.email });
const reconciled = invoice({ estado: 'CONCILIADO', solicitado_por: analyst.email, pagado: '100.00' });

const complete = { numero: true, fecha: true, archivo_fisica: true, archivo_flex: true };
const issue = (missing: Partial<typeof complete> = {}): InvoiceCommand => ({ type: 'invoice.issue', ...complete, ...missing });
const pay = (monto: string, moneda: InvoiceFacts['moneda'] = 'USD'): InvoiceCommand => ({ type: 'invoice.pay', monto, moneda });
const edit: InvoiceCommand = { type: 'invoice.edit' };
const request: InvoiceCommand = { type: 'invoice.request' };

const modelEvents: InvoiceEvent[] = [edit, request, issue(), issue({ archivo_flex: false }), pay('40.00'), pay('60'), pay('100.00'), pay('40.00', 'MXN'), pay('0')];

type InvoiceSnapshot = SnapshotFrom<typeof invoiceMachine>;

describe('invoice machine, model-based', () => {
  it('reaches every state and takes every transition of the definition on a real actor', async () => {
    const visited = new Set<string>();
    const taken = new Set<string>();
    // A page opens on a stored invoice in any status; the supervisor issues what the analyst requested.
    const openings = [
      { invoice: draft, user: analyst },
      { invoice: draft, user: supervisor },
      { invoice: requested, user: supervisor },
      { invoice: issued, user: analyst },
      { invoice: reconciled, user: analyst },
    ];
    for (const input of openings) {
      const paths = modelPaths(invoiceMachine, { events: modelEvents, input });
      const run = await replayPaths(paths, {
        start: (_: DeferredActors) => invoiceMachine,
        input,
        observe: (snapshot) => ({ value: (snapshot as InvoiceSnapshot).value, status: (snapshot as InvoiceSnapshot).status, context: (snapshot as InvoiceSnapshot).context }),
      });
      for (const id of run.visitedStates) visited.add(id);
      for (const transition of run.takenTransitions) taken.add(transition);
    }
    expect([...visited].filter((id) => id !== invoiceMachine.id).sort()).toEqual(definedStateIds(invoiceMachine));
    expect([...taken].sort()).toEqual(definedTransitionKeys(invoiceMachine));
  });
});

describe('invoice machine, behaviour', () => {
  const start = (facts: InvoiceFacts, user: InvoiceUser) => createActor(invoiceMachine, { input: { invoice: facts, user } }).start();

  it('never lets the user who requested an invoice issue it: four eyes', () => {
    const requester = { ...supervisor };
    const actor = start(draft, requester);
    actor.send(request);
    expect(actor.getSnapshot().context.invoice.solicitado_por).toBe(requester.email);
    actor.send(issue());
    expect(actor.getSnapshot().value).toBe('SOLICITADO');
    expect(invoiceTransition(actor.getSnapshot().context.invoice, issue(), requester)).toEqual({ allowed: false, code: INVOICE_REFUSALS.fourEyes });
    expect(invoiceTransition(actor.getSnapshot().context.invoice, issue(), { ...supervisor, email: 'otra@test.energy' })).toEqual({ allowed: true, estado: 'FACTURADO' });
  });

  it('records a partial payment and stays issued, then reconciles on the payment that covers the total', () => {
    const actor = start(invoice({ estado: 'FACTURADO', total: '0.30', solicitado_por: analyst.email }), analyst);
    // 0.1 + 0.2 is 0.3 exactly here, as it is not in floating point.
    actor.send(pay('0.1'));
    expect(actor.getSnapshot().value).toBe('FACTURADO');
    expect(actor.getSnapshot().context.invoice.pagado).toBe('0.1');
    actor.send(pay('0.2'));
    expect(actor.getSnapshot().value).toBe('CONCILIADO');
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.invoice).toMatchObject({ estado: 'CONCILIADO', pagado: '0.3' });
  });

  it('refuses a payment beyond what is owed, by a cent', () => {
    const partly = invoice({ estado: 'FACTURADO', pagado: '60.00' });
    expect(invoiceTransition(partly, pay('40.01'), analyst)).toEqual({ allowed: false, code: INVOICE_REFUSALS.overpayment });
    expect(invoiceTransition(partly, pay('40'), analyst)).toEqual({ allowed: true, estado: 'CONCILIADO' });
  });

  it('refuses a payment in another currency than the invoice', () => {
    expect(invoiceTransition(issued, pay('10.00', 'MXN'), analyst)).toEqual({ allowed: false, code: INVOICE_REFUSALS.paymentCurrency });
    expect(invoiceTransition(invoice({ estado: 'FACTURADO', moneda: 'MXN' }), pay('10.00', 'MXN'), analyst)).toEqual({ allowed: true, estado: 'FACTURADO' });
  });

  it('never goes backwards: no command of anyone leads to an earlier status', () => {
    for (const facts of [draft, requested, issued, reconciled]) {
      for (const user of [analyst, supervisor, reader]) {
        for (const command of modelEvents) {
          const verdict = invoiceTransition(facts, command, user);
          if (verdict.allowed) expect(INVOICE_STATES.indexOf(verdict.estado)).toBeGreaterThanOrEqual(INVOICE_STATES.indexOf(facts.estado));
        }
      }
    }
    expect(invoiceSnapshotOf(reconciled, supervisor).status).toBe('done');
  });

  it('edits only a draft: once requested, a correction is a note', () => {
    expect(isInvoiceEditable(draft, analyst)).toBe(true);
    expect(isInvoiceEditable(draft, reader)).toBe(false);
    for (const facts of [requested, issued, reconciled]) {
      expect(isInvoiceEditable(facts, supervisor)).toBe(false);
      expect(invoiceTransition(facts, edit, supervisor)).toEqual({ allowed: false, code: INVOICE_REFUSALS.notDraft });
    }
    const actor = start(draft, analyst);
    actor.send(edit);
    expect(actor.getSnapshot().value).toBe('GUARDADO');
  });

  it.each([
    ['a draft', draft, analyst, ['invoice.edit', 'invoice.request']],
    ['a draft, to a reader', draft, reader, []],
    ['a requested invoice, to its requester', requested, analyst, []],
    ['a requested invoice, to a supervisor', requested, supervisor, ['invoice.issue']],
    ['an issued invoice', issued, analyst, ['invoice.pay']],
    ['a reconciled invoice', reconciled, supervisor, []],
  ] as const)('offers on %s exactly the commands that can succeed', (_, facts, user, expected) => {
    expect(availableInvoiceCommands(facts, user)).toEqual(expected);
  });
});

/** Every case of the server's decision: invoice, command, user, then the status or the code. */
const decisions: Array<[string, InvoiceFacts, InvoiceCommand, InvoiceUser, string]> = [
  ['edits a draft', draft, edit, analyst, 'GUARDADO'],
  ['refuses an edit without the facturacion view key', draft, edit, reader, INVOICE_REFUSALS.forbidden],
  ['requests a draft', draft, request, analyst, 'SOLICITADO'],
  ['requests once', requested, request, analyst, INVOICE_REFUSALS.notDraft],
  ['refuses a request without the facturacion view key', draft, request, reader, INVOICE_REFUSALS.forbidden],
  ['issues a requested invoice for someone else', requested, issue(), supervisor, 'FACTURADO'],
  ['refuses to issue a draft', draft, issue(), supervisor, INVOICE_REFUSALS.notRequested],
  ['issues once', issued, issue(), supervisor, INVOICE_REFUSALS.issued],
  ['refuses to issue a reconciled invoice', reconciled, issue(), supervisor, INVOICE_REFUSALS.issued],
  ['refuses to issue without Settlements validate', invoice({ estado: 'SOLICITADO', solicitado_por: supervisor.email }), issue(), analyst, INVOICE_REFUSALS.forbidden],
  ['refuses to issue to its requester', invoice({ estado: 'SOLICITADO', solicitado_por: supervisor.email }), issue(), supervisor, INVOICE_REFUSALS.fourEyes],
  ['refuses to issue without a number', requested, issue({ numero: false }), supervisor, INVOICE_REFUSALS.issueIncomplete],
  ['refuses to issue without a date', requested, issue({ fecha: false }), supervisor, INVOICE_REFUSALS.issueIncomplete],
  ['refuses to issue without the physical-energy document', requested, issue({ archivo_fisica: false }), supervisor, INVOICE_REFUSALS.issueIncomplete],
  ['refuses to issue without the flex-energy document', requested, issue({ archivo_flex: false }), supervisor, INVOICE_REFUSALS.issueIncomplete],
  ['records a partial payment', issued, pay('40.00'), analyst, 'FACTURADO'],
  ['reconciles on a payment of the whole', issued, pay('100'), analyst, 'CONCILIADO'],
  ['refuses a payment of a draft', draft, pay('10'), analyst, INVOICE_REFUSALS.notIssued],
  ['refuses a payment of a requested invoice', requested, pay('10'), analyst, INVOICE_REFUSALS.notIssued],
  ['refuses a payment of a reconciled invoice', reconciled, pay('10'), analyst, INVOICE_REFUSALS.reconciled],
  ['refuses a payment without the facturacion view key', issued, pay('10'), reader, INVOICE_REFUSALS.forbidden],
  ['refuses a payment of nothing', issued, pay('0.00'), analyst, INVOICE_REFUSALS.paymentNotPositive],
  ['refuses a negative payment', issued, pay('-5'), analyst, INVOICE_REFUSALS.paymentNotPositive],
  ['refuses a payment in another currency', issued, pay('10', 'MXN'), analyst, INVOICE_REFUSALS.paymentCurrency],
  ['refuses an overpayment', issued, pay('100.01'), analyst, INVOICE_REFUSALS.overpayment],
];

describe('invoiceTransition, the server decision', () => {
  it.each(decisions)('%s', (_, facts, command, user, expected) => {
    const verdict = invoiceTransition(facts, command, user);
    expect(verdict.allowed ? verdict.estado : verdict.code).toBe(expected);
    expect(invoiceRefusal(facts, command, user)).toBe(verdict.allowed ? null : expected);
  });

  it('names every refusal with a catalogue code of the invoicing area or an existing general one', () => {
    for (const code of Object.values(INVOICE_REFUSALS)) expect(code).toMatch(/^APP_ERR_(INVOICE_[A-Z_]+|AUTH_FORBIDDEN)$/);
  });
});

describe('exact decimals', () => {
  it.each([
    ['0.1', '0.2', '0.3'],
    ['40.5', '59.50', '100.00'],
    ['0', '0.01', '0.01'],
    ['-5', '2.5', '-2.5'],
    ['-0.25', '0.05', '-0.20'],
  ])('adds %s and %s to %s', (a, b, sum) => {
    expect(addDecimals(a, b)).toBe(sum);
  });

  it('compares whatever the number of decimals, and never accepts a float text', () => {
    expect(compareDecimals('100', '100.00')).toBe(0);
    expect(compareDecimals('99.999', '100')).toBe(-1);
    expect(outstandingOf({ total: '100.00', pagado: '0.01' })).toBe('99.99');
    expect(() => compareDecimals('1e3', '1')).toThrow(/not a decimal/);
  });

  it.each([
    ['8734.22', '100', 4, '87.3422'],
    ['100', '3', 4, '33.3333'],
    ['200', '3', 4, '66.6667'],
    ['-1', '8', 2, '-0.13'],
    ['1', '-8', 2, '-0.13'],
    ['500', '5', 4, '100.0000'],
  ])('divides %s by %s to %i decimals as PostgreSQL rounds: %s', (a, b, scale, quotient) => {
    expect(divideDecimals(a, b, scale)).toBe(quotient);
  });

  it('takes a share in percent to the cent, half away from zero', () => {
    expect(percentOf('80.125', '100')).toBe('80.13');
    expect(percentOf('51.5', '100')).toBe('51.50');
    expect(percentOf('1000', '12.5')).toBe('125.00');
  });

  it('adds like integers in cents, for any amounts', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.bigInt({ min: 0n, max: 10n ** 15n }), (a, b) => {
        const cents = (n: bigint) => `${n < 0n ? '-' : ''}${(n < 0n ? -n : n) / 100n}.${((n < 0n ? -n : n) % 100n).toString().padStart(2, '0')}`;
        expect(addDecimals(cents(a), cents(b))).toBe(cents(a + b));
        expect(compareDecimals(cents(a), cents(b))).toBe(a < b ? -1 : a > b ? 1 : 0);
      }),
    );
  });
});

const amounts = fc.constantFrom('0', '0.00', '-1', '0.01', '40', '60.00', '99.99', '100', '100.00', '100.01', '250');
const facts: fc.Arbitrary<InvoiceFacts> = fc.record({
  estado: fc.constantFrom<InvoiceState>(...INVOICE_STATES),
  solicitado_por: fc.constantFrom(null, analyst.email, supervisor.email),
  total: fc.constantFrom('0', '100', '100.00', '250.50'),
  pagado: fc.constantFrom('0', '40.00', '100'),
  moneda: fc.constantFrom('USD' as const, 'MXN' as const),
});
const users: fc.Arbitrary<InvoiceUser> = fc.record({
  email: fc.constantFrom(analyst.email, supervisor.email, reader.email),
  mayInvoice: fc.boolean(),
  mayIssue: fc.boolean(),
});
const commands: fc.Arbitrary<InvoiceCommand> = fc.oneof(
  fc.constant(edit),
  fc.constant(request),
  fc.record({ numero: fc.boolean(), fecha: fc.boolean(), archivo_fisica: fc.boolean(), archivo_flex: fc.boolean() }).map((given) => issue(given)),
  fc.tuple(amounts, fc.constantFrom('USD' as const, 'MXN' as const)).map(([monto, moneda]) => pay(monto, moneda)),
);

describe('invoice machine and rules, never disagreeing', () => {
  it('accepts a command exactly when the rules name no refusal, and every refusal has a name', () => {
    fc.assert(
      fc.property(facts, commands, users, (subject, command, user) => {
        const accepted = invoiceSnapshotOf(subject, user).can(command);
        expect(accepted).toBe(invoiceRefusal(subject, command, user) === null);
        const verdict = invoiceTransition(subject, command, user);
        expect(verdict.allowed).toBe(accepted);
        if (!verdict.allowed) expect(verdict.code).not.toBe(INVOICE_TRANSITION_REFUSED);
        // Forward only, whatever is asked.
        if (verdict.allowed) expect(INVOICE_STATES.indexOf(verdict.estado)).toBeGreaterThanOrEqual(INVOICE_STATES.indexOf(subject.estado));
      }),
      { numRuns: 2000 },
    );
  });

  it('a page opened on a stored invoice offers exactly what the server allows', () => {
    fc.assert(
      fc.property(facts, commands, users, (subject, command, user) => {
        const actor = createActor(invoiceMachine, { input: { invoice: subject, user } }).start();
        expect(actor.getSnapshot().value).toBe(subject.estado);
        expect(actor.getSnapshot().can(command)).toBe(invoiceTransition(subject, command, user).allowed);
        actor.stop();
      }),
      { numRuns: 500 },
    );
  });
});
