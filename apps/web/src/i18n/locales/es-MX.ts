import type { Translation } from './en.ts';

/** Mexican Spanish (market mx). */
export const esMX: Translation = {
  common: {
    ok: 'Aceptar',
    cancel: 'Cancelar',
    back: 'Regresar',
    close: 'Cerrar',
    retry: 'Reintentar',
    loading: 'Cargando',
  },
  nav: {
    label: 'Navegación principal',
    games: 'Juegos',
    win: 'Win',
    aviator: 'Aviator',
    luckyHit: 'Lucky Hit',
    mine: 'Mi cuenta',
  },
  dialog: {
    fail: 'Fallo',
    completed: 'Completado',
    error: 'Error',
    notice: 'Aviso',
    genericError: 'Ocurrió un error, inténtalo de nuevo más tarde.',
    maintenance: 'La aplicación está cerrada por mantenimiento, espera un periodo de tiempo',
    tryAgain: 'Intentar de nuevo',
  },
  menu: {
    open: 'Abrir menú',
    title: 'Ajustes',
    darkMode: 'Modo oscuro',
    language: 'Idioma',
  },
  home: {
    games: 'Juegos',
    play: 'Jugar',
    playGame: 'Jugar {{name}}',
    products: 'Productos',
    banner: 'Banner {{index}}',
    soldOut: 'Agotado',
    noMore: 'No hay más productos',
    empty: 'Todavía no hay productos',
    loadFailed: 'Error al cargar.',
  },
  notFound: {
    title: 'Página no encontrada',
    backHome: 'Volver al inicio',
  },
};
