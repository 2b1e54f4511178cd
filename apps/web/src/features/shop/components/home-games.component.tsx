import type { MoreGameDto } from '@app/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './shop-home.module.css';

/** The launcher route of an embedded game (spec 01 §2: /moreGame?id={game_id}&name={name}). */
export function moreGamePath(game: MoreGameDto): string {
  return `/moreGame?${new URLSearchParams({ id: String(game.game_id), name: game.name })}`;
}

/** The home screen's games list with a Play button each; renders nothing when there are no games. */
export function HomeGames({ games }: { games: readonly MoreGameDto[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (games.length === 0) return null;
  return (
    <section className={styles.section} data-testid="home-games">
      <h2 className={styles.sectionTitle}>{t('home.games')}</h2>
      <ul className={styles.games}>
        {games.map((game) => (
          <li key={game.game_id} className={styles.game} data-testid="home-game">
            {game.image ? (
              <img
                className={styles.gameImage}
                src={game.image}
                alt=""
                width={48}
                height={48}
                loading="lazy"
              />
            ) : null}
            <span className={styles.gameName}>{game.name}</span>
            <Button
              size="small"
              color="primary"
              shape="rounded"
              onClick={() => navigate(moreGamePath(game))}
              aria-label={t('home.playGame', { name: game.name })}
            >
              {t('home.play')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
