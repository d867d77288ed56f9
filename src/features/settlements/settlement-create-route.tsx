// SCAFFOLD: replaced by the screens work of issue 10 before it merges.
export function SettlementCreateRoute() {
  return null;
}
