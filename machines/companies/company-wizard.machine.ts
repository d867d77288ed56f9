import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { bankFields, COMPANY_DOCUMENT_TYPES, companyFields, type CompanyDocumentType } from '../../schemas/company.schema';
import { contactFields } from '../../schemas/contact.schema';

/**
 * The company creation wizard (issue 4): step 1 `data` (the company, its commercial contacts
 * and bank accounts, checked by the shared schema before moving on), step 2 `documents` (the
 * four legal documents, uploaded one by one), then one `submitting` call that writes it all.
 *
 * - Going back keeps everything typed; the values live here, not in the step's components.
 * - Cancelling or leaving (another page) a wizard with changes asks first (`confirmingLeave`).
 * - A refused submission whose fields belong to step 1 returns to step 1 with the messages
 *   beside those fields; anything else (documents, connection) stays on step 2 with a banner.
 *
 * Effects are injected with `.provide()`: `validateData` (the shared JSON Schema of step 1)
 * and `submit` (the create call; it rejects with a {@link WizardFailure}).
 */

/** A field path: `razon_social`, `contactos.0.email`, `coordenadas_bancarias.1.aba`. */
export type FieldPath = string;

/** An uploaded document as the wizard keeps it (the key is what the company stores). */
export interface WizardDocument {
  key: string;
  nombre: string;
}

export type RowList = 'contactos' | 'coordenadas_bancarias';

/** Everything the wizard collects; text fields are strings as typed. */
export interface CompanyDraft {
  [field: string]: unknown;
  contactos: Array<Record<string, string>>;
  coordenadas_bancarias: Array<Record<string, string>>;
  documentos: Partial<Record<CompanyDocumentType, WizardDocument>>;
}

/** Messages by field path; what a message is (an i18n key and params) is the page's business. */
export type WizardFieldErrors = Record<FieldPath, unknown>;

/** What a refused submission leaves: a banner (null = connection failure) and field messages. */
export interface WizardFailure {
  messageKey: string | null;
  serverMessage: string | null;
  fields: WizardFieldErrors;
}

/** The most rows of each list (the schema's `maxItems`). */
export const ROW_LIMITS: Record<RowList, number> = { contactos: 20, coordenadas_bancarias: 10 };

export function blankContact(): Record<string, string> {
  const row: Record<string, string> = Object.fromEntries(Object.keys(contactFields).map((field) => [field, '']));
  // The wizard collects the company's commercial contacts (spec section 2).
  row.tipo_contacto = 'comercial';
  return row;
}

export function blankBank(): Record<string, string> {
  return Object.fromEntries(Object.keys(bankFields).map((field) => [field, '']));
}

/** A new, empty wizard: one contact row and one bank row to fill. */
export function blankDraft(): CompanyDraft {
  return {
    ...Object.fromEntries(Object.keys(companyFields).map((field) => [field, ''])),
    contactos: [blankContact()],
    coordenadas_bancarias: [blankBank()],
    documentos: {},
  };
}

export interface CompanyWizardInput {
  initial?: CompanyDraft;
}

export interface CompanyWizardContext {
  initial: CompanyDraft;
  value: CompanyDraft;
  /** The step the user is on (where a dismissed leave confirmation returns). */
  step: 'data' | 'documents';
  fieldErrors: WizardFieldErrors;
  failure: WizardFailure | null;
  /** Where the user asked to go when leaving (null: cancel back to the list). */
  leaveTo: string | null;
  /** The created company. */
  result: unknown;
}

