import type { ColourCategory } from '@app/shared';
import { useCallback } from 'react';
import { readItem, StorageKey, writeItem } from '../../../shared/storage/storage.ts';
import { useStoredValue } from '../../../shared/storage/use-stored-value.hook.ts';
import { categoryFromStorage } from '../rules/colour-rooms.rule.ts';

const readCategory = (): ColourCategory => categoryFromStorage(readItem(StorageKey.colourCategory));

/** The category tab of /win, remembered in local storage across visits (spec 02 §3). */
export function useSelectedCategory(): [ColourCategory, (category: ColourCategory) => void] {
  const category = useStoredValue(StorageKey.colourCategory, readCategory);
  const choose = useCallback((next: ColourCategory) => writeItem(StorageKey.colourCategory, next), []);
  return [category, choose];
}
