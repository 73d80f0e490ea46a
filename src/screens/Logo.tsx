/** The front door's mark and name, drawn inline so the first paint needs no image request. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="fd-logo">
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0a66c2" />
        <path d="M10 25V7h12v18h-3V10h-6v15z" fill="#fff" />
        <circle cx="16.5" cy="17" r="1.5" fill="#fff" />
      </svg>
      <span className="fd-logo__name">{name}</span>
    </span>
  );
}
