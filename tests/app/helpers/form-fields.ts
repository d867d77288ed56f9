import { fireEvent, screen, within } from '@testing-library/react';

/** A label's text as a user reads it, with or without the required mark after it. */
export function labelled(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
}

/** The control labelled `label` (a record picker's list carries its label too: the control comes first). */
export function field(label: string): HTMLInputElement {
  return screen.getAllByLabelText(labelled(label))[0]! as HTMLInputElement;
}

/** Types `value` into the control labelled `label` (a select takes its option the same way). */
export function type(label: string, value: string): void {
  fireEvent.change(field(label), { target: { value } });
}

/** Types each value, in order, into the control labelled with its field's label in `labels` (a catalogue's field labels). */
export function typeAll<Name extends string>(labels: Record<Name, string>, values: Partial<Record<Name, string>>): void {
  for (const [name, value] of Object.entries(values) as Array<[Name, string]>) type(labels[name], value);
}

/** Types `code` into a node list's box and presses Enter. */
export function addCode(label: string, code: string): void {
  const box = field(label);
  fireEvent.change(box, { target: { value: code } });
  fireEvent.keyDown(box, { key: 'Enter' });
}

/** The message shown in the field group of `label` ('' when none). */
export function messageBeside(label: string): string {
  const group = field(label).closest('[role="group"]') as HTMLElement;
  return within(group).queryByText(/./, { selector: '[data-part="error-text"]' })?.textContent ?? '';
}
