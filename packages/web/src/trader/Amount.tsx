/**
 * An amount's cell, with the asset it is in: a market buy's amount is money, others are stock, and a
 * bare figure reads as either. Where the answer leaves the asset open, the cell names both.
 */
export function AmountCell({ amount, assets }: { amount: string; assets: readonly string[] }) {
  const open = assets.length > 1;
  return (
    <td
      className="num"
      title={
        open
          ? "A spot market buy's amount is money, a collateral one's stock: the list does not say which this was"
          : undefined
      }
    >
      {amount} {assets.join(' or ')}
    </td>
  );
}
