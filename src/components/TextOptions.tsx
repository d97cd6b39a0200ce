/**
 * The <option>s of a plain select: first an empty one labelled `empty` ('Select', 'All', ...), then
 * one per entry, a string being its own value and label, a [value, label] pair otherwise. Shared by
 * the wizard, the accounts and self-service pages and the admin filters, whose selects differ only
 * in these lists.
 */
export function TextOptions({ empty, options }: { empty: string; options: readonly (string | readonly [value: string, label: string])[] }) {
  return (
    <>
      <option value="">{empty}</option>
      {options.map((o) => {
        const [value, label] = typeof o === 'string' ? [o, o] : o;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}
