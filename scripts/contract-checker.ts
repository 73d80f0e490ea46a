/**
 * npm run contract -- --base-url URL ...: checks that a server honours openapi/auth.yaml.
 * Exit code 0 when every check passed, 1 when one failed, 2 for unusable options.
 */
import { USAGE, UsageError, parseOptions } from './contract-checker/options';
import { runContractChecks } from './contract-checker/run';

let options;
try {
  options = parseOptions(process.argv.slice(2), process.env);
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`${error.message}\n\n${USAGE}`);
  process.exit(2);
}
if (!options) {
  console.log(USAGE);
} else {
  const { failed } = await runContractChecks(options, (line) => console.log(line));
  process.exitCode = failed > 0 ? 1 : 0;
}
