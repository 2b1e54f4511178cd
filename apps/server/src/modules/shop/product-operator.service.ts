import {
  type AdminCreateProductBody,
  type AdminProductDto,
  type AdminProductListResponse,
  type AdminProductResponse,
  type AdminUpdateProductBody,
  minorToDecimalString,
  type PaginationQuery,
  ShopMessage,
} from '@app/shared';
import type { AppDatabase } from '../../db/dialect.ts';
import type { ProductRow, ProductUpdate } from '../../db/schema.ts';
import { runInTransaction } from '../../db/transaction.ts';
import { notFound } from '../../http/app-error.ts';
import { pageResponse, pageWindow } from '../../http/pagination.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuditLog } from '../accounts/audit-log.service.ts';
import {
  countAllProducts,
  findProductById,
  insertProduct,
  listAllProducts,
  lockProductById,
  updateProduct,
} from './shop.repository.ts';
import { type OperatorContext, ShopAuditEvent } from './shop-audit.ts';

/** Maps a product row to the operator's view of it. */
export function toAdminProductDto(row: ProductRow): AdminProductDto {
  return {
    id: row.id,
    name: row.name,
    price: minorToDecimalString(row.price_minor),
    main_image: row.main_image,
    image2: row.image2,
    image3: row.image3,
    spec: row.spec,
    stock: row.stock,
    cancellable: row.cancellable === 1,
    active: row.is_active === 1,
    sort_order: row.sort_order,
    create_time: row.created_at,
    update_time: row.updated_at,
  };
}

const flag = (value: boolean): number => (value ? 1 : 0);

/** The columns an operator's edit changes; fields left out of the request are left out here too. */
function changesOf(body: AdminUpdateProductBody, now: number): ProductUpdate {
  const changes: ProductUpdate = { updated_at: now };
  if (body.name !== undefined) changes.name = body.name;
  if (body.price !== undefined) changes.price_minor = body.price;
  if (body.main_image !== undefined) changes.main_image = body.main_image;
  if (body.image2 !== undefined) changes.image2 = body.image2;
  if (body.image3 !== undefined) changes.image3 = body.image3;
  if (body.spec !== undefined) changes.spec = body.spec;
  if (body.stock !== undefined) changes.stock = body.stock;
  if (body.cancellable !== undefined) changes.cancellable = flag(body.cancellable);
  if (body.active !== undefined) changes.is_active = flag(body.active);
  if (body.sort_order !== undefined) changes.sort_order = body.sort_order;
  return changes;
}

/**
 * The operator API of the catalogue (DESIGN.md "Operator API"): list, create and edit products. Each change
 * writes an audit row with the product before and after, in the same transaction as the change. Orders
 * keep their own copy of a product, so an edit never changes what was already bought.
 */
export class ProductOperatorService {
  constructor(
    private readonly database: AppDatabase,
    private readonly clock: Clock,
    private readonly audit: AuditLog,
    /** Told after each committed change, so the public catalogue is read again (PublicReadTag.catalogue). */
    private readonly onCatalogueChanged: () => void = () => {},
  ) {}

  /** GET /admin/api/products: every product, active or not, in catalogue order. */
  async list(query: PaginationQuery): Promise<AdminProductListResponse> {
    const { db } = this.database;
    const [count, rows] = await Promise.all([countAllProducts(db), listAllProducts(db, pageWindow(query))]);
    return pageResponse(count, rows.map(toAdminProductDto));
  }

  /** GET /admin/api/products/:id */
  async get(id: number): Promise<AdminProductResponse> {
    const row = await findProductById(this.database.db, id);
    if (!row) throw notFound(ShopMessage.productNotFound);
    return { code: 200, entry: toAdminProductDto(row) };
  }

  /** POST /admin/api/products */
  async create(body: AdminCreateProductBody, context: OperatorContext): Promise<AdminProductResponse> {
    const created = await runInTransaction(this.database, async (trx) => {
      const now = this.clock.now();
      const row = await insertProduct(trx, {
        name: body.name,
        price_minor: body.price,
        main_image: body.main_image,
        image2: body.image2,
        image3: body.image3,
        spec: body.spec,
        stock: body.stock,
        cancellable: flag(body.cancellable),
        is_active: flag(body.active),
        sort_order: body.sort_order,
        created_at: now,
        updated_at: now,
      });
      const after = toAdminProductDto(row);
      await this.audit.record(
        ShopAuditEvent.operatorProductCreated,
        { ip: context.ip, detail: { operator: context.operator, product_id: row.id, before: null, after } },
        trx,
      );
      return { code: 200 as const, msg: ShopMessage.productCreated, entry: after };
    });
    this.onCatalogueChanged();
    return created;
  }

  /** PUT /admin/api/products/:id: changes the given fields only. */
  async update(
    id: number,
    body: AdminUpdateProductBody,
    context: OperatorContext,
  ): Promise<AdminProductResponse> {
    const updated = await runInTransaction(this.database, async (trx) => {
      const beforeRow = await lockProductById(trx, this.database.dialect, id);
      if (!beforeRow) throw notFound(ShopMessage.productNotFound);
      const afterRow = await updateProduct(trx, id, changesOf(body, this.clock.now()));
      if (!afterRow) throw new Error(`product ${id} vanished while it was locked for an edit`);
      const before = toAdminProductDto(beforeRow);
      const after = toAdminProductDto(afterRow);
      await this.audit.record(
        ShopAuditEvent.operatorProductUpdated,
        { ip: context.ip, detail: { operator: context.operator, product_id: id, before, after } },
        trx,
      );
      return { code: 200 as const, msg: ShopMessage.productUpdated, entry: after };
    });
    this.onCatalogueChanged();
    return updated;
  }
}
