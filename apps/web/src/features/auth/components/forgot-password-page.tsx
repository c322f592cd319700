import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { AuthCard } from '../../../components/ui/auth-card';
import { TextField } from '../../../components/ui/text-field';
import { ApiError } from '../../../lib/api-client';
import { useForgotPassword } from '../api/forgot-password';

const forgotErrorMessage = (error: unknown) => {
  if (error instanceof ApiError) {
    return error.serverError ?? error.message;
  }
  return 'An error occurred processing your request';
};

export const ForgotPasswordPage = () => {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  if (forgot.isSuccess) {
    return (
      <AuthCard title="Check Your Email">
        <p className="mb-6 text-slate-700">
          If an account exists for <strong>{email}</strong>, we have sent a link to reset the
          password. The link expires after 1 hour.
        </p>
        <Button asChild variant="link" className="font-medium">
          <Link to="/login">Back to Login</Link>
        </Button>
      </AuthCard>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate({ email });
  };

  return (
    <AuthCard title="Forgot Password">
      <p className="mb-5 text-sm text-slate-600">
        Enter the email address of your account and we will send you a link to reset your password.
      </p>
      <form className="space-y-5" onSubmit={onSubmit}>
        {forgot.isError && (
          <Alert tone="error">{forgotErrorMessage(forgot.error) || 'An error occurred'}</Alert>
        )}
        <TextField
          id="forgot-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          required
          disabled={forgot.isPending}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={forgot.isPending} className="w-full">
          {forgot.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
      <p className="mt-6 text-sm">
        <Button asChild variant="link" className="font-medium">
          <Link to="/login">← Back to Login</Link>
        </Button>
      </p>
    </AuthCard>
  );
};
