export interface Rule {
  /** The rule in words, already translated. */
  label: string;
  met: boolean;
}

export interface RuleListProps {
  /** What the rules are for, already translated: the list's accessible name. */
  label: string;
  rules: readonly Rule[];
  /** The rules are shown as broken (the field was left with some unmet), in the error style. */
  broken?: boolean;
  /** Said to screen readers after a met rule and an unmet one, already translated. */
  metText: string;
  unmetText: string;
  id?: string;
}

/**
 * Rules a value must follow, each ticking as it is met while the person types (flows 5: the new
 * password's rules). Each item says whether it is met to screen readers as well as by its mark.
 *
 * @example
 * <RuleList label="Your password needs" metText="met" unmetText="not met" rules={[{ label: 'At least 9 characters', met: true }]} />
 */
export function RuleList({ label, rules, broken = false, metText, unmetText, id }: RuleListProps) {
  return (
    <ul id={id} className={broken ? 'fd-rules fd-rules--broken' : 'fd-rules'} aria-label={label}>
      {rules.map((rule) => (
        <li key={rule.label} className={rule.met ? 'fd-rules__rule fd-rules__rule--met' : 'fd-rules__rule'} data-met={rule.met || undefined}>
          <svg className="fd-rules__mark" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            {rule.met ? <path d="M3 8.5l3 3 7-7" fill="none" stroke="currentColor" /> : <circle cx="8" cy="8" r="3" fill="currentColor" />}
          </svg>
          <span>{rule.label}</span>
          <span className="fd-visually-hidden">{`: ${rule.met ? metText : unmetText}`}</span>
        </li>
      ))}
    </ul>
  );
}
