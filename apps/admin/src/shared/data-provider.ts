import type { BaseRecord, CrudFilter, DataProvider } from '@refinedev/core';
import { ApiError, apiCall, queryString } from './api-client.ts';

/** A resource's API path: `meta.path`, or /admin/api/<resource>. */
function pathOf(resource: string, meta?: Record<string, unknown>): string {
  return typeof meta?.path === 'string' ? meta.path : `/admin/api/${resource}`;
}

/** Only equality filters exist on the server: each becomes a query parameter of its field. */
function filterParams(filters: CrudFilter[] | undefined): Record<string, string> {
  const params: Record<string, string> = {};
  for (const filter of filters ?? []) {
    if ('field' in filter && filter.value !== undefined && filter.value !== null && filter.value !== '') {
      params[filter.field] = String(filter.value);
    }
  }
  return params;
}

/** Refine's view of a failed call (it shows the message and logs out on 401). */
function asHttpError(error: unknown): never {
  if (error instanceof ApiError) throw { message: error.message, statusCode: error.statusCode };
  throw error;
}

/**
 * The operator API as a Refine data provider: lists take p/p_size and answer page.count and queryset
 * (DESIGN.md "API conventions"); one record is `entry`.
 */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/admin/api',
  async getList({ resource, pagination, filters, meta }) {
    const current = pagination?.currentPage ?? 1;
    const pageSize = pagination?.pageSize ?? 20;
    const query = queryString({
      ...(pagination?.mode === 'off' ? {} : { p: current, p_size: pageSize }),
      ...filterParams(filters),
      ...((meta?.query as Record<string, string> | undefined) ?? {}),
    });
    const body = await apiCall<{ page?: { count: number }; queryset?: BaseRecord[] }>(
      'GET',
      `${pathOf(resource, meta)}${query}`,
    ).catch(asHttpError);
    const data = (body.queryset ?? []) as never[];
    return { data, total: body.page?.count ?? data.length };
  },
  async getOne({ resource, id, meta }) {
    const body = await apiCall<{ entry: BaseRecord }>('GET', `${pathOf(resource, meta)}/${id}`).catch(
      asHttpError,
    );
    return { data: body.entry as never };
  },
  async create({ resource, variables, meta }) {
    const body = await apiCall<{ entry: BaseRecord }>('POST', pathOf(resource, meta), variables).catch(
      asHttpError,
    );
    return { data: body.entry as never };
  },
  async update({ resource, id, variables, meta }) {
    const body = await apiCall<{ entry: BaseRecord }>(
      'PUT',
      `${pathOf(resource, meta)}/${id}`,
      variables,
    ).catch(asHttpError);
    return { data: body.entry as never };
  },
  async deleteOne() {
    throw { message: 'Nothing is deleted from the console', statusCode: 400 };
  },
  async custom({ url, method, payload }) {
    const verb = method.toUpperCase() === 'GET' ? 'GET' : method.toUpperCase() === 'PUT' ? 'PUT' : 'POST';
    const data = await apiCall(verb, url, payload).catch(asHttpError);
    return { data: data as never };
  },
};
