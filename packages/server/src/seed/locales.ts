import type { Random } from './random.js';
import { digits } from './text.js';

/**
 * How addresses, phone numbers and family names look in each country the seed places items in,
 * so that a Lyon café gets a French street and a +33 4 number. A city takes the area code of the
 * nearest listed place, which is right for the big cities and close enough for the rest. Numbers
 * use ranges set aside for fiction where a country has them (Ofcom's drama numbers, 555-01xx,
 * ACMA's 5550 xxxx).
 */

export interface Locale {
  streets: readonly string[];
  /** "12 High Street" rather than "Hauptstraße 12". */
  numberFirst: boolean;
  highestNumber: number;
  /** Each area's number pattern (`#` is a random digit) and the places it is nearest to. */
  phones: readonly { template: string; near: readonly (readonly [number, number])[] }[];
  surnames: readonly string[];
}

const ENGLISH_STREETS = [
  'High Street',
  'Church Road',
  'Station Road',
  'Victoria Road',
  'Park Lane',
  'Mill Lane',
  'King Street',
  'Queen Street',
  'Market Street',
  'Castle Street',
  'Bridge Street',
  'London Road',
];

const NORTH_AMERICAN_STREETS = [
  'Main Street',
  'Oak Avenue',
  'Maple Street',
  'Elm Street',
  '2nd Avenue',
  'Park Avenue',
  'Washington Street',
  'Lake Street',
  'Pine Street',
  'Cedar Avenue',
  'Market Street',
  'Broadway',
];