export type CompanyWizardEvent =
  | { type: 'field.change'; path: FieldPath; value: string }
  | { type: 'row.add'; list: RowList }
  | { type: 'row.remove'; list: RowList; index: number }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'document.set'; tipo: CompanyDocumentType; document: WizardDocument }
  | { type: 'document.clear'; tipo: CompanyDocumentType }
  | { type: 'wizard.submit' }
  | { type: 'wizard.cancel' }
  | { type: 'wizard.leave'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.dismiss' };

/** Sets `value` at a dotted path, copying only the objects on the way. */
export function setDraftAt(draft: CompanyDraft, path: FieldPath, value: string): CompanyDraft {
  const [head, index, field] = path.split('.');
  if (head === undefined) return draft;
  if ((head === 'contactos' || head === 'coordenadas_bancarias') && index !== undefined && field !== undefined) {
    const rows = draft[head].map((row, at) => (at === Number(index) ? { ...row, [field]: value } : row));
    return { ...draft, [head]: rows };
  }
  return { ...draft, [head]: value };
}

function withoutKeys(errors: WizardFieldErrors, drop: (path: string) => boolean): WizardFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop(path)));
}

/** Reads whatever `submit` rejected with as a failure; a foreign error is a connection failure. */
export function toWizardFailure(error: unknown): WizardFailure {
  if (typeof error === 'object' && error !== null && 'fields' in error && 'messageKey' in error) {
    const failure = error as Partial<WizardFailure>;
    return {
      messageKey: typeof failure.messageKey === 'string' ? failure.messageKey : null,
      serverMessage: typeof failure.serverMessage === 'string' ? failure.serverMessage : null,
      fields: typeof failure.fields === 'object' && failure.fields !== null ? failure.fields : {},
    };
  }
  return { messageKey: null, serverMessage: error instanceof Error ? error.message : null, fields: {} };
}

/** Whether a field path belongs to step 1 (everything but the documents). */
export function isDataField(path: FieldPath): boolean {
  return path !== 'documentos' && !path.startsWith('documentos.');
}

