import { COLOUR_PERIOD_MS, periodNumberAt, type StartGameResponse } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { expectLedgerClean } from '../../test-support/ledger-assertions.ts';
import { buildTestApp } from '../../test-support/test-app.ts';
import { describeEachDatabase } from '../../test-support/test-database.ts';
import { testSecretBox } from '../../test-support/test-secrets.ts';
import { type ColourGameModule, createColourGameModule } from '../games/colour/colour.module.ts';
import { seedDemoGameProvider } from '../launcher/demo-provider/demo-provider.seed.ts';
import { LedgerService } from '../ledger/ledger.service.ts';
import { adminTokenHeaders } from '../operators/operator-fixtures.ts';
import { createBuyer, fundWallet, type TestBuyer } from '../orders/order-fixtures.ts';
import { SettingsService } from '../settings/settings.service.ts';
import { WageringService } from '../withdrawals/wagering.service.ts';
import { PromotionAccrualService } from './promotion-accrual.service.ts';

/** 2025-03-05 10:35 IST: inside the first gift round; colour chains start with the next period. */
const MIDNIGHT_IST = Date.parse('2025-03-04T18:30:00Z');
const START_MS = MIDNIGHT_IST + 10 * 3_600_000 + 35 * 60_000;
const ADMIN_TOKEN = 'mixed-workload-admin-token-0123456789';
const operatorHeaders = adminTokenHeaders(ADMIN_TOKEN);
const PLAYERS = 12;

describeEachDatabase(
  'ledger stays clean after a mixed workload of bonuses, gifts and launcher money',
  (database) => {
    const clock = new ManualClock(START_MS);
    let app: FastifyInstance;
    let colour: ColourGameModule;
    const players: Array<TestBuyer & { mobile: string }> = [];

    beforeAll(async () => {
      await seedDemoGameProvider(database().db, clock, testSecretBox());
      app = await buildTestApp(database(), { clock, config: { adminToken: ADMIN_TOKEN } });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const settings = new SettingsService(database().db, clock);
      const ledger = new LedgerService(database(), clock);
      colour = createColourGameModule({
        database: database(),
        clock,
        ledger,
        settings,
        market: 'in',
        logger: app.log,
        wagering: new WageringService(settings, clock),
        chainLength: 2000,
        referralBonuses: new PromotionAccrualService(database(), clock, ledger, settings),
      });
      for (let index = 0; index < PLAYERS; index += 1) {
        const buyer = await createBuyer(database(), clock);
        const referrer = players[Math.floor(index / 2)];
        const level2 = referrer ? players[Math.floor(players.indexOf(referrer) / 2)] : undefined;
        await database()
          .db.updateTable('users')
          .set({
            event_gift_enable: 1,
            // The games are for early-access players only (spec 02 §6).
            is_early: 1,
            referrer_level1_id: index === 0 ? null : (referrer?.userId ?? null),
            referrer_level2_id: index === 0 || !level2 || level2 === referrer ? null : level2.userId,
          })
          .where('id', '=', buyer.userId)
          .execute();
        await fundWallet(database(), clock, buyer.userId, 1_000_00);
        const row = await database()
          .db.selectFrom('users')
          .select('mobile')
          .where('id', '=', buyer.userId)
          .executeTakeFirstOrThrow();
        players.push({ ...buyer, mobile: row.mobile });
      }
      // Loosening a gift requirement waits for a second operator; this workload only needs it off.
      await new SettingsService(database().db, clock).set('gift_events.join_recharge', false);
      await app.inject({
        method: 'POST',
        url: '/admin/api/gift-codes',
        headers: operatorHeaders,
        payload: {
          code: 'MIXED2025',
          total: '100',
          count: 7,
          split: 'random',
          expires_at: START_MS + 86_400_000,
        },
      });
      await colour.engine.tick();
      clock.set(MIDNIGHT_IST + 10 * 3_600_000 + 36 * 60_000 + 5_000);
      await colour.engine.tick();
    });
    afterAll(async () => {
      await colour?.engine.stop();
      await app?.close();
    });

    it('runs colour bets with referral bonuses, profit transfers, gift codes and rounds and dice rolls at once', async () => {
      const period = periodNumberAt(clock.now(), 'Asia/Kolkata');
      const work = players.flatMap((player, index) => [
        app.inject({
          method: 'POST',
          url: '/win/add_user_guess',
          headers: player.headers,
          payload: {
            category: 'P',
            period,
            guess_type: 'G',
            number: 0,
            contract_money: 100,
            contract_count: 1 + (index % 3),
          },
        }),
        app.inject({
          method: 'POST',
          url: '/mana/receive_red_packet',
          headers: player.headers,
          // Each player on its own phone: the per-address limit of gift-code claims is not this test's subject.
          remoteAddress: `10.7.${(player.userId >> 8) & 255}.${player.userId & 255}`,
          payload: { packet_code: 'MIXED2025', mobile: player.mobile },
        }),
        (async () => {
          const list = await app.inject({ method: 'GET', url: '/user/gift_events', headers: player.headers });
          const open = list.json().queryset[0];
          return app.inject({
            method: 'POST',
            url: '/user/join_gift_event',
            headers: player.headers,
            payload: { id: open.id },
          });
        })(),
        (async () => {
          const games = (await app.inject({ method: 'GET', url: '/shop/home_top' })).json().more_game_list;
          const started = await app.inject({
            method: 'GET',
            url: `/exg/owngame_start_game?game_id=${games[0].game_id}`,
            headers: player.headers,
          });
          const token = new URL(started.json<StartGameResponse>().launch_url, 'http://x').searchParams.get(
            'token',
          );
          const opened = await app.inject({
            method: 'POST',
            url: '/demo-provider/api/open',
            payload: { token },
          });
          const sessionId = opened.json().session_id;
          for (let roll = 0; roll < 3; roll += 1) {
            await app.inject({
              method: 'POST',
              url: '/demo-provider/api/roll',
              payload: {
                session_id: sessionId,
                stake_minor: 5_00,
                target: 40 + roll * 10,
                client_seed: `seed${index}`,
              },
            });
          }
        })(),
      ]);
      await Promise.all(work);
      clock.set(clock.now() + COLOUR_PERIOD_MS);
      const report = await colour.engine.tick();
      expect(report.settled).toContain(`P:${period}`);
      const bonuses = await database().db.selectFrom('promotion_bonuses').selectAll().execute();
      expect(bonuses.length).toBeGreaterThan(0);
      // Referrers apply part of their bonus while more money moves.
      await Promise.all(
        players.map((player) =>
          app.inject({
            method: 'POST',
            url: '/user/add_profit_transfer',
            headers: player.headers,
            payload: { apply_bonus: '0.30' },
          }),
        ),
      );
      const waiting = (
        await app.inject({ method: 'GET', url: '/admin/api/profit-transfers', headers: operatorHeaders })
      ).json<{ queryset: Array<{ id: number }> }>().queryset;
      await Promise.all(
        waiting.map((row, index) =>
          app.inject({
            method: 'POST',
            url: `/admin/api/profit-transfers/${row.id}/${index % 2 === 0 ? 'complete' : 'refuse'}`,
            headers: operatorHeaders,
            payload: {},
          }),
        ),
      );
      const launcherMoves = await database().db.selectFrom('provider_transactions').select('id').execute();
      expect(launcherMoves.length).toBeGreaterThanOrEqual(PLAYERS * 3);
      const gifts = await database().db.selectFrom('gift_event_claims').select('id').execute();
      expect(gifts).toHaveLength(PLAYERS);
      await expectLedgerClean(database());
    }, 120_000);
  },
);
