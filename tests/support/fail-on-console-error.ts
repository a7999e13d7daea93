import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

// A test that logs console.error is a failing test (docs/engineering.md#tests). A test that expects an error log replaces
// the implementation itself (vi.spyOn(console, 'error').mockImplementation(...)), which this allows.
let spy: MockInstance<typeof console.error> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  const expected = spy?.getMockImplementation() !== undefined;
  spy?.mockRestore();
  if (calls.length > 0 && !expected) {
    throw new Error(`console.error was called:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
