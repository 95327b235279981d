/** A form-level problem (or success), announced when it appears. */
export function FormAlert({ message, tone = 'danger' }: { message: string | null; tone?: 'danger' | 'success' | 'warning' }) {
  if (!message) return null;
  return (
    <p className={`banner banner-${tone}`} role={tone === 'danger' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
