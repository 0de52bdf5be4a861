/**
 * Deterministic text for the document benchmarks: sentences of a company handbook built from
 * word lists, and questions asked the way people ask them.
 */
/** mulberry32: small, fast and good enough to pick words. */
export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  /** Uniform pick. */
  const any = <T>(list: readonly T[]): T => list[int(list.length)]!;
  /** Skewed pick: the first entries are far more common than the last, as words are in real text. */
  const common = <T>(list: readonly T[]): T => list[Math.floor(list.length * next() ** 2.2)]!;
  return { next, int, any, common };
}
export type Random = ReturnType<typeof generator>;

const words = (text: string) => text.trim().split(/\s*\|\s*/);

const PEOPLE = words(`employees | managers | contractors | new hires | team leads | customers | administrators | interns |
  supervisors | visitors | department heads | sales representatives | engineers | account owners | store managers |
  part-time staff | regional directors | warehouse staff | drivers | temporary workers | consultants | trainees |
  field technicians | shift coordinators | project managers | apprentices | board members | volunteers`);
const TEAMS = words(`the finance department | the support team | the payroll team | the security team | the help desk |
  human resources | the legal department | the facilities team | the procurement office | the data protection officer |
  the quality team | customer service | the IT department | the compliance office | the logistics team |
  the health and safety committee | the travel desk | the works council | internal audit | the product team`);
const VERBS: ReadonlyArray<readonly [base: string, gerund: string, participle: string]> = [
  ['submit', 'submitting', 'submitted'],
  ['approve', 'approving', 'approved'],
  ['review', 'reviewing', 'reviewed'],
  ['update', 'updating', 'updated'],
  ['request', 'requesting', 'requested'],
  ['record', 'recording', 'recorded'],
  ['report', 'reporting', 'reported'],
  ['store', 'storing', 'stored'],
  ['archive', 'archiving', 'archived'],
  ['renew', 'renewing', 'renewed'],
  ['cancel', 'cancelling', 'cancelled'],
  ['verify', 'verifying', 'verified'],
  ['document', 'documenting', 'documented'],
  ['reimburse', 'reimbursing', 'reimbursed'],
  ['schedule', 'scheduling', 'scheduled'],
  ['confirm', 'confirming', 'confirmed'],
  ['escalate', 'escalating', 'escalated'],
  ['delete', 'deleting', 'deleted'],
  ['encrypt', 'encrypting', 'encrypted'],
  ['audit', 'auditing', 'audited'],
  ['sign', 'signing', 'signed'],
  ['attach', 'attaching', 'attached'],
  ['forward', 'forwarding', 'forwarded'],
  ['track', 'tracking', 'tracked'],
  ['calculate', 'calculating', 'calculated'],
  ['allocate', 'allocating', 'allocated'],
  ['authorize', 'authorizing', 'authorized'],
  ['assign', 'assigning', 'assigned'],
  ['inspect', 'inspecting', 'inspected'],
  ['replace', 'replacing', 'replaced'],
  ['install', 'installing', 'installed'],
  ['configure', 'configuring', 'configured'],
  ['monitor', 'monitoring', 'monitored'],
  ['disclose', 'disclosing', 'disclosed'],
  ['retain', 'retaining', 'retained'],
  ['deliver', 'delivering', 'delivered'],
  ['reconcile', 'reconciling', 'reconciled'],
  ['label', 'labelling', 'labelled'],
  ['return', 'returning', 'returned'],
  ['collect', 'collecting', 'collected'],
];
const THINGS = words(`expense reports | invoices | purchase orders | vacation requests | timesheets | passwords | laptops |
  access badges | customer records | refunds | contracts | incident reports | security patches | backups |
  overtime hours | training records | performance reviews | warranty claims | shipping labels | receipts |
  payment details | support tickets | software licenses | personal data | meeting rooms | parking permits |
  mobile phones | sick leave certificates | onboarding checklists | budget forecasts | vendor agreements |
  insurance claims | firmware updates | return authorizations | loyalty points | delivery schedules |
  maintenance logs | audit findings | quarterly targets | travel bookings | hotel receipts | mileage claims |
  company cars | fuel cards | safety inspections | fire drills | first aid kits | visitor passes | spare parts |
  serial numbers | product manuals | price lists | discount codes | subscription plans | cancellation notices |
  complaint forms | bank transfers | credit notes | tax certificates | pension contributions | bonus payments |
  training courses | certification exams | user accounts | admin rights | email archives | network drives |
  printer cartridges | office supplies | desk bookings | key cards | alarm codes | server rooms | data exports |
  consent forms | privacy notices | retention schedules | damaged goods | stock counts | packing slips |
  customs declarations | freight charges | supplier ratings | quality checks | calibration reports | test results`);
