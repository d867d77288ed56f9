// Every report the product answers, as data (docs/reports.md): the routes register a pair of
// calls for each, the export job finds its report here by name. A report is added by writing
// its file in its area and naming it below; nothing registers by the side effect of an import.
import type { ReportName } from '../../schemas/report.schema';
import { balanceGtReport, balanceMxReport, balanceSvReport } from '../accounting/reports';
import { localContractsMxReport } from '../contracts/reports';
import { ercotTopReport } from '../ercot/reports';
import { invoiceBackupGtReport } from '../invoicing/backup-report';
import {
  energyGtReport,
  energyMxReport,
  energySvReport,
  estimatesGtReport,
  estimatesMxReport,
  estimatesSvReport,
  gtMxContractsReport,
  localFinanceGtReport,
} from '../settlements/reports';
import { invoicesExcelReport } from '../invoicing/reports';
import { cenacePreliminaryReport, eorPreliminaryReport, eorTopReport } from '../logbooks/reports';
import { eorRegionalContractsReport } from '../processes/reports';
import { generatedEnergyReport, powerPreliminaryReport } from '../settlements/preliminary-reports';
import type { Report } from './kit';
import { preliminaryExcelReport } from './preliminary';

export const REPORTS: readonly Report[] = [
  energyGtReport,
  balanceGtReport,
  ercotTopReport,
  estimatesGtReport,
  estimatesSvReport,
  estimatesMxReport,
  energySvReport,
  energyMxReport,
  invoiceBackupGtReport,
  localFinanceGtReport,
  gtMxContractsReport,
  eorPreliminaryReport,
  cenacePreliminaryReport,
  eorTopReport,
  invoicesExcelReport,
  balanceSvReport,
  balanceMxReport,
  localContractsMxReport,
  eorRegionalContractsReport,
  powerPreliminaryReport,
  generatedEnergyReport,
  // The month's preliminary reports in one workbook: it finds them here, by name, when asked.
  preliminaryExcelReport(reportNamed),
];

/** The report of this name, if the product answers it yet. */
export function reportNamed(nombre: string): Report | undefined {
  return REPORTS.find((report) => report.nombre === (nombre as ReportName));
}
