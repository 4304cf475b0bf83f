import type { FullResult, Reporter, Suite } from '@playwright/test/reporter';

/**
 * Names every test that failed and then passed on a retry (issue 24 section 5: a retry in CI must never
 * hide a flaky test). At the end of the run it prints one line per such test, `FLAKY: <file> › <title>`,
 * and a count, so the CI log says which scenarios to fix; the run's status is left as Playwright decides.
 */
export default class FlakyReporter implements Reporter {
  #suite: Suite | null = null;

  onBegin(_config: unknown, suite: Suite) {
    this.#suite = suite;
  }

  onEnd(_result: FullResult) {
    const flaky = (this.#suite?.allTests() ?? []).filter((test) => test.outcome() === 'flaky');
    for (const test of flaky) {
      const [, , file, ...titles] = test.titlePath();
      console.log(
        `FLAKY: ${[file, ...titles].filter(Boolean).join(' › ')} (passed on retry ${test.results.length - 1})`,
      );
    }
    if (flaky.length > 0) console.log(`${flaky.length} flaky test(s): passed only on a retry, see FLAKY lines above`);
  }

  printsToStdio() {
    return false;
  }
}
