import 'server-only';
import type { Locale } from '@/lib/locales';

/**
 * The words of an invoice in each language (docs/decisions/067-invoices.md). A Japanese buyer's invoice from a seller
 * with a qualified invoice issuer number is titled as a qualified invoice (適格請求書) and shows, per rate, the amount
 * the rate applies to and its tax, which is what makes it one.
 */
export type InvoiceTexts = {
  title: string;
  qualifiedTitle: string;
  number: string;
  issued: string;
  supplied: string;
  order: string;
  seller: string;
  buyer: string;
  taxId: string;
  registrations: { jp: string; vat: string; business: string };
  description: string;
  quantity: string;
  months: string;
  amount: string;
  subtotal: string;
  discount: string;
  totalExclTax: string;
  taxableAt: (rate: string) => string;
  tax: (name: string, rate: string) => string;
  totalInclTax: string;
  currency: string;
  exchangeRate: (currency: string, rate: string) => string;
  reverseCharge: string;
  noTax: string;
  lines: Record<string, string>;
  page: string;
  /** A credit note's own words (docs/decisions/068-refunds-and-credit-notes.md); the rest is the invoice's. */
  credit: {
    title: string;
    qualifiedTitle: string;
    number: string;
    corrects: string;
    invoiceIssued: string;
    reason: string;
    refundOf: (invoiceNumber: string) => string;
    note: string;
  };
};

export const INVOICE_TEXTS: Record<Locale, InvoiceTexts> = {
  en: {
    title: 'Invoice',
    qualifiedTitle: 'Invoice (qualified invoice, Japan)',
    number: 'Invoice number',
    issued: 'Issue date',
    supplied: 'Date of supply',
    order: 'Order',
    seller: 'Seller',
    buyer: 'Bill to',
    taxId: 'Tax id',
    registrations: {
      jp: 'Qualified invoice issuer number (Japan)',
      vat: 'VAT number',
      business: 'Business registration (Hong Kong)',
    },
    description: 'Description',
    quantity: 'Qty',
    months: 'Months',
    amount: 'Amount',
    subtotal: 'Subtotal',
    discount: 'Coupon',
    totalExclTax: 'Total excluding tax',
    taxableAt: (rate) => `Amount subject to ${rate}%`,
    tax: (name, rate) => `${name} (${rate}%)`,
    totalInclTax: 'Total including tax',
    currency: 'Currency',
    exchangeRate: (currency, rate) => `Exchange rate: 1 USD = ${rate} ${currency}`,
    reverseCharge:
      'Reverse charge: VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC).',
    noTax: 'No tax is charged for the billing country.',
    lines: {
      plan: 'Cloud server plan',
      sale: 'Cloud server plan (sale price)',
      pintuan: 'Cloud server plan (group price)',
      disk: 'Data disk',
      bandwidth: 'Bandwidth upgrade',
      traffic: 'Traffic package',
      snapshot: 'Snapshots',
      licence: 'Operating system licence',
      term: 'Term discount',
    },
    page: 'Page',
    credit: {
      title: 'Credit note',
      qualifiedTitle: 'Credit note (qualified refund invoice, Japan)',
      number: 'Credit note number',
      corrects: 'Corrects invoice',
      invoiceIssued: 'Invoice date',
      reason: 'Reason',
      refundOf: (invoiceNumber) => `Refund against invoice ${invoiceNumber}`,
      note: 'This credit note reduces the invoice named above by the amounts shown; the refund goes back to the original payment method.',
    },
  },
  zh: {
    title: '发票',
    qualifiedTitle: '发票（日本合格请求书）',
    number: '发票号码',
    issued: '开具日期',
    supplied: '服务提供日期',
    order: '订单号',
    seller: '销售方',
    buyer: '购买方',
    taxId: '税号',
    registrations: { jp: '日本合格请求书发行人登记号', vat: '增值税号', business: '香港商业登记号' },
    description: '项目',
    quantity: '数量',
    months: '月数',
    amount: '金额',
    subtotal: '小计',
    discount: '优惠券',
    totalExclTax: '不含税合计',
    taxableAt: (rate) => `适用 ${rate}% 税率的金额`,
    tax: (name, rate) => `${name}（${rate}%）`,
    totalInclTax: '含税合计',
    currency: '币种',
    exchangeRate: (currency, rate) => `汇率：1 USD = ${rate} ${currency}`,
    reverseCharge: '反向征收：增值税由购买方申报缴纳（欧盟理事会第 2006/112/EC 号指令第 196 条）。',
    noTax: '账单所在国家或地区不征收税费。',
    lines: {
      plan: '云服务器套餐',
      sale: '云服务器套餐（秒杀价）',
      pintuan: '云服务器套餐（拼团价）',
      disk: '数据盘',
      bandwidth: '带宽升级',
      traffic: '流量包',
      snapshot: '快照',
      licence: '操作系统许可',
      term: '包周期折扣',
    },
    page: '页',
    credit: {
      title: '贷项通知单',
      qualifiedTitle: '贷项通知单（日本合格退还请求书）',
      number: '贷项通知单号码',
      corrects: '对应发票',
      invoiceIssued: '发票开具日期',
      reason: '退款原因',
      refundOf: (invoiceNumber) => `发票 ${invoiceNumber} 的退款`,
      note: '本贷项通知单按上列金额冲减所对应的发票，退款将原路退回。',
    },
  },
  ja: {
    title: '請求書',
    qualifiedTitle: '適格請求書',
    number: '請求書番号',
    issued: '発行日',
    supplied: '取引年月日',
    order: 'ご注文番号',
    seller: '発行者',
    buyer: '請求先',
    taxId: '税番号',
    registrations: { jp: '登録番号', vat: 'VAT 番号', business: '香港商業登記番号' },
    description: '品目',
    quantity: '数量',
    months: '月数',
    amount: '金額',
    subtotal: '小計',
    discount: 'クーポン',
    totalExclTax: '合計（税抜）',
    taxableAt: (rate) => `${rate}%対象`,
    tax: (name, rate) => `${name}（${rate}%）`,
    totalInclTax: '合計（税込）',
    currency: '通貨',
    exchangeRate: (currency, rate) => `為替レート：1 USD = ${rate} ${currency}`,
    reverseCharge: 'リバースチャージ：VAT は受領者が納付します（EU 理事会指令 2006/112/EC 第 196 条）。',
    noTax: '請求先の国・地域では税金はかかりません。',
    lines: {
      plan: 'クラウドサーバー プラン',
      sale: 'クラウドサーバー プラン（セール価格）',
      pintuan: 'クラウドサーバー プラン（グループ購入価格）',
      disk: 'データディスク',
      bandwidth: '帯域幅アップグレード',
      traffic: '転送量パック',
      snapshot: 'スナップショット',
      licence: 'OS ライセンス',
      term: '契約期間割引',
    },
    page: 'ページ',
    credit: {
      title: '返金明細書（クレジットノート）',
      qualifiedTitle: '適格返還請求書',
      number: '返還請求書番号',
      corrects: '対象の請求書',
      invoiceIssued: '請求書の発行日',
      reason: '返金理由',
      refundOf: (invoiceNumber) => `請求書 ${invoiceNumber} に対する返金`,
      note: '本書は上記の請求書の金額を記載の額だけ減額するものです。返金はお支払いいただいた方法でお戻しします。',
    },
  },
};
