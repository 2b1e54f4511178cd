import type { ColourRulesContent } from './colour-rules.ts';

/** Luật chơi trò chơi màu sắc bằng tiếng Việt. */
export const colourRulesVi: ColourRulesContent = {
  rule: [
    'Mỗi kỳ kéo dài 3 phút: 2 phút 30 giây để đặt hợp đồng và 30 giây để công bố kết quả. Mỗi ngày có 480 kỳ, đánh số từ 001 đến 480.',
    'Hợp đồng đóng khi kỳ còn 30 giây hoặc ít hơn. Đồng hồ của máy chủ quyết định, bất kể đồng hồ trên thiết bị của bạn.',
    'Mỗi hợp đồng bị trừ phí dịch vụ 2%: nếu bạn chi 100, số tiền hợp đồng của bạn là 98.',
    'THAM GIA XANH: nếu kết quả là 1, 3, 7 hoặc 9 bạn nhận 98 × 2 = 196; nếu kết quả là 5 bạn nhận 98 × 1.5 = 147.',
    'THAM GIA ĐỎ: nếu kết quả là 2, 4, 6 hoặc 8 bạn nhận 98 × 2 = 196; nếu kết quả là 0 bạn nhận 98 × 1.5 = 147.',
    'THAM GIA TÍM: nếu kết quả là 0 hoặc 5 bạn nhận 98 × 4.5 = 441.',
    'CHỌN SỐ: nếu kết quả là số bạn đã chọn bạn nhận 98 × 9 = 882.',
    'Kết quả là chữ số cuối của giá mở, một số từ 10000 đến 99999 được rút từ hạt giống bí mật của kỳ. Các hạt giống tạo thành một chuỗi băm có mã băm cuối được công bố trước kỳ đầu tiên; mỗi hạt giống được công khai khi kỳ của nó được thanh toán, vì vậy bạn có thể kiểm tra mọi kết quả bằng Xác minh trong Hồ sơ của tôi.',
  ],
  presale: [
    'Các quy định này bảo vệ mọi người tham gia bán trước và giữ cho việc bán trước có trật tự.',
    'Bán trước là đặt giữ hàng hóa bằng một khoản đặt cọc trước khi giao hàng. Khi đánh dấu Tôi đồng ý, bạn đặt giữ hàng hóa của hợp đồng theo các quy định này.',
    'Đặt cọc: khoản đặt cọc có thể được thanh toán trong thời hạn đặt cọc, kéo dài tối đa 7 ngày.',
    'Thanh toán cuối: phần còn lại của giá được thanh toán trong vòng 7 ngày sau khi thời hạn đặt cọc kết thúc. Đơn đặt giữ không được thanh toán cuối đúng hạn sẽ bị hủy.',
  ],
};
