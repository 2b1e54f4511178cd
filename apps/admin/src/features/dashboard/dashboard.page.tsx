import type { DashboardResponse } from '@app/shared';
import { Alert, Button, Card, Col, Row, Statistic } from 'antd';
import ReactECharts from 'echarts-for-react';
import { useCallback, useEffect, useState } from 'react';
import { apiCall } from '../../shared/api-client.ts';
import { message } from '../../shared/feedback.ts';

const QUEUE_LABELS: Record<string, string> = {
  manual_recharges: 'Manual UPI recharges',
  withdrawals: 'Withdrawals',
  orders_to_ship: 'Orders to ship',
};

function age(oldestAt: number | null): string {
  if (oldestAt === null) return 'empty';
  const minutes = Math.max(0, Math.round((Date.now() - oldestAt) / 60_000));
  return minutes < 120 ? `oldest ${minutes} min` : `oldest ${Math.round(minutes / 60)} h`;
}

function lineChart(title: string, days: string[], series: Array<{ name: string; data: number[] }>) {
  return {
    title: { text: title, textStyle: { fontSize: 14 } },
    tooltip: { trigger: 'axis' },
    legend: { top: 24 },
    grid: { top: 60, left: 60, right: 20, bottom: 30 },
    xAxis: { type: 'category', data: days },
    yAxis: { type: 'value' },
    series: series.map((entry) => ({ ...entry, type: 'line', smooth: true })),
  };
}

/**
 * The dashboard (its own lazily loaded chunk with echarts): deposits and withdrawals, net gaming revenue per
 * game, active players per day, the queues' ages and the ledger health panel.
 */
export default function DashboardPage() {
  const [data, setData] = useState<DashboardResponse | null>(null);
  const load = useCallback(() => {
    apiCall<DashboardResponse>('GET', '/admin/api/dashboard?days=14')
      .then(setData)
      .catch((error: Error) => message.error(error.message));
  }, []);
  useEffect(load, [load]);
  if (!data) return <Card loading title="Dashboard" />;
  const days = data.days.map((day) => day.day.slice(5));
  const last = data.ledger.last_check;
  return (
    <div>
      <Row gutter={16}>
        {data.queues.map((queue) => (
          <Col span={6} key={queue.key}>
            <Card size="small">
              <Statistic
                title={QUEUE_LABELS[queue.key] ?? queue.key}
                value={queue.count}
                suffix={<small>{age(queue.oldest_at)}</small>}
              />
            </Card>
          </Col>
        ))}
        <Col span={6}>
          <Card
            size="small"
            title="Ledger health"
            extra={
              <Button
                size="small"
                onClick={async () => {
                  try {
                    await apiCall('POST', '/admin/api/ledger/check');
                    load();
                  } catch (error) {
                    message.error(error instanceof Error ? error.message : String(error));
                  }
                }}
              >
                Check now
              </Button>
            }
          >
            {last ? (
              <Alert
                type={last.ok && last.drift_minor === 0 ? 'success' : 'error'}
                message={`${last.ok ? 'clean' : `${last.violation_count} violations`}, drift ${last.drift_minor}`}
                description={`last check ${new Date(last.finished_at).toLocaleString()} (${last.source})`}
              />
            ) : (
              <Alert type="warning" message="No ledger check stored yet" />
            )}
          </Card>
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col span={12}>
          <Card size="small" data-testid="chart-money">
            <ReactECharts
              style={{ height: 300 }}
              option={lineChart('Deposits and withdrawals', days, [
                { name: 'Deposits', data: data.days.map((day) => Number(day.deposits)) },
                { name: 'Withdrawals', data: data.days.map((day) => Number(day.withdrawals)) },
              ])}
            />
          </Card>
        </Col>
        <Col span={12}>
          <Card size="small">
            <ReactECharts
              style={{ height: 300 }}
              option={lineChart(
                'Net gaming revenue per game',
                days,
                data.games.map((game) => ({
                  name: game,
                  data: data.days.map((day) => Number(day.ngr[game] ?? 0)),
                })),
              )}
            />
          </Card>
        </Col>
        <Col span={12} style={{ marginTop: 16 }}>
          <Card size="small">
            <ReactECharts
              style={{ height: 300 }}
              option={lineChart('Active players', days, [
                { name: 'Players who bet', data: data.days.map((day) => day.active_players) },
              ])}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
