import { assign, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import {
  bankFields,
  COMPANY_ROW_LIMITS,
  companyFields,
  type CompanyDocumentType,
  type CompanyRowList,
} from '../../schemas/company.schema';
import { contactFields } from '../../schemas/contact.schema';
import { formActions, formEffects, formGuards } from '../forms/form-actions';
import { endStates, leaveEvents, submitEvents, validatingState } from '../forms/form-states';

/**
 * A company being written, with its commercial contacts, bank accounts and legal documents:
 * one definition for both ways of writing one (`mode` in the input).
 *
 * - `create`, the two-step wizard: `data` (the company, contacts and accounts, checked by the
 *   shared schema before moving on) -> `documents` (the four legal documents) -> `submitting`.
 *   Going back keeps everything typed. A refused submission whose fields belong to step 1
 *   returns there with the messages beside those fields; anything else stays on step 2.
 * - `edit`, one page: `editing` -> `validating` -> `submitting`; a refusal waits in `failed`
 *   (its messages on screen) until the user changes something or submits again.
 *
 * Both keep at least one and at most the schema's number of contact and bank rows, and ask
 * before leaving a changed company (`confirmingLeave`, the address kept in `leaveTo`).
 * Effects are injected with `.provide()`: `validate` (the shared JSON Schema: step 1's in the
 * wizard, the update's in the edit form) and `submit` (the API call; it rejects with the
 * page's reading of the refusal, whose `fields` are keyed by field path).
 */

/** A field path: `razon_social`, `contactos.0.email`, `coordenadas_bancarias.1.aba`. */
type FieldPath = string;

/** An uploaded document as the draft keeps it (the key is what the company stores). */
export interface DraftDocument {
  key: string;
  nombre: string;
}

/** Everything the draft collects; text fields are strings as typed; stored rows keep their `id`. */
export interface CompanyDraft {
  [field: string]: unknown;
  contactos: Array<Record<string, string>>;
  coordenadas_bancarias: Array<Record<string, string>>;
  documentos: Partial<Record<CompanyDocumentType, DraftDocument>>;
}

/** Messages by field path; what a message is (an i18n key and params) is the page's business. */
type DraftFieldErrors = Record<FieldPath, unknown>;

export function blankContact(): Record<string, string> {
  const row: Record<string, string> = Object.fromEntries(Object.keys(contactFields).map((field) => [field, '']));
  // The wizard collects the company's commercial contacts (spec section 2).
  row.tipo_contacto = 'comercial';
  return row;
}

export function blankBank(): Record<string, string> {
  return Object.fromEntries(Object.keys(bankFields).map((field) => [field, '']));
}

/** A new, empty company: one contact row and one bank row to fill. */
export function blankDraft(): CompanyDraft {
  return {
    ...Object.fromEntries(Object.keys(companyFields).map((field) => [field, ''])),
    contactos: [blankContact()],
    coordenadas_bancarias: [blankBank()],
    documentos: {},
  };
}

/** Sets `value` at a dotted path, copying only the objects on the way. */
function setDraftAt(draft: CompanyDraft, path: FieldPath, value: string): CompanyDraft {
  const [head, index, field] = path.split('.');
  if (head === undefined) return draft;
  if ((head === 'contactos' || head === 'coordenadas_bancarias') && index !== undefined && field !== undefined) {
    const rows = draft[head].map((row, at) => (at === Number(index) ? { ...row, [field]: value } : row));
    return { ...draft, [head]: rows };
  }
  return { ...draft, [head]: value };
}

/** Whether a field path belongs to step 1 (everything but the documents). */
function isDataField(path: FieldPath): boolean {
  return path !== 'documentos' && !path.startsWith('documentos.');
}

/** The field paths a refusal names (the page's reading of it carries `fields`). */
function refusedPaths(failure: unknown): string[] {
  const fields = (failure as { fields?: unknown } | null)?.fields;
  return typeof fields === 'object' && fields !== null ? Object.keys(fields) : [];
}

function withoutPaths(errors: DraftFieldErrors, drop: (path: string) => boolean): DraftFieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !drop(path)));
}

/** Whether the draft holds typed work that leaving would lose. */
export function draftIsDirty(context: Pick<CompanyDraftContext, 'value' | 'initial'>): boolean {
  return JSON.stringify(context.value) !== JSON.stringify(context.initial);
}

export interface CompanyDraftInput {
  mode: 'create' | 'edit';
  /** The company as stored (edit), or a blank one (create, the default). */
  initial?: CompanyDraft;
}

interface CompanyDraftContext {
  mode: CompanyDraftInput['mode'];
  initial: CompanyDraft;
  value: CompanyDraft;
  /** The wizard's step (where a dismissed leave confirmation returns); always `data` when editing. */
  step: 'data' | 'documents';
  fieldErrors: DraftFieldErrors;
  /** What `submit` rejected with (the page's reading of the refusal); null when none. */
  failure: unknown;
  /** Where the user asked to go when leaving (null: the form's Cancel). */
  leaveTo: string | null;
  /** The saved company. */
  result: unknown;
}

export type CompanyDraftEvent =
  | { type: 'form.change'; field: FieldPath; value: string }
  | { type: 'row.add'; list: CompanyRowList }
  | { type: 'row.remove'; list: CompanyRowList; index: number }
  | { type: 'document.set'; tipo: CompanyDocumentType; document: DraftDocument }
  | { type: 'document.clear'; tipo: CompanyDocumentType }
  | { type: 'step.next' }
  | { type: 'step.back' }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'form.leave'; to: string }
  | { type: 'leave.confirm' }
  | { type: 'leave.dismiss' };

