import { act, fireEvent } from '@testing-library/react';

/**
 * Chooses a Chakra (Ark) menu item the way a pointer does: the press highlights the item and
 * the click then selects the highlighted item. The menu's state must settle between the two,
 * as it does between a real press and release.
 */
export async function chooseMenuItem(item: HTMLElement): Promise<void> {
  fireEvent.pointerDown(item, { pointerType: 'mouse', button: 0 });
  await act(async () => {});
  fireEvent.pointerUp(item, { pointerType: 'mouse', button: 0 });
  fireEvent.click(item);
  await act(async () => {});
}