const ADJECTIVES = words(`approved | signed | original | encrypted | outstanding | damaged | overdue | confidential |
  annual | temporary | remote | international | urgent | standard | certified | incomplete | rejected | digital |
  printed | monthly | external | internal | replacement | regional | pending | expired | duplicate | updated`);
const CHANNELS = words(`through the employee portal | in the shared drive | via the ticketing system | by email |
  in the customer relationship system | through the expense app | on the intranet | in the finance system |
  with the official form | at the reception desk | through the self-service kiosk | in the document archive |
  by registered mail | through the supplier portal | in the learning platform | on the company phone`);
const TIMES = words(`before the end of the month | within thirty days | every quarter | at least two weeks in advance |
  within five business days | no later than Friday | during the probation period | after each business trip |
  once a year | on the first working day | before the annual audit | within 48 hours | by the payroll deadline |
  at the start of each shift | before the contract ends | every six months | within one week of delivery`);
const CONDITIONS = words(`If the amount exceeds 500 euros | When a customer asks for a refund | Unless the manager agrees otherwise |
  In case of a data breach | For trips abroad | During public holidays | If a device is lost or stolen |
  When the warranty has expired | If the invoice is disputed | For orders above 10,000 euros |
  When an employee leaves the company | If the delivery arrives damaged | Outside normal office hours |
  When working from home | If the system is unavailable | For recurring payments | When a supplier changes bank details`);
const REASONS = words(`so that the audit trail stays complete | to comply with local tax regulations |
  because incomplete records delay payment | to protect customer privacy | so the warehouse can plan deliveries |
  to keep insurance coverage valid | because auditors check them every year | to avoid duplicate payments |
  so that nobody is locked out | to meet the service level agreement | because the law requires it |
  to keep the budget under control | so that problems are found early`);
const PERIODS = words(`day | week | month | quarter | year | trip | order | employee | customer | project`);
export const HEADINGS = words(`Travel and expenses | Annual leave | Information security | Customer refunds | Equipment and devices |
  Payroll and benefits | Data protection | Health and safety | Procurement | Returns and warranty | Remote work |
  Onboarding | Performance reviews | Incident response | Shipping and delivery | Company vehicles | Training |
  Invoices and payments | Access control | Office facilities | Supplier management | Quality assurance |
  Customer complaints | Record keeping | Working hours | Sick leave | Software and licenses | Inventory`);

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const SENTENCES: Array<(r: Random) => string> = [
  (r) => `${capitalise(r.common(PEOPLE))} must ${r.common(VERBS)[0]} ${r.any(ADJECTIVES)} ${r.common(THINGS)} ${r.any(CHANNELS)} ${r.any(TIMES)}.`,
  (r) => `${r.any(CONDITIONS)}, ${r.common(PEOPLE)} should ${r.common(VERBS)[0]} the ${r.common(THINGS)} ${r.any(REASONS)}.`,
  (r) => `All ${r.any(ADJECTIVES)} ${r.common(THINGS)} are kept ${r.any(CHANNELS)} for ${2 + r.int(9)} years.`,
  (r) => `${capitalise(r.common(TEAMS))} is responsible for ${r.common(VERBS)[1]} ${r.common(THINGS)} and ${r.common(VERBS)[1]} ${r.common(THINGS)}.`,
  (r) => `${capitalise(r.common(PEOPLE))} may not ${r.common(VERBS)[0]} ${r.common(THINGS)} without written approval from ${r.common(TEAMS)}.`,
  (r) => `Requests for ${r.common(THINGS)} are handled ${r.any(CHANNELS)} and usually take ${1 + r.int(10)} business days.`,
  (r) => `A copy of the ${r.any(ADJECTIVES)} ${r.common(THINGS)} must be attached to the ${r.common(THINGS)}.`,
  (r) => `${r.any(CONDITIONS)}, contact ${r.common(TEAMS)} ${r.any(CHANNELS)} ${r.any(TIMES)}.`,
  (r) => `Please note that ${r.common(THINGS)} older than ${2 + r.int(22)} months are deleted automatically.`,
  (r) => `The maximum amount for ${r.common(THINGS)} is ${(1 + r.int(40)) * 25} euros per ${r.any(PERIODS)}.`,
  (r) => `${capitalise(r.common(PEOPLE))} who ${r.common(VERBS)[0]} ${r.common(THINGS)} late will receive a reminder from ${r.common(TEAMS)}.`,
  (r) => `Questions about ${r.common(THINGS)} or ${r.common(THINGS)} should be sent to ${r.common(TEAMS)}.`,
  (r) =>
    `${capitalise(r.common(TEAMS))} will ${r.common(VERBS)[0]} every ${r.any(ADJECTIVES)} request and ${r.common(VERBS)[0]} the ${r.common(THINGS)} ${r.any(REASONS)}.`,
  (r) => `It is not allowed to share ${r.common(THINGS)} with ${r.common(PEOPLE)} from other departments, even ${r.any(CHANNELS)}.`,
  (r) => `${r.any(CONDITIONS)}, the ${r.common(THINGS)} are ${r.common(VERBS)[2]} by ${r.common(TEAMS)} instead.`,
];

