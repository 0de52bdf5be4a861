import type { PdfPage } from './document-fixtures.js';

/**
 * A small employee handbook and questions written the way people ask them (paraphrased, not
 * copied), each with the page that answers it: the retrieval-quality set.
 */
export const HANDBOOK: PdfPage[] = [
  {
    heading: 'Welcome to Northwind Cycles',
    paragraphs: [
      'Northwind Cycles designs and sells city bicycles, cargo bikes and electric bikes from its workshop in Valencia.',
      'This handbook explains how we work together, what we offer our staff and what we expect in return.',
    ],
  },
  {
    heading: 'Working hours',
    paragraphs: [
      'The standard working week is 38 hours, Monday to Friday. Core hours are from 10:00 to 15:00; outside them, staff choose when to start and finish.',
      'Workshop staff follow the shift rota published every Thursday for the following week.',
    ],
  },
  {
    heading: 'Remote work',
    paragraphs: [
      'Office staff may work from home up to two days per week after their probation period, agreeing the days with their manager.',
      'A one-off allowance of 300 euros is paid to set up a home workstation.',
    ],
  },
  {
    heading: 'Holidays and leave',
    paragraphs: [
      'Everyone receives 25 days of paid holiday per calendar year, plus local public holidays.',
      'Up to five unused holiday days may be carried over to the first quarter of the next year. Holiday requests go through the HR portal at least two weeks ahead.',
    ],
  },
  {
    heading: 'Sick leave',
    paragraphs: [
      "If you are ill, tell your manager before 9:30 on the first day of absence. From the fourth day a doctor's certificate is required.",
      'Full salary is paid during sick leave for up to 60 days per year.',
    ],
  },
  {
    heading: 'Parental leave',
    paragraphs: [
      "Birth parents and partners are each entitled to 16 weeks of fully paid leave. Leave can be taken in weekly blocks during the child's first year.",
    ],
  },
  {
    heading: 'Salary and payroll',
    paragraphs: [
      'Salaries are paid in twelve monthly instalments on the last working day of each month, by bank transfer.',
      'Payslips are available in the HR portal. Salary reviews take place every March, based on performance and market data.',
    ],
  },
  {
    heading: 'Expenses',
    paragraphs: [
      'Work travel is booked through the travel desk. Train is preferred over flying for journeys under four hours.',
      'Meals during business trips are reimbursed up to 45 euros per day. Submit receipts within 30 days through the expenses app.',
    ],
  },
  {
    heading: 'Staff discount',
    paragraphs: [
      'Employees get 40 percent off bicycles and 25 percent off accessories, for themselves and one family member, limited to two bicycles per year.',
    ],
  },
  {
    heading: 'Safety in the workshop',
    paragraphs: [
      'Protective glasses and steel-toe shoes are mandatory in the workshop. Battery packs must be charged only in the fireproof charging cabinet.',
      'Report every accident or near miss to the safety officer on the same day.',
    ],
  },
  {
    heading: 'Training',
    paragraphs: [
      'Each employee has a yearly training budget of 800 euros and three training days. Mechanics receive certification courses for electric drive systems.',
    ],
  },
  {
    heading: 'IT and passwords',
    paragraphs: [
      'Company laptops must use full-disk encryption. Passwords are kept in the company password manager and must be at least 14 characters long.',
      'Lost or stolen devices must be reported to the IT helpdesk within one hour.',
    ],
  },
  {
    heading: 'Leaving the company',
    paragraphs: ['The notice period is one month during the first two years and two months afterwards. Return your laptop, keys and badge on your last day.'],
  },
];

export const RETRIEVAL_QUESTIONS: Array<{ question: string; page: number }> = [
  { question: 'How many hours a week do we work?', page: 2 },
  { question: 'When do I have to be online every day?', page: 2 },
  { question: 'Can I work from home?', page: 3 },
  { question: 'Is there money to buy a desk and chair for my home office?', page: 3 },
  { question: 'How many vacation days do I get?', page: 4 },
  { question: 'Can I move unused holidays to next year?', page: 4 },
  { question: 'Do I need a doctor note when I am sick?', page: 5 },
  { question: 'Who do I call when I am ill in the morning?', page: 5 },
  { question: 'How long is leave after having a baby?', page: 6 },
  { question: 'When is salary paid?', page: 7 },
  { question: 'When are pay raises decided?', page: 7 },
  { question: 'How much can I spend on food on a business trip?', page: 8 },
  { question: 'Should I take the train or a plane for work travel?', page: 8 },
  { question: 'Do employees get a discount on bikes?', page: 9 },
  { question: 'What safety equipment is required in the workshop?', page: 10 },
  { question: 'Where do I charge e-bike batteries?', page: 10 },
  { question: 'What is the training budget?', page: 11 },
  { question: 'How long must my password be?', page: 12 },
  { question: 'What should I do if my laptop is stolen?', page: 12 },
  { question: 'What is the notice period when I resign?', page: 13 },
  { question: 'Where is the company workshop located?', page: 1 },
];
