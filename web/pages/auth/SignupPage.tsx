/** /bw/signup: e-mail only; the answer is the same whether or not the address is known. */
import { Text } from '@mantine/core';
import { authApi } from '../../session/authApi';
import { AuthLink, AuthPanel } from '../../components/AuthPanel';
import { EmailRequestForm } from './EmailRequestForm';

export default function SignupPage() {
  return (
    <AuthPanel
      title="Create your Bondwise account"
      testId="signup-page"
      footer={
        <AuthLink to="/bw/login" testId="signup-login-link">
          Already have an account? Log in
        </AuthLink>
      }
    >
      <Text size="sm" c="dimmed">
        Enter your work e-mail. We send you a link to choose your name and password.
      </Text>
      <EmailRequestForm
        testId="signup"
        submitLabel="Send sign-up link"
        send={authApi.signup}
        confirmation={(email) =>
          `Thanks. If ${email} can be used for Bondwise, a message with a link to finish signing up is on its way. ` +
          'Check your inbox (and spam folder).'
        }
      />
    </AuthPanel>
  );
}
