import { MAX_KEYWORD_LENGTH } from '@app/shared';
import { SearchOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useProductPages } from '../hooks/use-product-pages.hook.ts';
import styles from './product-detail.module.css';
import { ProductFeed } from './product-feed.component.tsx';

/** The query parameter that holds the submitted keyword, so back navigation returns to the same results. */
export const KEYWORD_PARAM = 'keyword';

function SearchResults({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  const pages = useProductPages(keyword);
  return (
    <ProductFeed
      pages={pages}
      emptyText={keyword === '' ? t('home.empty') : t('search.noResults', { keyword })}
    />
  );
}

/**
 * The search screen /search (spec 01 §2): a keyword field that searches on Enter and the matching products
 * in the home's grid. Nothing is asked before the first search; an empty search lists every product.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const searched = params.get(KEYWORD_PARAM);
  const [draft, setDraft] = useState(searched ?? '');

  function submit(event: FormEvent) {
    event.preventDefault();
    const keyword = draft.trim();
    setDraft(keyword);
    setParams({ [KEYWORD_PARAM]: keyword }, { replace: true });
  }

  return (
    <>
      <search className={styles.searchForm}>
        <form onSubmit={submit}>
          <div className={styles.searchControl}>
            <SearchOutline aria-hidden="true" />
            <input
              type="search"
              className={styles.searchInput}
              name="keyword"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={t('search.placeholder')}
              aria-label={t('search.placeholder')}
              maxLength={MAX_KEYWORD_LENGTH}
              enterKeyHint="search"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the field is the only thing on the screen before a search.
              autoFocus={searched === null}
              data-testid="search-input"
            />
          </div>
        </form>
      </search>
      {searched === null ? (
        <p className={styles.searchHint}>{t('search.hint')}</p>
      ) : (
        <SearchResults keyword={searched.trim()} />
      )}
    </>
  );
}
