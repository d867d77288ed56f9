// Market node / meter codes (the PMi and PMr lists of contracts and annexes). The tag input
// refuses a code the server would refuse, with the same rule.

/** The most characters a node code has. */
export const NODE_CODE_MAX_LENGTH = 40;

/** A node code: a letter or a digit, then letters, digits, `_`, `.` or `-`. */
export const NODE_CODE_PATTERN = `^[A-Za-z0-9][A-Za-z0-9_.\\-]{0,${NODE_CODE_MAX_LENGTH - 1}}$`;

const NODE_CODE = new RegExp(NODE_CODE_PATTERN, 'u');

/** Whether `text` is a node code. */
export function isNodeCode(text: string): boolean {
  return NODE_CODE.test(text);
}

/** A list of node codes: at least one, each once. */
export const nodeListSchema = {
  type: 'array',
  minItems: 1,
  maxItems: 50,
  uniqueItems: true,
  items: { type: 'string', pattern: NODE_CODE_PATTERN },
} as const;