// The draft's own changes, accepted wherever the company is being typed.
const rowEvents = {
  'form.change': { actions: 'assignChange' },
  'row.add': { guard: 'canAddRow', actions: 'addRow' },
  'row.remove': { guard: 'canRemoveRow', actions: 'removeRow' },
} as const;
const documentEvents = {
  'document.set': { actions: 'setDocument' },
  'document.clear': { actions: 'clearDocument' },
} as const;
export const companyDraftMachine = setup({
  types: {
    context: {} as CompanyDraftContext,
    events: {} as CompanyDraftEvent,
    input: {} as CompanyDraftInput,
  },
  actors: formEffects<CompanyDraft>(),
  guards: {
    isEditing: ({ context }) => context.mode === 'edit',
    ...formGuards,
    isDirty: ({ context }) => draftIsDirty(context),
    canAddRow: ({ context, event }) => event.type === 'row.add' && context.value[event.list].length < COMPANY_ROW_LIMITS[event.list].max,
    canRemoveRow: ({ context, event }) =>
      event.type === 'row.remove' &&
      context.value[event.list].length > COMPANY_ROW_LIMITS[event.list].min &&
      event.index >= 0 &&
      event.index < context.value[event.list].length,
    failedOnData: (_, failure: unknown) => refusedPaths(failure).some(isDataField),
    onDocumentsStep: ({ context }) => context.step === 'documents',
  },
  actions: {
    ...formActions<CompanyDraftContext, CompanyDraftEvent>(),
    assignChange: assign(({ context, event }) => {
      if (event.type !== 'form.change') return {};
      // Editing a field clears its own message; the others stay until the next check.
      return { value: setDraftAt(context.value, event.field, event.value), fieldErrors: withoutPaths(context.fieldErrors, (path) => path === event.field) };
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
        fieldErrors: withoutPaths(context.fieldErrors, (path) => path.startsWith(`${event.list}.`)),
      };
    }),
    setDocument: assign(({ context, event }) => {
      if (event.type !== 'document.set') return {};
      return {
        value: { ...context.value, documentos: { ...context.value.documentos, [event.tipo]: event.document } },
        fieldErrors: withoutPaths(context.fieldErrors, (path) => path.startsWith('documentos')),
      };
    }),
    clearDocument: assign(({ context, event }) => {
      if (event.type !== 'document.clear') return {};
      const { [event.tipo]: _removed, ...documentos } = context.value.documentos;
      return { value: { ...context.value, documentos } };
    }),
    toData: assign({ step: 'data' as const }),
    toDocuments: assign({ step: 'documents' as const }),
  },
}).createMachine({
  id: 'companyDraft',
  initial: 'opening',
  context: ({ input }) => {
    const initial = input.initial ?? blankDraft();
    return { mode: input.mode, initial, value: initial, step: 'data', fieldErrors: {}, failure: null, leaveTo: null, result: null };
  },
  states: {
    opening: {
      always: [{ guard: 'isEditing', target: 'editing' }, { target: 'data' }],
    },
    // The wizard, step 1.
    data: {
      entry: 'toData',
      on: {
        ...rowEvents,
        'step.next': { target: 'validatingData', actions: 'clearErrors' },
        ...leaveEvents,
      },
    },
    validatingData: validatingState<CompanyDraft>()({ back: 'data', next: 'documents', failed: 'data' }),
    // The wizard, step 2: what was typed on step 1 is at stake, so leaving always asks.
    documents: {
      entry: 'toDocuments',
      on: {
        ...documentEvents,
        'step.back': { target: 'data', actions: 'clearErrors' },
        'form.submit': { target: 'submitting', actions: 'clearErrors' },
        'form.cancel': { target: 'confirmingLeave', actions: 'rememberLeave' },
        'form.leave': { target: 'confirmingLeave', actions: 'rememberLeave' },
      },
    },
    // The edit form: everything on one page.
    editing: {
      on: {
        ...rowEvents,
        ...documentEvents,
        ...submitEvents,
        ...leaveEvents,
      },
    },
    validating: validatingState<CompanyDraft>()({ back: 'editing', next: 'submitting', failed: 'failed' }),
    failed: {
      on: {
        // The server's messages stay on screen until the user changes something.
        'form.change': { target: 'editing', actions: ['clearErrors', 'assignChange'] },
        'row.add': { guard: 'canAddRow', target: 'editing', actions: ['clearErrors', 'addRow'] },
        'row.remove': { guard: 'canRemoveRow', target: 'editing', actions: ['clearErrors', 'removeRow'] },
        'document.set': { target: 'editing', actions: ['clearErrors', 'setDocument'] },
        'document.clear': { target: 'editing', actions: ['clearErrors', 'clearDocument'] },
        ...submitEvents,
        ...leaveEvents,
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => context.value,
        onDone: { target: 'saved', actions: { type: 'assignResult', params: ({ event }: { event: DoneActorEvent }) => event.output } },
        onError: [
          { guard: 'isEditing', target: 'failed', actions: { type: 'assignRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
          {
            guard: { type: 'failedOnData', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'data',
            actions: { type: 'assignRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
          { target: 'documents', actions: { type: 'assignRefusal', params: ({ event }: { event: ErrorActorEvent }) => event.error } },
        ],
      },
    },
    confirmingLeave: {
      on: {
        'leave.confirm': { target: 'cancelled' },
        'leave.dismiss': [{ guard: 'isEditing', target: 'editing' }, { guard: 'onDocumentsStep', target: 'documents' }, { target: 'data' }],
      },
    },
    ...endStates,
  },
});
