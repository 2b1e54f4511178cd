import type { Translation } from './en.ts';

/** Brazilian Portuguese (market pt). */
export const ptBR: Translation = {
  common: {
    ok: 'OK',
    cancel: 'Cancelar',
    back: 'Voltar',
    close: 'Fechar',
    retry: 'Tentar novamente',
    loading: 'Carregando',
  },
  nav: {
    label: 'Navegação principal',
    games: 'Jogos',
    win: 'Win',
    aviator: 'Aviator',
    luckyHit: 'Lucky Hit',
    mine: 'Meu',
  },
  dialog: {
    fail: 'Falha',
    completed: 'Concluído',
    error: 'Erro',
    notice: 'Aviso',
    genericError: 'Ocorreu um erro, tente novamente mais tarde.',
    maintenance: 'O aplicativo está fechado para manutenção, aguarde um período de tempo',
    tryAgain: 'Tentar novamente',
  },
  menu: {
    open: 'Abrir menu',
    title: 'Configurações',
    darkMode: 'Modo escuro',
    language: 'Idioma',
  },
  home: {
    games: 'Jogos',
    play: 'Jogar',
    playGame: 'Jogar {{name}}',
    products: 'Produtos',
    banner: 'Banner {{index}}',
    soldOut: 'Esgotado',
    noMore: 'Não há mais produtos',
    empty: 'Ainda não há produtos',
    loadFailed: 'Falha ao carregar.',
  },
  notFound: {
    title: 'Página não encontrada',
    backHome: 'Voltar ao início',
  },
};
