// SCAFFOLD: replaced by the screens work of issue 10 before it merges.
export function SettlementViewRoute(_: { id: number }) {
  return null;
}
