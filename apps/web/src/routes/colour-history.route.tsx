import { useLocation } from 'react-router';
import { ColourHistoryScreen } from '../features/colour-game/components/colour-history-screen.component.tsx';
import { categoryFromHistoryPath } from '../features/colour-game/rules/colour-rooms.rule.ts';

/**
 * Routes `/parity`, `/sapre`, `/bcone` and `/emerd` (spec 02 §2): the public result history of the
 * category the path names, no login needed. One module serves the four identical screens.
 */
export default function ColourHistoryRoute() {
  const { pathname } = useLocation();
  const category = categoryFromHistoryPath(pathname);
  return <ColourHistoryScreen key={category} category={category} />;
}
