// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { REPORT_NAMES } from '../../schemas/report.schema';
import { REPORT_TABS, reportsOf, shapeOf } from '../../src/features/billing-reports/report-tabs';

describe("the billing reports page's tabs", () => {
  it('list each of the 22 reports once', () => {
    const listed = REPORT_TABS.flatMap((tab) => reportsOf(tab));
    expect([...listed].sort()).toEqual([...REPORT_NAMES].sort());
  });

  it("read a report's period and filters from its body schema", () => {
    expect(shapeOf('energia-gtm')).toEqual({ period: 'range', countries: ['GT'], company: true, contract: true, version: true });
    expect(shapeOf('liquidacion-ercot-top-preliminar')).toMatchObject({ period: 'month', company: false, contract: false, version: false });
  });
});