const LOCALES: Readonly<Record<string, Locale>> = {
  GB: {
    streets: ENGLISH_STREETS,
    numberFirst: true,
    highestNumber: 180,
    phones: [
      { template: '+44 20 7946 0###', near: [[51.51, -0.13]] },
      { template: '+44 121 496 0###', near: [[52.48, -1.9]] },
      { template: '+44 161 496 0###', near: [[53.48, -2.24]] },
      { template: '+44 113 496 0###', near: [[53.8, -1.55]] },
      { template: '+44 114 496 0###', near: [[53.38, -1.47]] },
      { template: '+44 115 496 0###', near: [[52.95, -1.15]] },
      { template: '+44 116 496 0###', near: [[52.63, -1.13]] },
      { template: '+44 117 496 0###', near: [[51.45, -2.59]] },
      { template: '+44 151 496 0###', near: [[53.41, -2.98]] },
      { template: '+44 191 498 0###', near: [[54.97, -1.61]] },
      { template: '+44 141 496 0###', near: [[55.86, -4.25]] },
      { template: '+44 131 496 0###', near: [[55.95, -3.19]] },
      { template: '+44 29 2018 0###', near: [[51.48, -3.18]] },
      { template: '+44 28 9018 0###', near: [[54.6, -5.93]] },
    ],
    surnames: ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', 'Hughes', 'Patel', 'Walker', 'Wright'],
  },
  IE: {
    streets: [
      'Main Street',
      'Church Street',
      'Bridge Street',
      'Patrick Street',
      'Castle Street',
      'Abbey Street',
      'Parnell Street',
      'Mill Road',
    ],
    numberFirst: true,
    highestNumber: 120,
    phones: [
      { template: '+353 1 ### ####', near: [[53.35, -6.26]] },
      { template: '+353 21 ### ####', near: [[51.9, -8.47]] },
      { template: '+353 61 ### ###', near: [[52.66, -8.63]] },
      { template: '+353 91 ### ###', near: [[53.27, -9.05]] },
      { template: '+353 51 ### ###', near: [[52.26, -7.11]] },
    ],
    surnames: ['Murphy', 'Kelly', "O'Brien", 'Byrne', 'Ryan', 'Walsh', "O'Connor", 'Doyle'],
  },
  FR: {
    streets: [
      'rue de la République',
      'rue Victor Hugo',
      'avenue Jean Jaurès',
      'boulevard Gambetta',
      'rue Pasteur',
      'place de la Mairie',
      'rue du Marché',
      'rue des Écoles',
      'rue de la Paix',
      'avenue de la Gare',
      'rue Nationale',
      'quai des Arts',
    ],
    numberFirst: true,
    highestNumber: 140,
    phones: [
      { template: '+33 1 ## ## ## ##', near: [[48.86, 2.35]] },
      {
        template: '+33 2 ## ## ## ##',
        near: [
          [47.22, -1.55],
          [49.44, 1.1],
          [48.11, -1.68],
          [47.39, 0.69],
          [47.9, 1.9],
          [49.18, -0.37],
        ],
      },
      {
        template: '+33 3 ## ## ## ##',
        near: [
          [50.63, 3.06],
          [47.32, 5.04],
          [49.26, 4.03],
          [48.58, 7.75],
          [48.69, 6.18],
          [49.89, 2.3],
        ],
      },
      {
        template: '+33 4 ## ## ## ##',
        near: [
          [45.76, 4.84],
          [43.3, 5.37],
          [43.7, 7.26],
          [43.61, 3.88],
          [45.78, 3.08],
          [45.19, 5.72],
        ],
      },
      {
        template: '+33 5 ## ## ## ##',
        near: [
          [44.84, -0.58],
          [43.6, 1.44],
          [45.83, 1.26],
          [46.58, 0.34],
          [43.3, -0.37],
        ],
      },
    ],
    surnames: ['Martin', 'Bernard', 'Dubois', 'Moreau', 'Laurent', 'Lefèvre', 'Girard', 'Roux', 'Fournier', 'Mercier'],
  },
  BE: {
    streets: [
      'Rue Royale',
      'Rue Neuve',
      'Avenue Louise',
      'Rue de la Station',
      'Kerkstraat',
      'Stationsstraat',
      'Markt',
      'Veldstraat',
    ],
    numberFirst: false,
    highestNumber: 150,
    phones: [
      { template: '+32 2 ### ## ##', near: [[50.85, 4.35]] },
      { template: '+32 3 ### ## ##', near: [[51.22, 4.4]] },
      { template: '+32 9 ### ## ##', near: [[51.05, 3.72]] },
      { template: '+32 4 ### ## ##', near: [[50.63, 5.57]] },
      { template: '+32 71 ## ## ##', near: [[50.41, 4.44]] },
      { template: '+32 50 ## ## ##', near: [[51.21, 3.22]] },
      { template: '+32 81 ## ## ##', near: [[50.47, 4.87]] },
      { template: '+32 16 ## ## ##', near: [[50.88, 4.7]] },
    ],
    surnames: ['Peeters', 'Janssens', 'Maes', 'Dubois', 'Lambert', 'Dupont', 'Claes', 'Willems'],
  },
  DE: {
    streets: [
      'Hauptstraße',
      'Bahnhofstraße',
      'Schulstraße',
      'Gartenstraße',
      'Lindenstraße',
      'Kirchstraße',
      'Goethestraße',
      'Schillerstraße',
      'Marktplatz',
      'Bergstraße',
      'Ringstraße',
      'Friedrichstraße',
    ],
    numberFirst: false,
    highestNumber: 120,
    phones: [
      { template: '+49 30 ########', near: [[52.52, 13.4]] },
      { template: '+49 40 ########', near: [[53.55, 10.0]] },
      { template: '+49 89 ########', near: [[48.14, 11.58]] },
      { template: '+49 221 #######', near: [[50.94, 6.96]] },
      { template: '+49 69 ########', near: [[50.11, 8.68]] },
      { template: '+49 711 #######', near: [[48.78, 9.18]] },
      { template: '+49 211 #######', near: [[51.23, 6.78]] },
      { template: '+49 201 #######', near: [[51.46, 7.01]] },
      { template: '+49 231 #######', near: [[51.51, 7.47]] },
      { template: '+49 341 #######', near: [[51.34, 12.37]] },
      { template: '+49 351 #######', near: [[51.05, 13.74]] },
      { template: '+49 511 #######', near: [[52.37, 9.73]] },
      { template: '+49 911 #######', near: [[49.45, 11.08]] },
      { template: '+49 421 #######', near: [[53.08, 8.8]] },
    ],
    surnames: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber', 'Becker', 'Hoffmann', 'Wagner', 'Koch', 'Richter'],
  },
  NL: {
    streets: [
      'Kerkstraat',
      'Dorpsstraat',
      'Molenstraat',
      'Stationsweg',
      'Schoolstraat',
      'Nieuwstraat',
      'Marktplein',
      'Julianastraat',
      'Hoofdstraat',
      'Beatrixlaan',
    ],
    numberFirst: false,
    highestNumber: 160,
    phones: [
      { template: '+31 20 ### ####', near: [[52.37, 4.9]] },
      { template: '+31 10 ### ####', near: [[51.92, 4.48]] },
      { template: '+31 70 ### ####', near: [[52.08, 4.3]] },
      { template: '+31 30 ### ####', near: [[52.09, 5.12]] },
      { template: '+31 40 ### ####', near: [[51.44, 5.48]] },
      { template: '+31 13 ### ####', near: [[51.56, 5.09]] },
      { template: '+31 50 ### ####', near: [[53.22, 6.57]] },
      { template: '+31 36 ### ####', near: [[52.37, 5.22]] },
      { template: '+31 76 ### ####', near: [[51.59, 4.78]] },
      { template: '+31 24 ### ####', near: [[51.84, 5.86]] },
      { template: '+31 53 ### ####', near: [[52.22, 6.89]] },
      { template: '+31 26 ### ####', near: [[51.98, 5.91]] },
      { template: '+31 43 ### ####', near: [[50.85, 5.69]] },
    ],
    surnames: ['de Jong', 'Jansen', 'de Vries', 'Bakker', 'Visser', 'Smit', 'Meijer', 'Mulder'],
  },
  ES: {
    streets: [
      'Calle Mayor',
      'Calle Real',
      'Avenida de la Constitución',
      'Plaza Mayor',
      'Calle del Sol',
      'Gran Vía',
      'Calle de San Juan',
      'Calle Nueva',
      'Avenida de Andalucía',
      'Calle de la Iglesia',
    ],
    numberFirst: false,
    highestNumber: 120,
    phones: [
      { template: '+34 91 ### ## ##', near: [[40.42, -3.7]] },
      { template: '+34 93 ### ## ##', near: [[41.39, 2.17]] },
      { template: '+34 96 ### ## ##', near: [[39.47, -0.38]] },
      { template: '+34 95 ### ## ##', near: [[37.39, -5.98]] },
      { template: '+34 976 ## ## ##', near: [[41.65, -0.88]] },
      { template: '+34 952 ## ## ##', near: [[36.72, -4.42]] },
      { template: '+34 968 ## ## ##', near: [[37.98, -1.13]] },
      { template: '+34 971 ## ## ##', near: [[39.57, 2.65]] },
      { template: '+34 928 ## ## ##', near: [[28.1, -15.41]] },
      { template: '+34 94 ### ## ##', near: [[43.26, -2.93]] },
      { template: '+34 983 ## ## ##', near: [[41.65, -4.72]] },
      { template: '+34 985 ## ## ##', near: [[43.36, -5.85]] },
      { template: '+34 981 ## ## ##', near: [[43.36, -8.41]] },
      { template: '+34 986 ## ## ##', near: [[42.24, -8.72]] },
      { template: '+34 922 ## ## ##', near: [[28.46, -16.25]] },
      { template: '+34 965 ## ## ##', near: [[38.35, -0.48]] },
    ],
    surnames: ['García', 'Fernández', 'López', 'Martínez', 'Sánchez', 'Romero', 'Navarro', 'Torres'],
  },
  PT: {
    streets: [
      'Rua Augusta',
      'Rua de Santa Catarina',
      'Avenida da Liberdade',
      'Rua Direita',
      'Rua do Comércio',
      'Praça da República',
      'Rua Nova',
      'Avenida Central',
    ],
    numberFirst: false,
    highestNumber: 200,
    phones: [
      { template: '+351 21 ### ####', near: [[38.72, -9.14]] },
      { template: '+351 22 ### ####', near: [[41.15, -8.61]] },
      { template: '+351 253 ### ###', near: [[41.55, -8.42]] },
      { template: '+351 239 ### ###', near: [[40.21, -8.43]] },
      { template: '+351 265 ### ###', near: [[38.52, -8.89]] },
      { template: '+351 291 ### ###', near: [[32.65, -16.91]] },
      { template: '+351 266 ### ###', near: [[38.57, -7.91]] },
      { template: '+351 289 ### ###', near: [[37.02, -7.93]] },
    ],
    surnames: ['Silva', 'Santos', 'Ferreira', 'Pereira', 'Costa', 'Oliveira', 'Rodrigues', 'Almeida'],
  },
  IT: {
    streets: [
      'Via Roma',
      'Via Garibaldi',
      'Corso Italia',
      'Via Mazzini',
      'Via Dante',
      'Piazza del Duomo',
      'Via Verdi',
      'Corso Vittorio Emanuele II',
      'Via Cavour',
      'Via XX Settembre',
    ],
    numberFirst: false,
    highestNumber: 150,
    phones: [
      { template: '+39 06 #### ####', near: [[41.9, 12.5]] },
      { template: '+39 02 #### ####', near: [[45.46, 9.19]] },
      { template: '+39 081 ### ####', near: [[40.85, 14.27]] },
      { template: '+39 011 ### ####', near: [[45.07, 7.69]] },
      { template: '+39 091 ### ####', near: [[38.12, 13.36]] },
      { template: '+39 010 ### ####', near: [[44.41, 8.93]] },
      { template: '+39 051 ### ####', near: [[44.49, 11.34]] },
      { template: '+39 055 ### ####', near: [[43.77, 11.25]] },
      { template: '+39 080 ### ####', near: [[41.12, 16.87]] },
      { template: '+39 095 ### ####', near: [[37.5, 15.09]] },
      { template: '+39 041 ### ####', near: [[45.44, 12.33]] },
      { template: '+39 045 ### ####', near: [[45.44, 10.99]] },
      { template: '+39 090 ### ####', near: [[38.19, 15.55]] },
      { template: '+39 070 ### ####', near: [[39.22, 9.12]] },
    ],
    surnames: ['Rossi', 'Russo', 'Ferrari', 'Esposito', 'Bianchi', 'Romano', 'Colombo', 'Ricci', 'Conti'],
  },
  US: {
    streets: NORTH_AMERICAN_STREETS,
    numberFirst: true,
    highestNumber: 4999,
    phones: [
      { template: '+1 212 555 01##', near: [[40.76, -73.98]] },
      {
        template: '+1 718 555 01##',
        near: [
          [40.65, -73.95],
          [40.73, -73.8],
          [40.84, -73.87],
        ],
      },
      { template: '+1 213 555 01##', near: [[34.05, -118.24]] },
      { template: '+1 312 555 01##', near: [[41.88, -87.63]] },
      { template: '+1 713 555 01##', near: [[29.76, -95.37]] },
      { template: '+1 215 555 01##', near: [[39.95, -75.17]] },
      { template: '+1 602 555 01##', near: [[33.45, -112.07]] },
      { template: '+1 210 555 01##', near: [[29.42, -98.49]] },
      { template: '+1 619 555 01##', near: [[32.72, -117.16]] },
      { template: '+1 214 555 01##', near: [[32.78, -96.8]] },
      { template: '+1 408 555 01##', near: [[37.34, -121.89]] },
      { template: '+1 512 555 01##', near: [[30.27, -97.74]] },
      { template: '+1 904 555 01##', near: [[30.33, -81.66]] },
      { template: '+1 415 555 01##', near: [[37.77, -122.42]] },
      { template: '+1 614 555 01##', near: [[39.96, -83.0]] },
      { template: '+1 317 555 01##', near: [[39.77, -86.16]] },
      { template: '+1 704 555 01##', near: [[35.23, -80.84]] },
      { template: '+1 206 555 01##', near: [[47.61, -122.33]] },
      { template: '+1 303 555 01##', near: [[39.74, -104.99]] },
      { template: '+1 202 555 01##', near: [[38.9, -77.04]] },
      { template: '+1 617 555 01##', near: [[42.36, -71.06]] },
      { template: '+1 615 555 01##', near: [[36.16, -86.78]] },
      { template: '+1 313 555 01##', near: [[42.33, -83.05]] },
      { template: '+1 503 555 01##', near: [[45.52, -122.68]] },
      { template: '+1 702 555 01##', near: [[36.17, -115.14]] },
      { template: '+1 901 555 01##', near: [[35.15, -90.05]] },
      { template: '+1 502 555 01##', near: [[38.25, -85.76]] },
      { template: '+1 410 555 01##', near: [[39.29, -76.61]] },
      { template: '+1 414 555 01##', near: [[43.04, -87.91]] },
      { template: '+1 505 555 01##', near: [[35.08, -106.65]] },
      { template: '+1 520 555 01##', near: [[32.22, -110.97]] },
      { template: '+1 559 555 01##', near: [[36.74, -119.79]] },
      { template: '+1 916 555 01##', near: [[38.58, -121.49]] },
      { template: '+1 816 555 01##', near: [[39.1, -94.58]] },
      { template: '+1 404 555 01##', near: [[33.75, -84.39]] },
      { template: '+1 305 555 01##', near: [[25.76, -80.19]] },
      { template: '+1 402 555 01##', near: [[41.26, -95.93]] },
      { template: '+1 919 555 01##', near: [[35.78, -78.64]] },
      { template: '+1 612 555 01##', near: [[44.98, -93.27]] },
      { template: '+1 918 555 01##', near: [[36.15, -95.99]] },
      { template: '+1 216 555 01##', near: [[41.5, -81.69]] },
      { template: '+1 504 555 01##', near: [[29.95, -90.07]] },
      { template: '+1 808 555 01##', near: [[21.31, -157.86]] },
      { template: '+1 907 555 01##', near: [[61.22, -149.9]] },
    ],
    surnames: ['Johnson', 'Miller', 'Davis', 'Garcia', 'Rodriguez', 'Anderson', 'Thompson', 'Lee', 'Nguyen', 'Walker'],
  },
  CA: {
    streets: NORTH_AMERICAN_STREETS,
    numberFirst: true,
    highestNumber: 2999,
    phones: [
      { template: '+1 416 555 01##', near: [[43.65, -79.38]] },
      {
        template: '+1 905 555 01##',
        near: [
          [43.59, -79.64],
          [43.26, -79.87],
          [43.73, -79.76],
        ],
      },
      { template: '+1 514 555 01##', near: [[45.5, -73.57]] },
      {
        template: '+1 450 555 01##',
        near: [
          [45.57, -73.69],
          [45.53, -73.52],
        ],
      },
      { template: '+1 403 555 01##', near: [[51.05, -114.07]] },
      { template: '+1 613 555 01##', near: [[45.42, -75.7]] },
      {
        template: '+1 819 555 01##',
        near: [
          [45.4, -71.89],
          [46.34, -72.54],
        ],
      },
      { template: '+1 780 555 01##', near: [[53.55, -113.49]] },
      { template: '+1 204 555 01##', near: [[49.9, -97.14]] },
      { template: '+1 604 555 01##', near: [[49.28, -123.12]] },
      { template: '+1 418 555 01##', near: [[46.81, -71.21]] },
      {
        template: '+1 306 555 01##',
        near: [
          [52.13, -106.67],
          [50.45, -104.61],
        ],
      },
      { template: '+1 902 555 01##', near: [[44.65, -63.57]] },
      {
        template: '+1 519 555 01##',
        near: [
          [42.98, -81.25],
          [43.45, -80.49],
          [42.31, -83.04],
        ],
      },
      {
        template: '+1 250 555 01##',
        near: [
          [48.43, -123.37],
          [49.89, -119.5],
        ],
      },
      { template: '+1 709 555 01##', near: [[47.56, -52.71]] },
      { template: '+1 705 555 01##', near: [[46.49, -80.99]] },
    ],
    surnames: ['Tremblay', 'Roy', 'Gagnon', 'MacDonald', 'Campbell', 'Wilson', 'Chen', 'Singh'],
  },
  AU: {
    streets: [
      'George Street',
      'Pitt Street',
      'Collins Street',
      'King Street',
      'Elizabeth Street',
      'Queen Street',
      'Victoria Street',
      'Beach Road',
      'Station Street',
    ],
    numberFirst: true,
    highestNumber: 400,
    phones: [
      {
        template: '+61 2 5550 ####',
        near: [
          [-33.87, 151.21],
          [-35.28, 149.13],
          [-32.93, 151.78],
          [-34.42, 150.89],
        ],
      },
      {
        template: '+61 3 7010 ####',
        near: [
          [-37.81, 144.96],
          [-38.15, 144.36],
          [-42.88, 147.33],
        ],
      },
      {
        template: '+61 7 5550 ####',
        near: [
          [-27.47, 153.03],
          [-28.02, 153.4],
          [-19.26, 146.82],
          [-16.92, 145.77],
        ],
      },
      {
        template: '+61 8 5550 ####',
        near: [
          [-31.95, 115.86],
          [-34.93, 138.6],
          [-12.46, 130.84],
        ],
      },
    ],
    surnames: ['Smith', 'Nguyen', 'Williams', 'Kelly', 'Taylor', 'Brown', 'Murphy', 'Wilson'],
  },
};

/** A country without its own entry gets British conventions rather than nothing. */
export function localeFor(country: string): Locale {
  return LOCALES[country] ?? (LOCALES.GB as Locale);
}

export function streetAddress(locale: Locale, random: Random): string {
  const street = random.pick(locale.streets);
  const number = random.int(1, locale.highestNumber);
  return locale.numberFirst ? `${number} ${street}` : `${street} ${number}`;
}

export function phoneNumber(locale: Locale, at: { lat: number; lon: number }, random: Random): string {
  let best = locale.phones[0];
  let bestDistance = Infinity;
  for (const area of locale.phones) {
    for (const [lat, lon] of area.near) {
      // Degrees of longitude shrink towards the poles; this is plenty for picking the nearest.
      const distance = (lat - at.lat) ** 2 + ((lon - at.lon) * Math.cos((at.lat * Math.PI) / 180)) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [area, distance];
    }
  }
  if (!best) throw new Error('A seed locale has no phone patterns');
  return digits(best.template, random);
}
