/** A field's errors, named by its errorId for aria-describedby. */
export function FieldErrors({ id, errors }: { readonly id: string; readonly errors: readonly string[] | undefined }) {
  if (errors === undefined || errors.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error} className="flex gap-1.5">
          <span aria-hidden="true" className="font-bold">
            !
          </span>
          <span className="min-w-0 break-words">{error}</span>
        </li>
      ))}
    </ul>
  );
}
