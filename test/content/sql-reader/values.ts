/**
 * JSON texts of values a row may hold, for the test of the migration's functions against the
 * memory reader's normalizers: numbers at float8's edges and beyond them (which JSON.parse reads as
 * Infinity or 0), every way a number's text can be written, texts of dates, times and date-times
 * right and wrong, and random doubles (their text as Number.prototype.toString writes it).
 */
import type { Random } from './fixture.js';

const digits = (random: Random, count: number) => Array.from({ length: count }, () => String(random.int(10))).join('');

/** Number texts (also as JSON numbers): edges of float8, exponents, long ones, ties between doubles. */
const EDGES = [
  '1e400', '-1e400', '1e-400', '-1e-400', '1.7976931348623157e308', '1.7976931348623158e308', '1.7976931348623159e308', '5e-324', '2e-324',
  '3e-324', '2.4703282292062327e-324', '2.4703282292062328e-324', '0', '-0', '0.0', '1E0', '1.0', '9007199254740993', '12345678901234567890',
  '1e21', '1e-7', '123e-9', '1e20', '0.000001', '100', '1e300', '-5e-324', '151966929435730000', '22086119651794430', '0e999999999999999',
];

function numberText(random: Random): string {
  const forms = [
    () => digits(random, 1 + random.int(5)),
    () => `-${digits(random, 1 + random.int(3))}`,
    () => `${digits(random, 1 + random.int(3))}.${digits(random, 1 + random.int(20))}`,
    () => `0.${'0'.repeat(random.int(10))}${digits(random, 1 + random.int(4))}`,
    () => `${digits(random, 1 + random.int(3))}${random.pick(['e', 'E'])}${random.pick(['', '+', '-'])}${random.int(400)}`,
    () => random.pick(EDGES),
    () => digits(random, 1 + random.int(30)),
    () => `${digits(random, 300)}e${random.pick(['10', '-400', '9'])}`,
    () => `0.${'0'.repeat(400)}1`,
    () => `${digits(random, 2)}e${digits(random, 15)}`,
  ];
  // JSON has no leading zeros.
  return random.pick(forms)().replace(/^(-?)0+(?=\d)/, '$1');
}

function dateTimeText(random: Random): string {
  const two = () => digits(random, 2);
  const year = random.pick(['2024', '0000', '1970', '9999', '0004', '1900', '2000', '0099', '0050', '0012', '0032', '0020', digits(random, 4)]);
  let text = `${year}-${random.pick(['01', '02', '12', '13', '00', '06', two()])}-${random.pick(['01', '28', '29', '30', '31', '00', '15', two()])}`;
  if (random.chance(0.8)) {
    text += `${random.pick(['T', ' ', 't'])}${random.pick(['00', '10', '23', '24', '25', two()])}:${random.pick(['00', '59', '60', two()])}`;
    if (random.chance(0.6)) {
      text += `:${random.pick(['00', '59', '60', two()])}`;
      if (random.chance(0.5)) text += `.${random.pick(['0', '00', '000', '0000', '5', '123', '1234', '9999999', '001', digits(random, 1 + random.int(9))])}`;
    }
  }
  if (random.chance(0.7)) text += random.pick(['Z', 'z', '+05:30', '-05', '+0530', `-${two()}:${two()}`, `+${two()}${two()}`, '+23:59', '-00:00']);
  if (random.chance(0.05)) {
    text = random.pick([
      '1700000000000', '-1', '0', '+5', '-0', '8640000000000000', '8640000000000001', '-8640000000000000', '99999999999999999999',
      '0000000000000000000001', '2024-01-01T10:00:00.000Z', '2024-13-45T99:99:99.999Z', 'abcdefghijTklmnopqrstuvZ', '2024-01-01T10:00:00.0😀Z',
      '😀24-01-01T10:00:00.000Z', '2024-01-01T10:00:00.00éZ',
    ]);
  }
  return text;
}

function stringText(random: Random): string {
  const spaces = [' ', '\t', '\n', '\u00a0', '\ufeff', '\u2028', '\u3000', '\u180e', '\u200b', ''];
  const two = () => digits(random, 2);
  const body = random.pick([
    () => numberText(random),
    () => `+${numberText(random)}`,
    () => `.${digits(random, 3)}`,
    () => `${digits(random, 2)}.`,
    () => random.pick(['true', 't', '1', 'false', 'f', '0', 'TRUE', 'yes', '', 'abc', '0x10', '1_000', 'Infinity', '-Infinity', 'NaN', '1e', '.', '+', '-', '1..2']),
    () => `${digits(random, 4)}-${random.pick(['01', '02', '12', '13', '00', two()])}-${random.pick(['01', '28', '29', '30', '31', '00', two()])}${random.pick(['', 'T10:00', 'xyz', ' 10:00:00'])}`,
    () => `${random.pick(['00', '10', '23', '24', two()])}:${random.pick(['00', '59', '60', two()])}${random.pick(['', `:${random.pick(['00', '59', '60', two()])}`, `:30.${digits(random, 1 + random.int(4))}`])}`,
    () => dateTimeText(random),
  ])();
  return JSON.stringify(random.chance(0.2) ? random.pick(spaces) + body + random.pick(spaces) : body);
}

/**
 * `count` JSON texts, of every kind, then random doubles as JSON numbers and as texts.
 * @example jsonTexts(seeded(1), 1000) // ['12.5', '"2024-01-01T10:00Z"', 'true', …]
 */
export function jsonTexts(random: Random, count: number): string[] {
  const texts: string[] = [];
  for (let i = 0; i < count; i++) {
    const roll = random.next();
    texts.push(roll < 0.35 ? numberText(random) : roll < 0.9 ? stringText(random) : random.pick(['true', 'false', 'null', '[]', '{}', '[1]', '{"a":1}', '"x"']));
  }
  const bits = new DataView(new ArrayBuffer(8));
  for (let i = 0; i < count / 4; i++) {
    bits.setUint32(0, random.int(2 ** 32));
    bits.setUint32(4, random.int(2 ** 32));
    const double = bits.getFloat64(0);
    if (Number.isFinite(double)) texts.push(random.chance(0.5) ? JSON.stringify(double) : JSON.stringify(String(double)));
    // Large integers, some ending on a midpoint between two doubles.
    const large = Math.round(random.next() * 2 ** 30) * 2 ** random.int(80);
    texts.push(JSON.stringify(Number(String(large).slice(0, 1 + random.int(16)).padEnd(String(large).length, '0'))));
  }
  return texts;
}
