/**
 * Fixed vocabularies the generator draws from: names, places, payors, the
 * product catalogue by order classification. Plain data; the SQL turns them into
 * DuckDB list literals.
 */

// prettier-ignore
export const FIRST_NAMES = [
  'James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David',
  'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah',
  'Charles', 'Karen', 'Christopher', 'Lisa', 'Daniel', 'Nancy', 'Matthew', 'Betty', 'Anthony',
  'Margaret', 'Mark', 'Sandra', 'Donald', 'Ashley', 'Steven', 'Kimberly', 'Paul', 'Emily',
  'Andrew', 'Donna', 'Joshua', 'Michelle', 'Kenneth', 'Carol', 'Kevin', 'Amanda', 'Brian',
  'Dorothy', 'George', 'Melissa', 'Timothy', 'Deborah', 'Ronald', 'Stephanie', 'Edward',
  'Rebecca', 'Jason', 'Sharon', 'Jeffrey', 'Laura', 'Ryan', 'Cynthia', 'Luis', 'Rosa', 'Ahmed',
  'Mei', "D'Andre", 'José', 'Zoë', 'Siobhan',
];

// prettier-ignore
export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez',
  'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor',
  'Moore', 'Jackson', 'Martin', 'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez',
  'Clark', 'Ramirez', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott',
  'Torres', 'Nguyen', 'Hill', 'Flores', 'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera',
  'Campbell', 'Mitchell', 'Carter', 'Roberts', "O'Brien", 'McAllister', 'Van der Berg',
  'Okafor', 'Kowalski', 'Schmidt', 'Patel', 'Chen',
];

// prettier-ignore
export const STREET_NAMES = [
  'Main St', 'Oak Ave', 'Maple Dr', 'Cedar Ln', 'Pine St', 'Elm St', 'Washington Blvd',
  'Lakeview Rd', 'Hillcrest Dr', 'Park Ave', 'Sunset Blvd', 'River Rd', 'Church St',
  'Highland Ave', 'Meadow Ln', 'Forest Dr', 'Spring St', 'Willow Way', 'Jefferson Ave',
  'Lincoln Rd', 'Madison St', 'Franklin Ave', 'Chestnut St', 'Birch Ct',
];

/** [city, state abbreviation, first three zip digits] */
// prettier-ignore
export const CITIES: readonly (readonly [string, string, string])[] = [
  ['Birmingham', 'AL', '352'], ['Phoenix', 'AZ', '850'], ['Tucson', 'AZ', '857'],
  ['Little Rock', 'AR', '722'], ['Los Angeles', 'CA', '900'], ['San Diego', 'CA', '921'],
  ['Sacramento', 'CA', '958'], ['Denver', 'CO', '802'], ['Hartford', 'CT', '061'],
  ['Miami', 'FL', '331'], ['Orlando', 'FL', '328'], ['Tampa', 'FL', '336'],
  ['Atlanta', 'GA', '303'], ['Savannah', 'GA', '314'], ['Chicago', 'IL', '606'],
  ['Indianapolis', 'IN', '462'], ['Louisville', 'KY', '402'], ['New Orleans', 'LA', '701'],
  ['Baltimore', 'MD', '212'], ['Boston', 'MA', '021'], ['Detroit', 'MI', '482'],
  ['Minneapolis', 'MN', '554'], ['Jackson', 'MS', '392'], ['St. Louis', 'MO', '631'],
  ['Omaha', 'NE', '681'], ['Las Vegas', 'NV', '891'], ['Newark', 'NJ', '071'],
  ['Albuquerque', 'NM', '871'], ['Buffalo', 'NY', '142'], ['New York', 'NY', '100'],
  ['Charlotte', 'NC', '282'], ['Raleigh', 'NC', '276'], ['Columbus', 'OH', '432'],
  ['Cleveland', 'OH', '441'], ['Oklahoma City', 'OK', '731'], ['Portland', 'OR', '972'],
  ['Philadelphia', 'PA', '191'], ['Pittsburgh', 'PA', '152'], ['Nashville', 'TN', '372'],
  ['Memphis', 'TN', '381'], ['Dallas', 'TX', '752'], ['Houston', 'TX', '770'],
  ['San Antonio', 'TX', '782'], ['Salt Lake City', 'UT', '841'], ['Richmond', 'VA', '232'],
  ['Seattle', 'WA', '981'], ['Milwaukee', 'WI', '532'],
];

/** [abbreviation, name] for the STATES table. */
// prettier-ignore
export const STATES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'],
  ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'],
  ['DC', 'District of Columbia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'],
  ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'],
  ['NH', 'New Hampshire'], ['NJ', 'New Jersey'], ['NM', 'New Mexico'], ['NY', 'New York'],
  ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'],
  ['SD', 'South Dakota'], ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'],
  ['VA', 'Virginia'], ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

/** Insurers, most patients first; '[Patient]' (self-pay) is added by the SQL. */
export const PAYOR_COMPANIES: readonly (readonly [string, string])[] = [
  ['Blue Cross Blue Shield of Texas', 'Commercial'],
  ['Medicare Part B', 'Medicare'],
  ['UnitedHealthcare Community Plan', 'Medicaid'],
  ['Aetna Better Health', 'Medicaid'],
  ['Humana Gold Plus', 'Medicare Advantage'],
  ['Cigna HealthSpring', 'Medicare Advantage'],
  ['Anthem Blue Cross', 'Commercial'],
  ['Molina Healthcare', 'Medicaid'],
  ['Centene Ambetter', 'Commercial'],
  ['Kaiser Permanente', 'Commercial'],
  ['Tricare East', 'Government'],
  ['Highmark Health Options', 'Medicaid'],
];

