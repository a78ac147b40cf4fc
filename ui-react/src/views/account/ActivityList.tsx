import { transactionExplorerUrl, truncateAddress, type Transaction } from '@latch/kernel';
import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../../modal/views.js';
import { ReceiveIcon, SendIcon } from '../../parts/accountIcons.js';
import { isAllowedImage } from '../../parts/allowedImage.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { directionOf, groupByMonth, operationTitle, transferText } from './activityText.js';
import { ListState, MoreButton } from './ListState.js';
import { usePagedList } from './usePagedList.js';

const timeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Row({ modal, transaction, account }: { modal: ViewProps['modal']; transaction: Transaction; account: string }) {
  const network = useAtomValueRawSync(activeNetworkAtom, { store: getInternals(modal).store });
  const transfers = Array.isArray(transaction.transfers) ? transaction.transfers : [];
  const first = transfers[0];
  const direction = directionOf(transaction, first, account);
  // The transfer's own party where the provider names it (a token's receiver, not its contract), else the transaction's.
  const counterpart = first?.counterparty ?? (direction === 'in' ? transaction.metadata.sentFrom : transaction.metadata.sentTo);
  const icon = first?.fungible_info?.icon?.url ?? first?.nft_info?.content?.preview?.url;
  const date = new Date(transaction.metadata.minedAt);
  const status = transaction.metadata.status;
  const url = transactionExplorerUrl(network, transaction.id);
  const body = (
    <>
      {isAllowedImage(icon, modal.options.imageHosts) ? (
        <img className="activity-icon" src={icon} alt="" />
      ) : (
        <span className="activity-icon" aria-hidden="true">
          {direction === 'in' ? <ReceiveIcon /> : <SendIcon />}
        </span>
      )}
      <span className="what">
        <strong>
          {operationTitle(transaction.metadata.operationType)}
          {status === 'failed' ? <span className="tag failed">Failed</span> : null}
          {status === 'pending' ? <span className="tag">Pending</span> : null}
        </strong>
        <span title={counterpart}>
          {direction === 'in' ? 'from' : 'to'} {truncateAddress(counterpart)}
        </span>
      </span>
      <span className="figures">
        {/* Every token the transaction moved, one line each. */}
        {transfers.map((transfer, index) => {
          const way = directionOf(transaction, transfer, account);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: a transaction's transfers have no id and never reorder.
            <span key={index} className={`amount${way === 'in' ? ' in' : ''}`} data-testid="latch-activity-transfer">
              {transferText(transfer, way)}
            </span>
          );
        })}
        <span className="when">{Number.isNaN(date.getTime()) ? '' : timeFormat.format(date)}</span>
      </span>
    </>
  );
  return url ? (
    <a className="activity-row" href={url} target="_blank" rel="noopener noreferrer" data-testid="latch-activity-item">
      {body}
      <span className="sr-only"> (opens the explorer in a new tab)</span>
    </a>
  ) : (
    <div className="activity-row" data-testid="latch-activity-item">
      {body}
    </div>
  );
}

/** The Activity tab (§2): the account's transactions on the active network, by month, paged. */
export default function ActivityList({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const address = account?.address ?? '';
  const list = usePagedList(`${namespace}|${network?.caipNetworkId}|${address}`, (cursor, signal) =>
    modal.getTransactions({ namespace, signal, ...(cursor ? { cursor } : {}) }),
  );

  const state = ListState({
    list,
    loading: 'Loading activity…',
    // §8: the list is marked empty; the snack already said 'Failed to fetch transactions'.
    failed: 'Failed to fetch transactions',
    none: `No activity yet on ${network?.name ?? 'this network'}.`,
    noneRecent: 'No activity found yet in the most recent history.',
  });
  if (state) return state;
  return (
    <div data-testid="latch-activity">
      <ViewStyles css={ACCOUNT_CSS} />
      {groupByMonth(list.items).map((group) => (
        <section key={group.key} className="activity-group" aria-label={group.label}>
          <h3>{group.label}</h3>
          <ul className="list">
            {group.items.map((transaction) => (
              <li key={transaction.id}>
                <Row modal={modal} transaction={transaction} account={address} />
              </li>
            ))}
          </ul>
        </section>
      ))}
      <MoreButton list={list} />
    </div>
  );
}
