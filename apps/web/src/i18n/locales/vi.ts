import type { Translation } from './en.ts';

/** Vietnamese (market vi). */
export const vi: Translation = {
  common: {
    ok: 'OK',
    cancel: 'Hủy',
    back: 'Quay lại',
    close: 'Đóng',
    retry: 'Thử lại',
    loading: 'Đang tải',
  },
  nav: {
    label: 'Điều hướng chính',
    games: 'Trò chơi',
    win: 'Win',
    aviator: 'Aviator',
    luckyHit: 'Lucky Hit',
    mine: 'Của tôi',
  },
  dialog: {
    fail: 'Thất bại',
    completed: 'Hoàn thành',
    error: 'Lỗi',
    notice: 'Thông báo',
    genericError: 'Đã xảy ra lỗi, vui lòng thử lại sau.',
    maintenance: 'Ứng dụng đang đóng cửa để bảo trì, vui lòng đợi một khoảng thời gian',
    tryAgain: 'Thử lại',
  },
  menu: {
    open: 'Mở menu',
    title: 'Cài đặt',
    darkMode: 'Chế độ tối',
    language: 'Ngôn ngữ',
  },
  home: {
    games: 'Trò chơi',
    play: 'Chơi',
    playGame: 'Chơi {{name}}',
    products: 'Sản phẩm',
    banner: 'Biểu ngữ {{index}}',
    soldOut: 'Hết hàng',
    noMore: 'Không còn sản phẩm',
    empty: 'Chưa có sản phẩm',
    loadFailed: 'Tải không thành công.',
  },
  notFound: {
    title: 'Không tìm thấy trang',
    backHome: 'Về trang chủ',
  },
};