export const SELF_PAY_COMPANY = '[Patient]';

export const PAYOR_LEVELS = ['Primary', 'Secondary', 'Tertiary'] as const;

/** [name, description] for SOCLASSIFICATIONS; keys are 1-based positions. */
export const CLASSIFICATIONS: readonly (readonly [string, string])[] = [
  ['Diabetic Supplies', 'Glucose monitors, CGM sensors, test strips and lancets'],
  ['CPAP/BiPAP', 'Sleep therapy devices, masks and resupply'],
  ['Ostomy', 'Pouches, skin barriers and accessories'],
  ['Urology', 'Catheters and drainage supplies'],
  ['Wound Care', 'Dressings and wound therapy supplies'],
  ['Enteral Nutrition', 'Formula, pumps and feeding supplies'],
  ['Mobility', 'Walkers, wheelchairs and mobility aids'],
  ['Breast Pumps', 'Breast pumps and replacement parts'],
  ['Incontinence', 'Briefs, liners and underpads'],
  ['Respiratory', 'Oxygen, nebulizers and respiratory supplies'],
];

/** [classification position (1-based), HCPCS code, item name, typical quantity] */
// prettier-ignore
export const PRODUCTS: readonly (readonly [number, string, string, number])[] = [
  [1, 'A4253', 'Blood glucose test strips, box of 50', 4],
  [1, 'A4259', 'Lancets, box of 100', 2],
  [1, 'E0607', 'Home blood glucose monitor', 1],
  [1, 'A9276', 'CGM sensor, 10-day', 3],
  [1, 'A9278', 'CGM receiver', 1],
  [2, 'E0601', 'CPAP device with auto-titration', 1],
  [2, 'A7030', 'Full face mask', 1],
  [2, 'A7034', 'Nasal interface mask', 1],
  [2, 'A7037', 'Standard tubing', 1],
  [2, 'A7038', 'Disposable filter', 6],
  [2, 'A7035', 'Headgear', 1],
  [2, 'E0562', 'Heated humidifier', 1],
  [3, 'A4414', 'Ostomy skin barrier with flange', 20],
  [3, 'A4416', 'Ostomy pouch, closed, with filter', 60],
  [3, 'A5061', 'Ostomy pouch, drainable', 20],
  [4, 'A4351', 'Intermittent urinary catheter, straight tip', 200],
  [4, 'A4352', 'Intermittent urinary catheter, coude tip', 200],
  [4, 'A4357', 'Bedside drainage bag', 2],
  [5, 'A6212', 'Foam dressing, 4x4 in', 30],
  [5, 'A6021', 'Collagen dressing', 15],
  [5, 'A6248', 'Hydrogel wound filler', 10],
  [6, 'B4150', 'Enteral formula, category I, 100 calories', 120],
  [6, 'B4035', 'Enteral feeding supply kit, pump fed', 30],
  [6, 'B9002', 'Enteral nutrition infusion pump', 1],
  [7, 'E0143', 'Walker, folding, wheeled', 1],
  [7, 'K0001', 'Standard manual wheelchair', 1],
  [7, 'E0114', 'Crutches, underarm, pair', 1],
  [8, 'E0603', 'Breast pump, electric', 1],
  [8, 'A4281', 'Breast pump replacement tubing', 2],
  [8, 'A4287', 'Breast pump collection bottle', 4],
  [9, 'T4522', 'Adult brief, medium', 100],
  [9, 'T4535', 'Disposable liner', 120],
  [9, 'A4554', 'Disposable underpads', 50],
  [10, 'E1390', 'Oxygen concentrator', 1],
  [10, 'E0570', 'Nebulizer with compressor', 1],
  [10, 'A7003', 'Nebulizer administration set', 2],
];

/** Variants that turn one HCPCS product into several SKUs. */
export const VARIANTS = ['Standard', 'Small', 'Medium', 'Large', 'Pediatric', 'Latex-free'];

/** Shipped-group statuses with the RCM - / SOS - prefixes, as the ERP writes them. */
export const PREFIXED_SHIPPED_STATUSES = [
  'RCM - Billed',
  'RCM - Paid',
  'RCM - Pending Payment',
  'SOS - Shipped',
  'SOS - Delivered',
];

/** intake_status values besides the spec's three contact phrases. */
export const OTHER_INTAKE_STATUSES = [
  'Intake Complete',
  'Insurance Verified',
  'Pending Documentation',
  'Referral Received',
  'Pending Insurance Verification',
];

export const DOCUMENT_TYPES = ['CMN', 'Prescription', 'Delivery Ticket', 'Prior Authorization'];

/** A typical path through the ERP's statuses before an order's current one. */
export const STATUS_PATH = [
  '07 - New Intake Holds',
  '11 - Intake Complete',
  '20 - Verify Insurance',
  '31 - Awaiting CMN (RX)',
  '38 - Ready For Review',
  '40 - Ready To Ship',
];
