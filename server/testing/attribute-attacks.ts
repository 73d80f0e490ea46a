/**
 * Query values that try to leave an HTML attribute, each with the attribute text it must become:
 * the replacement patterns of String.replace (`` $` `` and `$'` insert the text around the match,
 * quotes included; `$&` the match; `$1` a group) and plain quotes and angle brackets.
 */
export const ATTACKS: readonly (readonly [value: string, escaped: string])[] = [
  ['$` autofocus onfocus=alert(1) x=', '$` autofocus onfocus=alert(1) x='],
  ["$' autofocus onfocus=alert(1) x=", '$&#39; autofocus onfocus=alert(1) x='],
  ['$&$&" onfocus="alert(1)', '$&amp;$&amp;&quot; onfocus=&quot;alert(1)'],
  ['$1$2$<name>" x="', '$1$2$&lt;name&gt;&quot; x=&quot;'],
  [`a'b"c<d>e@example.com`, 'a&#39;b&quot;c&lt;d&gt;e@example.com'],
];
