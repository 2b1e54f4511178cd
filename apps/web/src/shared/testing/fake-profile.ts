type Body = Record<string, unknown>;

/** A GET /user/profile answer; `overrides` replace top-level fields, `entry` the account's fields. */
export function profileAnswer(overrides: Body = {}, entry: Body = {}): Body {
  return {
    code: 200,
    entry: {
      r_code: 'AB12CD',
      nick_name: 'Asha',
      mobile: '+919876543210',
      user_id: 1042,
      balance: '1234.50',
      ...entry,
    },
    event_gift_enable: false,
    promotion_url: '',
    is_early: false,
    is_transfer_enable: 1,
    supports: [],
    android_app_prefix: '',
    ...overrides,
  };
}
