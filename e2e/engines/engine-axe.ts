/**
 * axe-core in any engine's page, with the rules e2e/axe.ts runs in Chromium (WCAG 2.x A and AA, and
 * best practices): injected through the engine's driver, which the page's CSP does not govern.
 */
import { expect } from '@playwright/test';
import { AXE_SOURCE, AXE_TAGS, type AxeViolation, violationReport } from '../axe';
import type { EnginePage } from './engine-page';

export async function expectAccessible(page: EnginePage, context: string): Promise<void> {
  if (!(await page.evaluate<boolean>(`function () { return 'axe' in window; }`))) await page.evaluate(`function () { ${AXE_SOURCE}\n}`);
  const violations = await page.evaluate<AxeViolation[]>(
    `async function (tags) {
      const result = await window.axe.run(document, { runOnly: { type: 'tag', values: tags } });
      return result.violations.map(({ id, help, nodes }) => ({ id, help, nodes: nodes.map(({ target, failureSummary }) => ({ target, failureSummary })) }));
    }`,
    AXE_TAGS,
  );
  expect(violationReport(violations), `axe-core violations on ${context} in ${page.engine}`).toEqual([]);
}