export const sentence = (r: Random) => r.any(SENTENCES)(r);

/** A paragraph of about `wordCount` words. */
export function paragraph(r: Random, wordCount: number): string {
  const parts: string[] = [];
  let count = 0;
  while (count < wordCount) {
    const next = sentence(r);
    parts.push(next);
    count += next.split(' ').length;
  }
  return parts.join(' ');
}

const QUESTION_FORMS: Array<(r: Random) => string> = [
  (r) => `How do I ${r.any(VERBS)[0]} ${r.any(ADJECTIVES)} ${r.any(THINGS)}?`,
  (r) => `Who has to approve ${r.any(THINGS)} for ${r.any(PEOPLE)}?`,
  (r) => `What is the maximum amount for ${r.any(THINGS)} per ${r.any(PERIODS)}?`,
  (r) => `How long are ${r.any(THINGS)} kept?`,
  (r) => `When must ${r.any(PEOPLE)} ${r.any(VERBS)[0]} their ${r.any(THINGS)}?`,
  (r) => `Can ${r.any(PEOPLE)} ${r.any(VERBS)[0]} ${r.any(THINGS)} without approval?`,
  (r) => `Where are ${r.any(ADJECTIVES)} ${r.any(THINGS)} stored?`,
  (r) => `What happens if ${r.any(THINGS)} are ${r.any(ADJECTIVES)}?`,
  (r) => `Who should I contact about ${r.any(THINGS)}?`,
  (r) => `What is the process for ${r.any(VERBS)[1]} ${r.any(THINGS)} ${r.any(CHANNELS)}?`,
  (r) => `Is there a rule about ${r.any(THINGS)} ${r.any(TIMES)}?`,
  (r) => `${r.any(CONDITIONS)}, what should I do with the ${r.any(THINGS)}?`,
  (r) => `Which team handles ${r.any(THINGS)} and ${r.any(THINGS)}?`,
  (r) => `What does the handbook say about ${r.any(HEADINGS).toLowerCase()}?`,
  // Questions the documents hardly answer: few or no matches.
  (r) =>
    r.any([
      'Is there a gym in the building?',
      'Can I bring my dog to work?',
      'What is the wifi password in the canteen?',
      'Do we have a bicycle lease scheme?',
    ]),
];

export function questions(count: number, seed: number): string[] {
  const r = generator(seed);
  return Array.from({ length: count }, () => r.any(QUESTION_FORMS)(r));
}
