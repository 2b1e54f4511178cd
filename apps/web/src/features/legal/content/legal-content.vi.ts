import type { LegalContent } from './legal-content.ts';

/** The legal pages in Vietnamese. */
export const legalContentVi: LegalContent = {
  privacyPolicy: {
    updated: 'Cập nhật lần cuối: ngày 1 tháng 1 năm 2026',
    intro: [
      'Chính sách quyền riêng tư này giải thích Gold Shop thu thập những thông tin cá nhân nào khi bạn sử dụng trang web và ứng dụng của chúng tôi, lý do thu thập và các lựa chọn của bạn. Khi tạo tài khoản hoặc sử dụng dịch vụ, bạn đồng ý với chính sách này.',
    ],
    sections: [
      {
        heading: 'Ai được sử dụng dịch vụ',
        paragraphs: [
          'Dịch vụ không dành cho trẻ em dưới 13 tuổi, và chúng tôi không cố ý thu thập thông tin cá nhân của bất kỳ ai dưới 13 tuổi. Nếu bạn cho rằng một trẻ em dưới 13 tuổi đã cung cấp thông tin cá nhân cho chúng tôi, hãy liên hệ qua trang Khiếu nại và góp ý và chúng tôi sẽ xóa thông tin đó.',
          'Để đặt mua sản phẩm và chơi trò chơi bằng tiền thật, bạn phải từ 18 tuổi trở lên, như quy định trong Thỏa thuận công bố rủi ro.',
        ],
      },
      {
        heading: 'Thông tin chúng tôi thu thập',
        paragraphs: [
          'Thông tin tài khoản: số điện thoại, mật khẩu (chỉ được lưu dưới dạng băm một chiều an toàn), biệt danh và mã giới thiệu bạn dùng khi đăng ký.',
          'Thông tin giao dịch: nạp tiền, rút tiền, chuyển tiền, mua hàng, địa chỉ giao hàng và thông tin tài khoản ngân hàng bạn nhập để rút tiền.',
          'Thông tin thiết bị và sử dụng: một mã định danh thiết bị ngẫu nhiên lưu trong trình duyệt của bạn, địa chỉ IP, các trang bạn mở và thời điểm mỗi lần đăng nhập; chúng tôi dùng các thông tin này để nhận biết thiết bị tin cậy và bảo vệ tài khoản của bạn.',
        ],
      },
      {
        heading: 'Cách chúng tôi sử dụng thông tin',
        paragraphs: [
          'Chúng tôi sử dụng thông tin của bạn để tạo và bảo vệ tài khoản, gửi mã xác minh qua SMS, xử lý thanh toán, giao sản phẩm bạn mua, vận hành chương trình giới thiệu, trả lời câu hỏi của bạn và thực hiện các nghĩa vụ pháp lý.',
          'Chúng tôi không bán thông tin cá nhân của bạn.',
        ],
      },
      {
        heading: 'Theo dõi giao dịch mua',
        paragraphs: [
          'Khi bạn đăng ký, nạp tiền hoặc mua hàng trong ứng dụng Android của chúng tôi, ứng dụng ghi lại sự kiện để đo lường hiệu quả tiếp thị. Số tiền trong các sự kiện này được báo cáo bằng rupee Ấn Độ (INR). Các sự kiện không chứa mật khẩu hay thông tin tài khoản ngân hàng của bạn.',
        ],
      },
      {
        heading: 'Chia sẻ thông tin',
        paragraphs: [
          'Chúng tôi chỉ chia sẻ thông tin với các nhà cung cấp thanh toán xử lý khoản thanh toán của bạn, nhà cung cấp SMS gửi mã xác minh, đơn vị vận chuyển giao đơn hàng của bạn và cơ quan chức năng khi pháp luật yêu cầu.',
        ],
      },
      {
        heading: 'Lưu trữ và bảo mật',
        paragraphs: [
          'Trình duyệt của bạn lưu mã đăng nhập, mã định danh thiết bị và tùy chọn hiển thị trong bộ nhớ cục bộ trên thiết bị. Trên máy chủ của chúng tôi, chỉ nhân viên cần thiết mới được truy cập thông tin cá nhân, và các sự kiện bảo mật như đăng nhập được ghi vào nhật ký kiểm tra.',
          'Chúng tôi lưu hồ sơ tài khoản và giao dịch trong suốt thời gian tài khoản của bạn tồn tại và sau đó trong thời gian pháp luật yêu cầu.',
        ],
      },
      {
        heading: 'Lựa chọn của bạn',
        paragraphs: [
          'Bạn có thể đổi biệt danh trong màn hình Của tôi và đổi mật khẩu trong mục Bảo mật tài khoản. Để yêu cầu bản sao thông tin hoặc xóa thông tin, hãy liên hệ qua trang Khiếu nại và góp ý.',
        ],
      },
      {
        heading: 'Liên hệ và luật áp dụng',
        paragraphs: [
          'Mọi câu hỏi về chính sách này có thể gửi cho chúng tôi qua trang Khiếu nại và góp ý trong ứng dụng.',
          'Chính sách này chịu sự điều chỉnh của pháp luật Ấn Độ, và nơi hoạt động của chúng tôi được ghi là Uttar Pradesh, Ấn Độ.',
        ],
      },
    ],
  },
  riskAgreement: {
    updated: 'Cập nhật lần cuối: ngày 1 tháng 1 năm 2026',
    intro: [
      'Vui lòng đọc kỹ Thỏa thuận công bố rủi ro này trước khi nạp tiền, đặt mua sản phẩm hoặc chơi bất kỳ trò chơi nào. Khi sử dụng các dịch vụ này, bạn xác nhận rằng mình đã đọc, hiểu và chấp nhận những rủi ro được nêu dưới đây.',
    ],
    sections: [
      {
        heading: 'Trò chơi bằng tiền thật',
        paragraphs: [
          'Các trò chơi trong ứng dụng này (Win, Aviator và Lucky Hit) được chơi bằng tiền thật. Mỗi lần đặt cược đều có thể mất toàn bộ, và kết quả trước đây không dự đoán được kết quả sau này. Chỉ chơi bằng số tiền bạn có thể chấp nhận mất.',
          'Hãy chơi có trách nhiệm. Nếu bạn thấy việc chơi không còn vui hoặc đang chi tiêu nhiều hơn dự định, hãy dừng chơi và liên hệ với chúng tôi qua trang Khiếu nại và góp ý.',
        ],
      },
      {
        heading: 'Yêu cầu về độ tuổi',
        paragraphs: [
          'Bạn phải từ 18 tuổi trở lên để đặt mua sản phẩm, nạp tiền vào số dư hoặc chơi trò chơi. Chúng tôi có thể yêu cầu chứng minh độ tuổi và đóng các tài khoản không đáp ứng yêu cầu này.',
        ],
      },
      {
        heading: 'Đặt hàng và giờ kiểm kê',
        paragraphs: [
          'Giờ kiểm kê là 01:30-05:30 hằng ngày. Trong giờ kiểm kê, cửa hàng không nhận thanh toán trước.',
          'Đơn đặt trước được thanh toán bằng tiền cọc trong thời hạn tối đa 7 ngày, và khoản thanh toán cuối cùng phải trả trong vòng 7 ngày.',
        ],
      },
      {
        heading: 'Hủy đơn',
        paragraphs: [
          'Đơn hàng có thể được hủy cho đến 01:30 sáng thứ Bảy. Đơn đặt trước chưa thanh toán phần còn lại trước 01:30 sáng thứ Bảy sẽ bị hủy.',
          'Trang sức đặt làm riêng và đơn mua thông minh không thể hủy.',
        ],
      },
      {
        heading: 'Hoàn tiền',
        paragraphs: [
          'Các khoản hoàn tiền đã được duyệt sẽ được thanh toán trong vòng 5 ngày làm việc.',
          'Nếu một giao dịch thất bại sau khi tiền đã rời khỏi tài khoản của bạn, số tiền sẽ được hoàn lại trong vòng 72 giờ.',
        ],
      },
      {
        heading: 'Trách nhiệm của bạn',
        paragraphs: [
          'Hãy giữ bí mật mật khẩu và mã xác minh. Chúng tôi sẽ không bao giờ hỏi bạn những thông tin này. Bạn chịu trách nhiệm về hoạt động trên tài khoản của mình cho đến khi thông báo cho chúng tôi rằng tài khoản đã bị sử dụng trái phép.',
          'Hãy đảm bảo rằng trò chơi bằng tiền thật là hợp pháp tại nơi bạn sống trước khi chơi.',
        ],
      },
      {
        heading: 'Luật áp dụng',
        paragraphs: [
          'Thỏa thuận này chịu sự điều chỉnh của pháp luật Ấn Độ; nơi được ghi là Uttar Pradesh, Ấn Độ.',
        ],
      },
    ],
  },
};
