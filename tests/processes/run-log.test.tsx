// @vitest-environment happy-dom
// The run's live log as a trader reads it: every line the runner (server/processes/runner.ts,
// run-kinds.ts) and the job worker write for a run, with the parameters they give, reads in
// words in both languages: no message key shows through, a reason or a site given as a key
// included ("intento 2 de 4 (último intento: processes.errors.unavailable)" was the fault).
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import enUS from '../../i18n/en-US.json';
import esES from '../../i18n/es-ES.json';
import type { JobEvent } from '../../schemas/job.schema';
import { setLocale } from '../../src/lib/i18n/i18n';
import type { Locale } from '../../src/lib/i18n/locales';
import { JobLog } from '../../src/lib/jobs/job-log';
import { renderWithApp } from '../app/helpers/render-with-app';

/** Why an item failed or was retried, as the runner gives it (its ITEM_ERRORS): every one. */
const REASONS = Object.keys(esES.processes.errors).map((name) => `processes.errors.${name}`);

/** The parameters the runner gives each log line of a run (runner.ts, run-kinds.ts). */
const LINES: Record<string, Array<Record<string, unknown>>> = {
  started: [
    { total: 1, trabajadores: 1, sitio: 'processes.sites.original' },
    { total: 504, trabajadores: 12, sitio: 'processes.sites.modified' },
  ],
  resumed: [{ pendientes: 1, enCamino: 1 }, { pendientes: 20, enCamino: 0 }],
  registered: [{ clave: 'BLCA-015-A38', numero: 'TP8K9Y-1' }],
  reconciledRegistered: [{ clave: 'BLCA-015-A38', numero: 'TP8K9Y-1', comprobado: true }],
  uploaded: [{ clave: 'GT-ESC-230', horas: 1 }, { clave: 'GT-ESC-230', horas: 24 }],
  reconciledUploaded: [{ clave: 'GT-ESC-230', comprobado: true }],
  deleted: [{ clave: 'TP8K9Y-1' }],
  alreadyDeleted: [{ clave: 'TP8K9Y-1' }],
  reconciledDeleted: [{ clave: 'TP8K9Y-1', comprobado: true }],
  duplicateOnSite: [{ clave: 'BLCA-015-A38', copias: 2 }],
  retry: REASONS.map((motivo) => ({ clave: 'GT-ESC-230', intento: 2, de: 4, motivo })),
  failed: REASONS.map((motivo) => ({ clave: 'GT-ESC-230', motivo, intentos: 1 })),
  sessionBusy: [{ trabajador: 3 }],
  stopHeard: [{ enCamino: 1, oidoEn: 1_795_909_031_611 }, { enCamino: 0, oidoEn: 1_795_909_031_611 }],
  shutdown: [{ enCamino: 2, oidoEn: 1_795_909_031_611 }],
  stopped: [{ hechos: 1, fallidos: 0, pendientes: 1 }],
  completed: [{ hechos: 1, fallidos: 1 }],
  runFailed: REASONS.map((motivo) => ({ fallidos: 1, motivo })),
};

/** The job's own lines around a run (server/jobs/store.ts): a run that fails ends its job with the reason's key. */
const JOB_LINES: Array<{ clave: string; params: Record<string, unknown> }> = [
  { clave: 'jobs.events.pendiente', params: {} },
  { clave: 'jobs.events.en_curso', params: {} },
  { clave: 'jobs.events.retomado', params: { intento: 2 } },
  ...REASONS.map((error) => ({ clave: 'jobs.events.fallido', params: { error } })),
  { clave: 'jobs.events.detenido', params: {} },
  { clave: 'jobs.events.terminado', params: {} },
];

function events(): JobEvent[] {
  const lines = [
    ...Object.entries(LINES).flatMap(([name, all]) => all.map((params) => ({ clave: `processes.log.${name}`, params }))),
    ...JOB_LINES,
  ];
  return lines.map((line, index) => ({ id: index + 1, trabajo_id: 9, en: '2026-11-28T21:45:00.000Z', tipo: 'log', nivel: 'info', ...line }));
}

/** A message key (`processes.errors.dropped`) or a placeholder left unfilled. */
const RAW = /\b[a-z][A-Za-z0-9]*\.[a-z][A-Za-z0-9_]*\.[a-z][A-Za-z0-9_]*\b|\{\{/;

/** "1" followed by a plural word: a count not agreed with its noun. */
const ONE_PLURAL = /(^|[^\d.,])1 (?!de |of )\p{L}+s\b/u;

afterEach(cleanup);

describe('the run log', () => {
  it('has a case here for every log line a run writes', () => {
    expect(Object.keys(LINES).sort()).toEqual(Object.keys(esES.processes.log).sort());
    expect(Object.keys(enUS.processes.log).sort()).toEqual(Object.keys(esES.processes.log).sort());
  });

  it.each(['es-ES', 'en-US'] as const)('reads every line in words in %s, reasons and sites included', (locale: Locale) => {
    act(() => setLocale(locale));
    renderWithApp(<JobLog lines={events()} />);
    const lines = within(screen.getByRole('log')).getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(lines).toHaveLength(events().length);
    expect(lines.filter((line) => RAW.test(line))).toEqual([]);
    // A count of one never reads with a plural noun ("1 sesiones", "1 items").
    expect(lines.filter((line) => ONE_PLURAL.test(line))).toEqual([]);
    // A reason reads as the catalogue says it, inside the line.
    const catalogue = locale === 'es-ES' ? esES : enUS;
    expect(lines.some((line) => line.includes(catalogue.processes.errors.unavailable))).toBe(true);
    expect(lines.some((line) => line.includes(catalogue.processes.sites.modified))).toBe(true);
  });
});
