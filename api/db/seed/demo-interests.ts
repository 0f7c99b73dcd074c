/** The interests members pick on their profile; names per locale. */
export interface DemoInterest { slug: string; names: Record<'en'|'nl'|'de'|'it'|'fr'|'es'|'pl'|'da'|'fi'|'no'|'sv', string>; }

export const demoInterests: DemoInterest[] = [
  { slug: "travel", names: { en: "Travel", nl: "Reizen", de: "Reisen", it: "Viaggi", fr: "Voyages", es: "Viajes", pl: "Podróże", da: "Rejser", fi: "Matkustelu", no: "Reiser", sv: "Resor" } },
  { slug: "cooking", names: { en: "Cooking", nl: "Koken", de: "Kochen", it: "Cucina", fr: "Cuisine", es: "Cocina", pl: "Gotowanie", da: "Madlavning", fi: "Ruoanlaitto", no: "Matlaging", sv: "Matlagning" } },
  { slug: "hiking", names: { en: "Hiking", nl: "Wandelen", de: "Wandern", it: "Escursionismo", fr: "Randonnée", es: "Senderismo", pl: "Wędrówki", da: "Vandring", fi: "Vaellus", no: "Turgåing", sv: "Vandring" } },
  { slug: "movies", names: { en: "Movies", nl: "Films", de: "Filme", it: "Cinema", fr: "Cinéma", es: "Cine", pl: "Filmy", da: "Film", fi: "Elokuvat", no: "Film", sv: "Film" } },
  { slug: "music", names: { en: "Music", nl: "Muziek", de: "Musik", it: "Musica", fr: "Musique", es: "Música", pl: "Muzyka", da: "Musik", fi: "Musiikki", no: "Musikk", sv: "Musik" } },
  { slug: "dancing", names: { en: "Dancing", nl: "Dansen", de: "Tanzen", it: "Ballo", fr: "Danse", es: "Baile", pl: "Taniec", da: "Dans", fi: "Tanssi", no: "Dans", sv: "Dans" } },
  { slug: "reading", names: { en: "Reading", nl: "Lezen", de: "Lesen", it: "Lettura", fr: "Lecture", es: "Lectura", pl: "Czytanie", da: "Læsning", fi: "Lukeminen", no: "Lesing", sv: "Läsning" } },
  { slug: "sports", names: { en: "Sports", nl: "Sport", de: "Sport", it: "Sport", fr: "Sport", es: "Deporte", pl: "Sport", da: "Sport", fi: "Urheilu", no: "Sport", sv: "Sport" } },
  { slug: "fitness", names: { en: "Fitness", nl: "Fitness", de: "Fitness", it: "Fitness", fr: "Fitness", es: "Fitness", pl: "Fitness", da: "Fitness", fi: "Kuntoilu", no: "Trening", sv: "Träning" } },
  { slug: "gaming", names: { en: "Gaming", nl: "Gamen", de: "Gaming", it: "Videogiochi", fr: "Jeux vidéo", es: "Videojuegos", pl: "Gry komputerowe", da: "Computerspil", fi: "Pelaaminen", no: "Dataspill", sv: "Datorspel" } },
  { slug: "photography", names: { en: "Photography", nl: "Fotografie", de: "Fotografie", it: "Fotografia", fr: "Photographie", es: "Fotografía", pl: "Fotografia", da: "Fotografering", fi: "Valokuvaus", no: "Fotografering", sv: "Fotografering" } },
  { slug: "art", names: { en: "Art", nl: "Kunst", de: "Kunst", it: "Arte", fr: "Art", es: "Arte", pl: "Sztuka", da: "Kunst", fi: "Taide", no: "Kunst", sv: "Konst" } },
  { slug: "pets", names: { en: "Pets", nl: "Huisdieren", de: "Haustiere", it: "Animali domestici", fr: "Animaux", es: "Mascotas", pl: "Zwierzęta", da: "Kæledyr", fi: "Lemmikit", no: "Kjæledyr", sv: "Husdjur" } },
  { slug: "wine", names: { en: "Wine", nl: "Wijn", de: "Wein", it: "Vino", fr: "Vin", es: "Vino", pl: "Wino", da: "Vin", fi: "Viini", no: "Vin", sv: "Vin" } },
  { slug: "nature", names: { en: "Nature", nl: "Natuur", de: "Natur", it: "Natura", fr: "Nature", es: "Naturaleza", pl: "Natura", da: "Natur", fi: "Luonto", no: "Natur", sv: "Natur" } },
  { slug: "beach", names: { en: "Beach", nl: "Strand", de: "Strand", it: "Spiaggia", fr: "Plage", es: "Playa", pl: "Plaża", da: "Strand", fi: "Ranta", no: "Strand", sv: "Strand" } },
  { slug: "concerts", names: { en: "Concerts", nl: "Concerten", de: "Konzerte", it: "Concerti", fr: "Concerts", es: "Conciertos", pl: "Koncerty", da: "Koncerter", fi: "Konsertit", no: "Konserter", sv: "Konserter" } },
  { slug: "theatre", names: { en: "Theatre", nl: "Theater", de: "Theater", it: "Teatro", fr: "Théâtre", es: "Teatro", pl: "Teatr", da: "Teater", fi: "Teatteri", no: "Teater", sv: "Teater" } },
  { slug: "yoga", names: { en: "Yoga", nl: "Yoga", de: "Yoga", it: "Yoga", fr: "Yoga", es: "Yoga", pl: "Joga", da: "Yoga", fi: "Jooga", no: "Yoga", sv: "Yoga" } },
  { slug: "cycling", names: { en: "Cycling", nl: "Fietsen", de: "Radfahren", it: "Ciclismo", fr: "Vélo", es: "Ciclismo", pl: "Jazda na rowerze", da: "Cykling", fi: "Pyöräily", no: "Sykling", sv: "Cykling" } },
  { slug: "fashion", names: { en: "Fashion", nl: "Mode", de: "Mode", it: "Moda", fr: "Mode", es: "Moda", pl: "Moda", da: "Mode", fi: "Muoti", no: "Mote", sv: "Mode" } },
  { slug: "board-games", names: { en: "Board games", nl: "Bordspellen", de: "Brettspiele", it: "Giochi da tavolo", fr: "Jeux de société", es: "Juegos de mesa", pl: "Gry planszowe", da: "Brætspil", fi: "Lautapelit", no: "Brettspill", sv: "Brädspel" } },
  { slug: "gardening", names: { en: "Gardening", nl: "Tuinieren", de: "Gärtnern", it: "Giardinaggio", fr: "Jardinage", es: "Jardinería", pl: "Ogrodnictwo", da: "Havearbejde", fi: "Puutarhanhoito", no: "Hagearbeid", sv: "Trädgårdsarbete" } },
  { slug: "coffee", names: { en: "Coffee", nl: "Koffie", de: "Kaffee", it: "Caffè", fr: "Café", es: "Café", pl: "Kawa", da: "Kaffe", fi: "Kahvi", no: "Kaffe", sv: "Kaffe" } },
];
