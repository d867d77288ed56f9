import { isGroup, type Catalogue, type CataloguePart } from './catalogue-parts';

/**
 * Which keys go in which part of a catalogue (catalogue-parts.ts), and the cut itself: run at
 * build time by catalogue-plugin.ts, never in the browser. tests/i18n/catalogue-parts.test.ts
 * fails when a page uses a key that is not in the parts loaded before it shows.
 */

/**
 * The keys (a whole group, or one text) of the public part: what the sign-in, forgot-password
 * and new-password steps, the route fallback and the toaster show, in either language.
 */
export const PUBLIC_KEYS: readonly string[] = ['app', 'common', 'language', 'toast', 'login', 'forgotPassword'];

/**
 * The keys of the shell part: what the shell (menu, top bar, account menu, guarantee alerts,
 * the message pages) and Home show, and the messages of any failure (`errors`, `forms.errors`).
 */
export const SHELL_KEYS: readonly string[] = [
  'menu',
  'shell',
  'home',
  'noAuthorized',
  'notFound',
  'jobs',
  'errors',
  'forms.errors',
  'guarantees.alerts',
  'invoicing.kinds',
  'processes.kinds',
  'processes.runStates',
  // The messages of the contract schema, which Home's guarantee alerts import with their types.
  'contractMessages',
];

/** The entry at a dotted `path` of `catalogue`, or undefined. */
export function entryAt(catalogue: Catalogue, path: string): unknown {
  return path.split('.').reduce<unknown>((node, part) => (isGroup(node) ? node[part] : undefined), catalogue);
}

/** `catalogue` with `value` set at `path`, creating the groups on the way (mutates). */
function setAt(catalogue: Catalogue, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() as string;
  let node = catalogue;
  for (const part of parts) {
    const next = node[part];
    node = isGroup(next) ? next : (node[part] = {});
  }
  node[last] = value;
}

/** Removes the entry at `path` and every group it leaves empty (mutates). */
function deleteAt(catalogue: Catalogue, path: string): void {
  const [head, ...tail] = path.split('.');
  if (head === undefined || !(head in catalogue)) return;
  const child = catalogue[head];
  if (tail.length === 0 || !isGroup(child)) {
    if (tail.length === 0) delete catalogue[head];
    return;
  }
  deleteAt(child, tail.join('.'));
  if (Object.keys(child).length === 0) delete catalogue[head];
}

/**
 * Cuts a whole catalogue into its parts: the entries at `keys.public`, those at `keys.shell`
 * (less any public one), and the rest. No two parts share an entry, and merged they give the
 * catalogue back.
 */
export function splitCatalogue(
  catalogue: Catalogue,
  keys: { public: readonly string[]; shell: readonly string[] } = { public: PUBLIC_KEYS, shell: SHELL_KEYS },
): Record<CataloguePart, Catalogue> {
  const rest = structuredClone(catalogue);
  /** Moves the entries at `paths` out of `rest` into a part of their own. */
  const take = (paths: readonly string[]) => {
    const part: Catalogue = {};
    for (const key of paths) {
      const entry = entryAt(rest, key);
      if (entry === undefined) throw new Error(`i18n: the key '${key}' of a catalogue part is not in the catalogue (or is in an earlier part)`);
      setAt(part, key, entry);
      deleteAt(rest, key);
    }
    return part;
  };
  const publicPart = take(keys.public);
  const shellPart = take(keys.shell);
  return { public: publicPart, shell: shellPart, rest };
}

