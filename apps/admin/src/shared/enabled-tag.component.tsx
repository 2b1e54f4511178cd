import { Tag } from 'antd';

/** Whether players are offered something (a channel, a game): a green "enabled" or a plain "disabled". */
export function enabledTag(enabled: boolean) {
  return enabled ? <Tag color="green">enabled</Tag> : <Tag>disabled</Tag>;
}
