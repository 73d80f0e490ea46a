/** Where to get an authenticator app (flows 2, MFASetup: store badges for two stores). */
export function StoreBadges({ appStoreLabel, playStoreLabel }: { appStoreLabel: string; playStoreLabel: string }) {
  return (
    <ul className="fd-badges">
      <li>
        <a className="fd-badge" href="https://apps.apple.com/search?term=authenticator" target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M16.4 12.6c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.9-.9-3.1-.8-1.6 0-3.1.9-3.9 2.4-1.7 2.9-.4 7.2 1.2 9.6.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.1.8 1.3 0 2.1-1.2 2.9-2.4.9-1.3 1.3-2.6 1.3-2.7 0 0-2.5-1-2.7-4zM14.1 5.5c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z"
            />
          </svg>
          <span>{appStoreLabel}</span>
        </a>
      </li>
      <li>
        <a className="fd-badge" href="https://play.google.com/store/search?q=authenticator&c=apps" target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 2.6v18.8c0 .4.4.6.7.4l10.6-9.4c.2-.2.2-.5 0-.7L4.7 2.2c-.3-.2-.7 0-.7.4zm12.9 7.7-2.1 1.8 2.1 1.8 3.5-1.9c.5-.3.5-.9 0-1.2l-3.5-1.9z"
            />
          </svg>
          <span>{playStoreLabel}</span>
        </a>
      </li>
    </ul>
  );
}
