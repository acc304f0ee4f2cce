/** HTTP headers in the order sent, those of the signing string marked. */
export function HeaderTable({
  headers,
  caption,
  signed = [],
}: {
  headers: readonly (readonly [string, string])[];
  caption: string;
  signed?: readonly string[];
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-xs">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="w-56 py-1 pr-4 font-medium">
              Header
            </th>
            <th scope="col" className="py-1 font-medium">
              Value
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 font-mono">
          {headers.map(([name, value], index) => (
            <tr key={`${name}-${index}`} className="align-top">
              <td className="py-1.5 pr-4 whitespace-nowrap text-slate-700">
                {name}
                {signed.includes(name.toLowerCase()) && (
                  <span
                    className="ml-1 rounded bg-brand-50 px-1 font-sans text-[10px] font-semibold text-brand-700"
                    title="part of the signing string"
                  >
                    signed
                  </span>
                )}
              </td>
              <td className="py-1.5 break-all text-slate-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
