import type { RunState } from '../../../schemas/process.schema';

/** The badge colour of each run state. */
export const RUN_STATE_PALETTES: Record<RunState, string> = {
  en_curso: 'blue',
  deteniendo: 'orange',
  detenida: 'orange',
  completada: 'green',
  fallida: 'red',
};

/** The badge colour of each item state (the status grid). */
export const ITEM_STATE_PALETTES: Record<string, string> = {
  pendiente: 'gray',
  enviando: 'blue',
  hecho: 'green',
  fallido: 'red',
};

/** The badge colour of each worker session state (the hub's tiles). */
export const SESSION_STATE_PALETTES: Record<string, string> = {
  conectando: 'purple',
  libre: 'gray',
  enviando: 'blue',
  esperando: 'orange',
  cerrada: 'gray',
};
