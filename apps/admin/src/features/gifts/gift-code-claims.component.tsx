import type { AdminGiftClaimDto, AdminGiftCodeDto, Page } from '@app/shared';
import { Button, Modal, Table } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiCall, queryString } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

/** Claims shown per page of the dialog. */
const CLAIMS_PAGE_SIZE = 20;

/** Who claimed a gift code, how much and when, a page at a time. */
export function GiftCodeClaimsButton({ code }: { code: AdminGiftCodeDto }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [claims, setClaims] = useState<Page<AdminGiftClaimDto> | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    apiCall<Page<AdminGiftClaimDto>>(
      'GET',
      `/admin/api/gift-codes/${code.id}/claims${queryString({ p: page, p_size: CLAIMS_PAGE_SIZE })}`,
    )
      .then((body) => live && setClaims(body))
      .catch((error: Error) => message.error(error.message));
    return () => {
      live = false;
    };
  }, [open, page, code.id]);
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        Claims ({code.claimed_count})
      </Button>
      <Modal
        open={open}
        title={`Claims of ${code.code}`}
        footer={null}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Table<AdminGiftClaimDto>
          size="small"
          rowKey={(row) => `${row.user_id}-${row.create_time}`}
          loading={claims === null}
          dataSource={claims?.queryset ?? []}
          pagination={{
            current: page,
            pageSize: CLAIMS_PAGE_SIZE,
            total: claims?.page.count ?? 0,
            onChange: setPage,
          }}
          columns={[
            {
              key: 'user_id',
              title: 'Player',
              render: (_, row) => <Link to={`/users/${row.user_id}`}>#{row.user_id}</Link>,
            },
            { key: 'price', dataIndex: 'price', title: 'Amount' },
            {
              key: 'create_time',
              title: 'Claimed',
              render: (_, row) => new Date(row.create_time).toLocaleString(),
            },
          ]}
        />
      </Modal>
    </>
  );
}
