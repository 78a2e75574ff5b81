/**
 * Sentences every kind of place can use: where it is, how long it has been there, what its
 * tags mean in practice, and the frame of a review. Theme banks add what only they can say.
 */

export const LANDMARKS = [
  'the station',
  'the market square',
  'the cathedral',
  'the river',
  'the town hall',
  'the main square',
  'the old town',
  'the university',
  'the park',
  'the bus station',
  'the covered market',
  'the central library',
  'the botanical garden',
  'the tram stop',
  'the old bridge',
  'the harbour',
];

/** Subtitles any theme may draw on, besides its own. */
export const TAGLINES = [
  '{Offer} and {offer2} on {street}',
  '{Offer} and {offer2} since {year}',
  '{A:adjective} {noun} near {landmark}',
  '{A:adjective} {noun} on {street}',
  '{Offer}, {offer2} and {offer3}',
  'Known for {offer} since {year}',
  '{Offer} and more, a step from {landmark}',
  '[Your|The] {adjective} {noun} on {street}',
];

export const HISTORY = [
  '{Founder} opened it in {year}[, and the family still runs it| and still works there most days| after years in the trade elsewhere in {city}].',
  'It has been on {street} since {year}[.|, and regulars have followed it through every refit.]',
  '[Founded|Opened] in {year}, it [has kept the same small team for years|has grown slowly and carefully|changed hands only once, from {founderFirst} to a longtime employee].',
  'Since {year} it has [become a fixture of|earned a loyal following on|quietly become part of] {street}.',
  '{FounderFirst}, who [opened|started] it in {year}, [still chooses every supplier|is still there most days|knows most regulars by name].',
];

export const LOCATION = [
  'You will find it on {street}, [a few minutes|a short walk|five minutes on foot] from {landmark}.',
  'It sits [on a quiet stretch of|at the busy end of|on the corner of] {street}, near {landmark}.',
  '[Look for it|It is] on {street}, [opposite|round the corner from|just past] {landmark}.',
  '[Buses stop|There is a bus stop] [right outside|a minute away] on {street}[, and {landmark} is close by|].',
];

/** What a tag means for this place, in a sentence; one may follow the details. */
export const TAG_SENTENCES: Readonly<Record<string, readonly string[]>> = {
  vegan: [
    '[Much of the menu|Almost everything] can be made vegan[ on request|].',
    'Vegan options are [clearly marked|never an afterthought].',
  ],
  vegetarian: ['Vegetarian dishes are [marked on the menu|plentiful and properly thought through].'],
  'gluten-free': ['Gluten-free [options are always available|bread is kept separately and baked fresh].'],
  'wheelchair-access': [
    '[The entrance is step-free|There is step-free access throughout], and [the toilet is accessible|staff are happy to help].',
  ],
  'wi-fi': ['Free Wi-Fi [makes it easy to stay and work for an hour|is available to everyone].'],
  'open-late': ['It stays open late[, especially at weekends|].'],
  'family-friendly': ['[Children are made very welcome|Families are welcome][, and there is room for buggies|].'],
  'card-payment': ['[Cards and contactless are accepted|Card payments are welcome][, even for small amounts|].'],
  'pet-friendly': ['Dogs are welcome[, and there is always a water bowl by the door|].'],
  'outdoor-seating': [
    '[In good weather|From spring to autumn] [tables spill onto the pavement|there are seats outside].',
  ],
  parking: ['There is [free parking|a small car park] [at the back|next door].'],
  takeaway: ['[Everything can be packed to take away|You can order anything to go].'],
  delivery: ['[Deliveries cover|They deliver across] most of {city}.'],
  'booking-required': [
    '[Booking is essential|It is best to book ahead], [especially at weekends|as places are limited].',
  ],
  'free-entry': ['Entry is free[; donations are welcome|].'],
  'eco-friendly': [
    '[Packaging is compostable|Power comes from renewable sources] and [waste is kept to a minimum|suppliers are chosen with care].',
  ],
  'local-produce': ['[Suppliers are|Most suppliers are] within a short drive of {city}.'],
  'open-sundays': ['Unlike most of {street}, it [opens|is open] on Sundays.'],
  'student-discount': ['Students get {percent} off with a valid card.'],
  'english-spoken': [
    '[The staff speak English|English is spoken][ as well as the local language|, so visitors are well looked after].',
  ],
};

export const REVIEW_OPENERS = [
  'First visit today and it will not be the last.',
  'We have been coming here for years.',
  'Popped in on a whim[ last week|].',
  'Came on a friend’s recommendation.',
  'A real find on {street}.',
  '[Lovely|Great|Really good] {noun}.',
  'Exactly what {city} needed.',
  'Visiting {city} for the weekend and [found this by chance|it was the highlight].',
  'My go-to {noun}[ in {city}|].',
  '',
];

export const REVIEW_CAVEATS = [
  '[It gets busy|It can be crowded] on Saturdays, but [it is worth the wait|we did not mind].',
  'Prices are [a touch|a little] high, but [you get what you pay for|the quality shows].',
  'Parking nearby is hard; [come by bus|walk] if you can.',
  'Small inside, so [go early|expect to wait at peak times].',
  'Service was slow on a busy evening, but friendly throughout.',
];

export const REVIEW_CLOSERS = [
  'We will be back.',
  'Recommended.',
  'Highly recommended.',
  'Already planning the next visit.',
  'Cannot fault it.',
  'Thank you, {founderFirst}!',
  'One of the best in {city}.',
  '',
];

/** Some reviews mention a way to reach the place, as real ones do; the page must protect them. */
export const REVIEW_CONTACTS = [
  'Booked by phone on {phone} and everything was ready when we arrived.',
  'They answered my e-mail within the hour. Write to {email} if you need them.',
  'Tip: call {phone} before you come, they will put something aside.',
  'I sent a question to {email} and got a kind, detailed answer the same day.',
];
