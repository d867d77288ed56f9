// The formatting of numbers, money (USD, MXN), percentages and dd/mm/yyyy dates, per language.
export * from './number-format';
export * from './date-format';
export * from './use-format';
