import type { Translate } from '../i18n/use-t';

/** AG Grid's own texts the DataGrid can show, each translated under `grid.locale.<name>`. */
const GRID_LOCALE_KEYS = [
  'loadingOoo',
  'applyFilter',
  'clearFilter',
  'resetFilter',
  'cancelFilter',
  'textFilter',
  'numberFilter',
  'dateFilter',
  'filterOoo',
  'equals',
  'notEqual',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'blank',
  'notBlank',
  'lessThan',
  'greaterThan',
  'lessThanOrEqual',
  'greaterThanOrEqual',
  'inRange',
  'inRangeStart',
  'inRangeEnd',
  'before',
  'after',
  'dateFormatOoo',
  'andCondition',
  'orCondition',
  'page',
  'of',
  'to',
  'more',
  'firstPage',
  'previousPage',
  'nextPage',
  'lastPage',
  'pageLastRowUnknown',
  'ariaFilterColumn',
  'ariaSortableColumn',
  'ariaMenuColumn',
  // A search or filter that leaves no row, and the CSV export while it runs.
  'noMatchingRows',
  'exportingOoo',
  // The accessible names of the column filter: its button, popup, inputs and operator list.
  'ariaFilterMenuOpen',
  'ariaLabelColumnFilter',
  'ariaColumnFiltered',
  'ariaFilterInput',
  'ariaFilterValue',
  'ariaFilterFromValue',
  'ariaFilterToValue',
  'ariaFilteringOperator',
  'ariaDateFilterInput',
  'ariaLabelSelectField',
  // Tooltips of cut texts and the check boxes of yes/no columns.
  'ariaLabelTooltip',
  'ariaChecked',
  'ariaUnchecked',
  'ariaIndeterminate',
  // The paging panel's row counts in the language's notation (1.741 in Spanish).
  'thousandSeparator',
  'decimalSeparator',
] as const;

/** The `localeText` of a grid in the current language, with the page's own empty-state text. */
export function gridLocaleText(t: Translate, emptyKey: string): Record<string, string> {
  const texts: Record<string, string> = Object.fromEntries(GRID_LOCALE_KEYS.map((name) => [name, t(`grid.locale.${name}`)]));
  texts.noRowsToShow = t(emptyKey);
  return texts;
}
