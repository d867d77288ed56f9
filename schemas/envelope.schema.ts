// The envelope of the API's answers (spec section 7: user calls answer "a data field"; this
// product answers every record and list that way): the server's response schemas and the
// browser's API modules both read it from here.

/** `{ data: <item> }`. */
export function dataOf<const Item extends object>(item: Item) {
  return { type: 'object', required: ['data'], properties: { data: item } } as const;
}

/** `{ data: <item>[] }`. */
export function dataListOf<const Item extends object>(item: Item) {
  return { type: 'object', required: ['data'], properties: { data: { type: 'array', items: item } } } as const;
}

/** An answer in its envelope. */
export interface Data<T> {
  data: T;
}
