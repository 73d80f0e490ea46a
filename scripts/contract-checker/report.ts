/**
 * Runs checks one after the other and prints one line per check: ✓ or ✗ and the behaviour it
 * stands for, with the reasons of a failure indented below. A check fails when its own
 * expectations fail or when any response it received breaks the contract.
 */
import type { ApiClient, Exchange } from './http';

export type Print = (line: string) => void;

export interface Report {
  /**
   * Runs one check. Answers what the check produced, for the checks that build on it; undefined
   * when its expectations failed. A check that failed only on contract violations of a response
   * still answers its value, so one wrong header does not take the rest of the flow down with it.
   */
  check<T>(name: string, body: () => Promise<T>): Promise<T | undefined>;
  /** A line that is not a check, e.g. why the run waits. */
  note(text: string): void;
  readonly passed: number;
  readonly failed: number;
}

function contractViolations({ method, path, status, operationId, problems }: Exchange): string[] {
  return problems.map((problem) => `${method} ${path} → ${status} breaks the contract (${operationId}): ${problem}`);
}

export function createReport(api: ApiClient, print: Print): Report {
  let passed = 0;
  let failed = 0;
  return {
    async check<T>(name: string, body: () => Promise<T>): Promise<T | undefined> {
      const firstExchange = api.exchanges.length;
      let value: T | undefined;
      let failure: string | undefined;
      try {
        value = await body();
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      const reasons = [...(failure === undefined ? [] : [failure]), ...api.exchanges.slice(firstExchange).flatMap(contractViolations)];
      if (reasons.length === 0) {
        passed += 1;
        print(`✓ ${name}`);
      } else {
        failed += 1;
        print(`✗ ${name}`);
        for (const reason of reasons) print(`    ${reason}`);
      }
      return value;
    },
    note(text) {
      print(`  … ${text}`);
    },
    get passed() {
      return passed;
    },
    get failed() {
      return failed;
    },
  };
}
