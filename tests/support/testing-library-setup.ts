// Vitest setup for every test file: how long Testing Library's `findBy…` and `waitFor` wait
// for what a user would see. Its default (1 s) is shorter than a machine, its actors and a
// React render take on a busy two-core CI runner, where a correct page then fails at random;
// a failing expectation still fails, only later.
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
