// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { operatingDayHours } from '../../server/ercot/rules';
import { hourEndingLabel, hourlyPrices } from '../../src/features/ercot/hourly-prices';

/** A day's DAM prices (one per hour) and RTM prices (four per hour) as the settlement_points call answers them. */
function pricesOf(day: string, dropQuarter?: { hora: number; repetida: boolean }) {
  const hours = operatingDayHours(day);
  const dam = hours.map((hour, index) => ({ inicio_utc: hour.inicio_utc, dia_operacion: day, hora_final: hour.hora_final, intervalo: null, repetida: hour.repetida, precio: String(30 + index) }));
  const rtm = hours.flatMap((hour, index) =>
    [1, 2, 3, 4]
      .filter((intervalo) => !(dropQuarter && dropQuarter.hora === hour.hora_final && dropQuarter.repetida === hour.repetida && intervalo === 3))
      .map((intervalo) => ({
        inicio_utc: new Date(Date.parse(hour.inicio_utc) + (intervalo - 1) * 15 * 60 * 1000).toISOString().replace('.000Z', 'Z'),
        dia_operacion: day,
        hora_final: hour.hora_final,
        intervalo,
        repetida: hour.repetida,
        precio: (30 + index + intervalo / 100).toFixed(2),
      })),
  );
  return { dam, rtm };
}

describe('a point charted hour by hour', () => {
  it('has 25 hours on a fall-back day, the repeated hour ending 02 after the first and told apart', () => {
    const { dam, rtm } = pricesOf('2026-11-01');
    const hours = hourlyPrices(dam, rtm);
    expect(hours).toHaveLength(25);
    expect(hours.slice(0, 4).map((hour) => hourEndingLabel(hour.hora_final, hour.repetida))).toEqual(['01', '02', '02*', '03']);
    // Real time is the mean of the hour's four quarters: 30 + index + (1+2+3+4)/400.
    expect(hours[2]).toMatchObject({ dam: 32, rtm: 32.025 });
  });

  it('has 23 hours on a spring-forward day, hour ending 03 absent, and 24 on any other', () => {
    const spring = pricesOf('2026-03-08');
    const hours = hourlyPrices(spring.dam, spring.rtm);
    expect(hours).toHaveLength(23);
    expect(hours.map((hour) => hour.hora_final)).not.toContain(3);
    const normal = pricesOf('2026-06-15');
    expect(hourlyPrices(normal.dam, normal.rtm)).toHaveLength(24);
  });

  it('leaves an hour with a quarter missing unpriced in real time, never averaged over part of it', () => {
    const { dam, rtm } = pricesOf('2026-11-01', { hora: 2, repetida: true });
    const hours = hourlyPrices(dam, rtm);
    expect(hours[2]).toMatchObject({ hora_final: 2, repetida: true, dam: 32, rtm: null });
    expect(hours[1]!.rtm).not.toBeNull();
  });

  it('keeps an hour only one market priced, the other a gap', () => {
    const { dam } = pricesOf('2026-06-15');
    const hours = hourlyPrices(dam.slice(0, 3), []);
    expect(hours.map((hour) => [hour.dam, hour.rtm])).toEqual([
      [30, null],
      [31, null],
      [32, null],
    ]);
  });
});
