import { CARRIED_KEYS } from './carried';
import { useFlow } from './flow';

/**
 * The carried parameters as hidden fields, so a form sent by the browser itself (before the
 * script has arrived) keeps them (rules/carried.ts). The server writes the same fields into a
 * prerendered form (server/web/carried-fields.ts); these take them over.
 */
export function CarriedFields() {
  const { search } = useFlow();
  return (
    <>
      {CARRIED_KEYS.filter((key) => search[key]).map((key) => (
        <input key={key} type="hidden" name={key} value={search[key]} />
      ))}
    </>
  );
}