export const companyWizardMachine = setup({
  types: {
    context: {} as CompanyWizardContext,
    events: {} as CompanyWizardEvent,
    input: {} as CompanyWizardInput,
  },
  actors: {
    validateData: fromPromise<WizardFieldErrors, CompanyDraft>(async () => {
      throw new Error('validateData must be provided');
    }),
    submit: fromPromise<unknown, CompanyDraft>(async () => {
      throw new Error('submit must be provided');
    }),
  },
  guards: {
    isDirty: ({ context }) => JSON.stringify(context.value) !== JSON.stringify(context.initial),
    hasFieldErrors: (_, errors: WizardFieldErrors) => Object.keys(errors).length > 0,
    canAddRow: ({ context, event }) => event.type === 'row.add' && context.value[event.list].length < ROW_LIMITS[event.list],
    // Each list keeps at least one row: the schema asks for one contact and one account.
    canRemoveRow: ({ context, event }) =>
      event.type === 'row.remove' && context.value[event.list].length > 1 && event.index >= 0 && event.index < context.value[event.list].length,
    failedOnData: (_, error: unknown) => Object.keys(toWizardFailure(error).fields).some(isDataField),
    onDocumentsStep: ({ context }) => context.step === 'documents',
  },
  actions: {
    assignChange: assign(({ context, event }) => {
      if (event.type !== 'field.change') return {};
      // Editing a field clears its own message; the others stay until the next check.
      return { value: setDraftAt(context.value, event.path, event.value), fieldErrors: withoutKeys(context.fieldErrors, (path) => path === event.path) };
    }),
    addRow: assign(({ context, event }) => {
      if (event.type !== 'row.add') return {};
      const row = event.list === 'contactos' ? blankContact() : blankBank();
      return { value: { ...context.value, [event.list]: [...context.value[event.list], row] } };
    }),
    removeRow: assign(({ context, event }) => {
      if (event.type !== 'row.remove') return {};
      const rows = context.value[event.list].filter((_, at) => at !== event.index);
      // Messages of that list point at row numbers that have just moved: drop them.
      return {
        value: { ...context.value, [event.list]: rows },
        fieldErrors: withoutKeys(context.fieldErrors, (path) => path.startsWith(`${event.list}.`)),
      };
    }),
    setDocument: assign(({ context, event }) => {
      if (event.type !== 'document.set') return {};
      return {
        value: { ...context.value, documentos: { ...context.value.documentos, [event.tipo]: event.document } },
        fieldErrors: withoutKeys(context.fieldErrors, (path) => path.startsWith('documentos')),
      };
    }),
    clearDocument: assign(({ context, event }) => {
      if (event.type !== 'document.clear') return {};
      const { [event.tipo]: _removed, ...documentos } = context.value.documentos;
      return { value: { ...context.value, documentos } };
    }),
    clearErrors: assign({ fieldErrors: {}, failure: null }),
    assignFieldErrors: assign((_, errors: WizardFieldErrors) => ({ fieldErrors: errors })),
    assignFailure: assign((_, error: unknown) => {
      const failure = toWizardFailure(error);
      return { failure, fieldErrors: failure.fields };
    }),
    assignResult: assign((_, output: unknown) => ({ result: output, failure: null })),
    toData: assign({ step: 'data' as const }),
    toDocuments: assign({ step: 'documents' as const }),
    rememberLeave: assign(({ event }) => ({ leaveTo: event.type === 'wizard.leave' ? event.to : null })),
  },
}).createMachine({
  id: 'companyWizard',
  initial: 'data',
  context: ({ input }) => {
    const initial = input.initial ?? blankDraft();
    return { initial, value: initial, step: 'data', fieldErrors: {}, failure: null, leaveTo: null, result: null };
  },
  states: {
    data: {
      on: {
        'field.change': { actions: 'assignChange' },
        'row.add': { guard: 'canAddRow', actions: 'addRow' },
        'row.remove': { guard: 'canRemoveRow', actions: 'removeRow' },
        'step.next': { target: 'validatingData', actions: 'clearErrors' },
        'wizard.cancel': [{ guard: 'isDirty', target: 'confirmingLeave', actions: 'rememberLeave' }, { target: 'cancelled', actions: 'rememberLeave' }],
        'wizard.leave': [{ guard: 'isDirty', target: 'confirmingLeave', actions: 'rememberLeave' }, { target: 'cancelled', actions: 'rememberLeave' }],
      },
    },
    validatingData: {
      invoke: {
        id: 'validateData',
        src: 'validateData',
        input: ({ context }) => context.value,
        onDone: [
          {
            guard: { type: 'hasFieldErrors', params: ({ event }) => event.output },
            target: 'data',
            actions: { type: 'assignFieldErrors', params: ({ event }) => event.output },
          },
          { target: 'documents', actions: 'toDocuments' },
        ],
        onError: { target: 'data', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
      },
    },
    documents: {
      on: {
        'document.set': { actions: 'setDocument' },
        'document.clear': { actions: 'clearDocument' },
        'step.back': { target: 'data', actions: ['toData', 'clearErrors'] },
        'wizard.submit': { target: 'submitting', actions: 'clearErrors' },
        'wizard.cancel': { target: 'confirmingLeave', actions: 'rememberLeave' },
        'wizard.leave': { target: 'confirmingLeave', actions: 'rememberLeave' },
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.value,
        onDone: { target: 'created', actions: { type: 'assignResult', params: ({ event }: { event: DoneActorEvent }) => event.output } },
        onError: [
          {
            guard: { type: 'failedOnData', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'data',
            actions: ['toData', { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error }],
          },
          { target: 'documents', actions: { type: 'assignFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    confirmingLeave: {
      on: {
        'leave.confirm': { target: 'cancelled' },
        'leave.dismiss': [{ guard: 'onDocumentsStep', target: 'documents' }, { target: 'data' }],
      },
    },
    created: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type CompanyWizardMachine = typeof companyWizardMachine;

/** Whether the wizard holds typed work that leaving would lose (drives the confirmations). */
export function wizardIsDirty(context: CompanyWizardContext): boolean {
  return JSON.stringify(context.value) !== JSON.stringify(context.initial);
}

export { COMPANY_DOCUMENT_TYPES };
