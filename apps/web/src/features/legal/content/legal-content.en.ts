import type { LegalContent } from './legal-content.ts';

/** The legal pages in English, the base text. */
export const legalContentEn: LegalContent = {
  privacyPolicy: {
    updated: 'Last updated: 1 January 2026',
    intro: [
      'This Privacy Policy explains what personal information Gold Shop collects when you use our website and app, why we collect it, and the choices you have. By creating an account or using the service you agree to this policy.',
    ],
    sections: [
      {
        heading: 'Who may use the service',
        paragraphs: [
          'The service is not directed at children under 13 years of age, and we do not knowingly collect personal information from anyone under 13. If you believe a child under 13 has given us personal information, contact us through the Complaints and suggestions page and we will delete it.',
          'Booking products and playing real-money games require you to be at least 18 years old, as set out in the Risk Disclosure Agreement.',
        ],
      },
      {
        heading: 'Information we collect',
        paragraphs: [
          'Account information: your mobile number, your password (stored only as a secure one-way hash), your nickname and the referral code you registered with.',
          'Transaction information: recharges, withdrawals, transfers, purchases, delivery addresses and the bank card details you enter for withdrawals.',
          'Device and usage information: a random device identifier kept in your browser, your IP address, the pages you open and the time of each login, which we use to recognise trusted devices and to protect your account.',
        ],
      },
      {
        heading: 'How we use your information',
        paragraphs: [
          'We use your information to create and secure your account, send one-time verification codes by SMS, process payments, deliver the products you buy, run the referral programme, answer your questions and meet our legal obligations.',
          'We do not sell your personal information.',
        ],
      },
      {
        heading: 'Purchase tracking',
        paragraphs: [
          'When you register, recharge or make a purchase inside our Android app, the app records the event for measuring our marketing. Amounts in these events are reported in Indian rupees (INR). The events do not contain your password or your bank card details.',
        ],
      },
      {
        heading: 'Sharing',
        paragraphs: [
          'We share information only with the payment providers that process your payments, the SMS provider that delivers verification codes, the couriers that deliver your orders, and authorities where the law requires it.',
        ],
      },
      {
        heading: 'Storage and security',
        paragraphs: [
          'Your browser keeps your sign-in token, device identifier and display preferences in local storage on your device. On our servers, access to personal information is limited to staff who need it, and security events such as logins are recorded in an audit log.',
          'We keep account and transaction records for as long as your account exists and afterwards for as long as the law requires.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can change your nickname in the Mine screen and your password through Account security. To ask for a copy of your information or for its deletion, contact us through the Complaints and suggestions page.',
        ],
      },
      {
        heading: 'Contact and governing law',
        paragraphs: [
          'Questions about this policy can be sent to us through the Complaints and suggestions page in the app.',
          'This policy is governed by the laws of India, and the country of our operation is stated as Uttar Pradesh, India.',
        ],
      },
    ],
  },
  riskAgreement: {
    updated: 'Last updated: 1 January 2026',
    intro: [
      'Please read this Risk Disclosure Agreement carefully before you recharge, book products or play any game. By using these services you confirm that you have read, understood and accepted the risks described here.',
    ],
    sections: [
      {
        heading: 'Real-money games',
        paragraphs: [
          'The games in this app (Win, Aviator and Lucky Hit) are played with real money. Every bet can be lost in full, and past results do not predict future results. Only play with money you can afford to lose.',
          'Play responsibly. If you feel that playing is no longer fun or you are spending more than you planned, stop playing and contact us through the Complaints and suggestions page.',
        ],
      },
      {
        heading: 'Age requirement',
        paragraphs: [
          'You must be at least 18 years old to book products, recharge your balance or play games. We may ask for proof of age and close accounts that do not meet this requirement.',
        ],
      },
      {
        heading: 'Bookings and inventory time',
        paragraphs: [
          'Inventory time is 01:30-05:30 every day. During inventory time the mall does not accept prepayments.',
          'Pre-sale bookings are paid with a deposit within a window of up to 7 days, and the final payment is due within 7 days.',
        ],
      },
      {
        heading: 'Cancellations',
        paragraphs: [
          'An order can be cancelled until 01:30 on Saturday. A booking whose final payment has not been made by 01:30 on Saturday is cancelled.',
          'Customised jewellery and smart-buy orders cannot be cancelled.',
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [
          'Approved refunds are paid within 5 working days.',
          'If a transaction fails after money has left your account, the amount is refunded within 72 hours.',
        ],
      },
      {
        heading: 'Your responsibilities',
        paragraphs: [
          'Keep your password and verification codes secret. We will never ask you for them. You are responsible for activity on your account until you tell us that it has been misused.',
          'Make sure that real-money games are legal where you live before you play.',
        ],
      },
      {
        heading: 'Governing law',
        paragraphs: [
          'This agreement is governed by the laws of India; the country stated is Uttar Pradesh, India.',
        ],
      },
    ],
  },
};
