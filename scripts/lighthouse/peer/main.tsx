/**
 * The peer of the comparison: Supabase Auth UI's sign-in page as its documentation shows it
 * (the `Auth` component with the ThemeSupa appearance, no social providers) on React 19. The client
 * gets a URL that never resolves and a dummy key: Supabase fetches nothing until the form is sent,
 * so the page loads without a network, like ours on the reference server.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createClient } from '@supabase/supabase-js';
import { Auth } from '@supabase/auth-ui-react';
import { ThemeSupa } from '@supabase/auth-ui-shared';

const supabase = createClient('https://peer.invalid', 'dummy-anon-key');

function SignIn() {
  return (
    <main style={{ maxWidth: '24rem', margin: '0 auto', padding: '2rem 1rem' }}>
      <Auth supabaseClient={supabase} appearance={{ theme: ThemeSupa }} providers={[]} view="sign_in" />
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SignIn />
  </StrictMode>,
);
