/**
 * The account's name in a form that sets a password: hidden from view, but password managers
 * read it to know which saved login the new password belongs to (instead of guessing, or
 * saving it under an empty name).
 */
export const AccountUsername = ({ username }: { username: string | undefined }) =>
  username ? (
    <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
  ) : null;
