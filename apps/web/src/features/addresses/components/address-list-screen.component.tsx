import type { AddressDto } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { InformationCircleOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { api } from '../../../shared/api/api.ts';
import { useErrorAlert, useHideErrorAlert } from '../../../shared/dialogs/error-alert.context.tsx';
import { confirmDialog } from '../../../shared/dialogs/message-dialogs.ts';
import { getToken, StorageKey } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { EditDeleteSheet } from '../../../shared/ui/edit-delete-sheet.component.tsx';
import { EmptyState } from '../../../shared/ui/empty-state.component.tsx';
import listStyles from '../../../shared/ui/saved-list.module.css';
import { SkeletonScreen } from '../../../shared/ui/skeleton.component.tsx';
import { shopErrorText, translateShopMessage } from '../../shop/rules/shop-message.rule.ts';
import { addressLine, deleteAddress } from '../api/addresses.api.ts';
import { addressQueryKeys } from '../hooks/address-query-keys.ts';
import { useAddresses } from '../hooks/use-addresses.hook.ts';
import styles from './addresses.module.css';

/** The add and edit screen of an address (spec 01 §2: /editAddress, with ?id to edit). */
export function editAddressPath(id?: number): string {
  return id === undefined ? '/editAddress' : `/editAddress?id=${id}`;
}

/** One address of the list: name, mobile, the address in one line, and the info button. */
export function AddressSummary({ address }: { address: AddressDto }) {
  return (
    <div className={listStyles.itemBody}>
      <div className={listStyles.itemHead}>
        <span className={styles.itemName}>{address.full_name}</span>
        <span className={styles.itemMobile}>{address.mobile_number}</span>
      </div>
      <span className={styles.itemLine}>{addressLine(address)}</span>
    </div>
  );
}

function SignedInAddressList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const showError = useErrorAlert();
  const hideError = useHideErrorAlert();
  const addresses = useAddresses();
  const [selected, setSelected] = useState<AddressDto | null>(null);

  async function remove(address: AddressDto) {
    setSelected(null);
    const confirmed = await confirmDialog({
      title: t('addresses.deleteTitle'),
      content: t('addresses.deleteContent', { name: address.full_name }),
      confirmText: t('addresses.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    hideError();
    try {
      const message = await deleteAddress(api, address.id);
      Toast.show({ content: translateShopMessage(message) });
    } catch (error) {
      showError(shopErrorText(error));
    } finally {
      // Deleted, or gone already: either way the list must show what the server holds now.
      queryClient.removeQueries({ queryKey: addressQueryKeys.one(address.id) });
      await queryClient.invalidateQueries({ queryKey: addressQueryKeys.list });
    }
  }

  if (addresses.isPending) {
    return <SkeletonScreen cards={2} />;
  }
  if (addresses.isError) {
    return (
      <div className={listStyles.state} data-testid="address-list-failed">
        <p>{t('addresses.loadFailed')}</p>
        <Button size="small" onClick={() => void addresses.refetch()} loading={addresses.isFetching}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className={listStyles.page}>
      {addresses.data.length === 0 ? (
        <EmptyState text={t('addresses.empty')} testId="address-list-empty" />
      ) : (
        <ul className={listStyles.list} aria-label={t('addresses.title')}>
          {addresses.data.map((address) => (
            <li
              key={address.id}
              className={listStyles.item}
              data-testid="address-item"
              data-address-id={address.id}
            >
              <AddressSummary address={address} />
              <button
                type="button"
                className={listStyles.infoButton}
                aria-label={t('addresses.actions')}
                onClick={() => setSelected(address)}
              >
                <InformationCircleOutline aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
      {/* The add button shows only once the list has loaded (spec 01 §2). */}
      <Button block color="primary" onClick={() => navigate(editAddressPath())}>
        {t('addresses.add')}
      </Button>
      <EditDeleteSheet
        item={selected}
        label={t('addresses.actions')}
        describe={(address) => `${address.full_name} · ${addressLine(address)}`}
        editText={t('addresses.edit')}
        deleteText={t('addresses.delete')}
        testId="address-sheet"
        onClose={() => setSelected(null)}
        onEdit={(address) => navigate(editAddressPath(address.id))}
        onDelete={(address) => void remove(address)}
      />
    </div>
  );
}

/** The address list /addressList (spec 01 §2); without a token it goes to /login. */
export function AddressListScreen() {
  const token = useStoredValue(StorageKey.token, getToken);
  if (!token) return <Navigate to="/login" replace />;
  return <SignedInAddressList />;
}
