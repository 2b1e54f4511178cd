import type {
  AdminBannersBody,
  AdminContentResponse,
  AdminNoticesBody,
  AdminSupportContactsBody,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import { runInTransaction } from '../../db/transaction.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import type { SettingKey, SettingValue } from './settings.definitions.ts';
import type { SettingsService } from './settings.service.ts';
import { OPERATOR_SETTING_CHANGED } from './settings-operator.service.ts';

/** Who changed the content and from where. */
export interface ContentActor {
  readonly operator: string;
  readonly ip: string | null;
}

/**
 * The console's content forms (banners, notices, support contacts). They write the same settings the player
 * app reads (home.banners and home.notice through GET /shop/home_top and the app shell's boot-shell banner,
 * colour.notice through GET /win/next_period_info, support.contacts through GET /user/profile), each
 * audited as a setting change, and say that settings changed once the change has committed so every
 * instance's public reads are made again.
 */
export class ContentOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly settings: SettingsService,
    private readonly audit: AuditLog,
  ) {}

  /** GET /admin/api/content: the values the forms start from, read from the table (not the cache). */
  async get(): Promise<AdminContentResponse> {
    const values = await this.settings.getMany([
      'home.banners',
      'home.notice',
      'colour.notice',
      'support.contacts',
    ]);
    return {
      code: 200,
      banners: values['home.banners'],
      home_notice: values['home.notice'],
      colour_notice: values['colour.notice'],
      contacts: values['support.contacts'],
    };
  }

  /** PUT /admin/api/content/banners: the carousel's images in order. */
  async saveBanners(body: AdminBannersBody, actor: ContentActor): Promise<AdminContentResponse> {
    await this.write([['home.banners', body.banners]], actor);
    return this.get();
  }

  /** PUT /admin/api/content/notices: the home notice and the colour game's notice. */
  async saveNotices(body: AdminNoticesBody, actor: ContentActor): Promise<AdminContentResponse> {
    await this.write(
      [
        ['home.notice', body.home_notice],
        ['colour.notice', body.colour_notice],
      ],
      actor,
    );
    return this.get();
  }

  /** PUT /admin/api/content/support-contacts: the support group of /mine in order. */
  async saveSupportContacts(
    body: AdminSupportContactsBody,
    actor: ContentActor,
  ): Promise<AdminContentResponse> {
    await this.write([['support.contacts', body.contacts]], actor);
    return this.get();
  }

  /** Writes settings in one transaction, one audit row per setting that changed. */
  private async write(
    changes: ReadonlyArray<readonly [SettingKey, SettingValue<SettingKey>]>,
    actor: ContentActor,
  ): Promise<void> {
    await runInTransaction(this.database, async (trx) => {
      for (const [key, value] of changes) {
        const previous = await this.settings.get(key, trx);
        if (JSON.stringify(previous) === JSON.stringify(value)) continue;
        await this.settings.set(key, value as never, trx);
        await this.audit.record(
          OPERATOR_SETTING_CHANGED,
          { ip: actor.ip, detail: { operator: actor.operator, key, previous, value } },
          trx,
        );
      }
    });
    this.settings.changed();
  }
}
