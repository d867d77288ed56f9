// The rule's type, so the tests load it as what ESLint runs.
import type { Rule } from 'eslint';

declare const importDirection: Rule.RuleModule;
export default importDirection;
