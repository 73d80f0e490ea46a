import { useState, type FormEvent } from 'react';
import { createLazyRoute, useNavigate } from '@tanstack/react-router';
import { useT } from '../i18n/useT';
import { Field } from '../ui/Field';
import { emailErrors } from '../schemas/email';

/** Login (spec section 2 and 4): e-mail first; Continue stays disabled until the e-mail is valid. */
function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const username = email.trim();
  const errorKeys = emailErrors(username);
  const valid = errorKeys.length === 0;

  function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (valid) void navigate({ to: '/login/password', search: { username } });
  }

  return (
    <form className="fd-card" onSubmit={submit} noValidate>
      <h1>{t('page.login.heading')}</h1>
      <p>{t('page.login.intro')}</p>
      <Field
        label={t('field.email.label')}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={email}
        errors={submitted ? errorKeys.map((key) => t(key)) : undefined}
        onInput={(event) => setEmail(event.currentTarget.value)}
      />
      <button type="submit" className="fd-button fd-button--primary" disabled={!valid}>
        {t('button.continue')}
      </button>
    </form>
  );
}

export const Route = createLazyRoute('/login')({ component: Login });
