// The real-coordinate sample areas: Bath (England), Cardiff (Wales) and Stirling (Scotland), the three main
// ones, and two small ones where the real service's documentation sends new users (issue #15 item 4): Fulham
// in the London Borough of Hammersmith and Fulham (England, London region) and Trinity/Newhaven in the City
// of Edinburgh (Scotland), holding the documented UPRNs 34076006 and 906178651 near the documented points
// 51.47,-0.19 and 55.98,-3.19; Cardiff holds the third documented UPRN, 10014197137, near 51.45,-3.19.
//
// Real facts used here: the local authority, region and country codes and names (ONS GSS codes E06000022,
// W06000015, S12000030, E12000009, E92000001, W92000004, S92000003), the pseudo codes ONSPD uses where a
// geography does not apply (E99999999, W99999999, S99999999; reference/datasets/postcodes-uprn.md section 2),
// E09000013, S12000036, E12000007, the health, police and European electoral regions of each), the postcode
// districts of each place (BA1/BA2, CF10/CF11/CF14/CF24, FK7/FK8/FK9, SW6/W6, EH5/EH6), rough BNG centres and real
// street, locality and ward names. Sub-authority codes (wards, output areas, constituencies, TTWA, ICB and the
// like) are well-formed for each country (E05/W05/S13 wards, E00/W00/S00 output areas, ...) but their numbers
// are synthetic: no real code list is available offline.

export type SampleCountry = 'England' | 'Wales' | 'Scotland';

export interface Point {
  x: number;
  y: number;
}

export interface NamedCode {
  code: string;
  name: string;
  /** Welsh name, where ONS publishes one. */
  nameWelsh?: string;
}

export interface Ward extends NamedCode {
  /** Rough BNG centre; a postcode belongs to the ward with the nearest centre. */
  centre: Point;
}

export interface PostcodeDistrict {
  /** Outward code, e.g. "BA1". */
  outward: string;
  /** Sector digits in use (the first character of the inward code). */
  sectors: readonly number[];
  centre: Point;
  /** Radius (m) within which this district's streets start. */
  radius: number;
  /** Share of the area's addresses (weights, need not sum to 1). */
  weight: number;
  localities: readonly string[];
  streets: readonly string[];
  constituency: NamedCode;
  /** Weights over build eras (indexes into BUILD_ERAS in dwellings.ts). */
  eraWeights: readonly number[];
}

/** Codes that are the same for every postcode in the area (ONSPD columns). */
export interface AreaOnspdCodes {
  county: string;
  countyElectoralDivision: string;
  nhsRegion: string;
  ttwa: string;
  itl: string;
  nationalPark: string;
  subIcbLocation: string;
  builtUpArea: string;
  lep1: string;
  lep2: string;
  policeForceArea: string;
  icb: string;
  /** Former strategic health authority / local health board / health board (ONSPD hlth19cd). */
  healthArea: string;
  /** European Electoral Region (ONSPD eer20cd; E15 England regions, W08000001, S15000001). */
  europeanElectoralRegion: string;
  /** Civil parish or unparished area (England), community (Wales) (ONSPD parncp25cd). */
  parish: string;
  /** Cancer Alliance (ONSPD cal24cd; England only). */
  cancerAlliance: string;
  /** Primary care organisation (ONSPD pco19cd). */
  primaryCareOrganisation: string;
  /** Rural-urban classification values to draw from. */
  ruralUrban: readonly string[];
  /** Output area, LSOA (Scottish Data Zone), MSOA (Intermediate Zone) and workplace zone code prefixes and bases. */
  oaPrefix: string;
  oaBase: number;
  lsoaPrefix: string;
  lsoaBase: number;
  msoaPrefix: string;
  msoaBase: number;
  wzPrefix: string;
  wzBase: number;
  /** IMD ranks run 1..imdMax within each country (the number of LSOAs / Data Zones). */
  imdMax: number;
}

/**
 * A UPRN the real service's documentation tells new users to try: the generator gives it to the address
 * nearest `near` (BNG) with two certificates (one in Scotland), so it answers everywhere the documentation sends
 * people (`/properties`, `/epcs`, `/retrofit`, `/flood-risk`).
 */
export interface DocumentedUprn {
  uprn: number;
  near: Point;
  /** The documented point (WGS84) it stands for. */
  latitude: number;
  longitude: number;
}

export interface SampleArea {
  id: 'bath' | 'cardiff' | 'stirling' | 'london' | 'edinburgh';
  name: string;
  country: SampleCountry;
  countryCode: string;
  /** Region code; Wales and Scotland have the ONSPD pseudo code. */
  regionCode: string;
  localAuthority: NamedCode;
  /** Legacy (pre-2009 ONS) LA code that a few old EPC rows still carry. */
  legacyLaCode: string;
  /** BNG metres (EPSG:27700). */
  centre: Point;
  postTown: string;
  districts: readonly PostcodeDistrict[];
  wards: readonly Ward[];
  /** UPRN ranges: most addresses count up from `uprnBase`, a few newer ones from `uprnNewBase`. */
  uprnBase: number;
  uprnNewBase: number;
  /** Share of the generator's UPRNs per area this area gets (1 for the three main areas). */
  uprnShare: number;
  /** The real service's documented test UPRNs that live here. */
  documentedUprns: readonly DocumentedUprn[];
  onspd: AreaOnspdCodes;
}

// Era weights: [pre-1900, 1900-29, 1930-49, 1950-66, 1967-75, 1976-82, 1983-90, 1991-95, 1996-2002, 2003-06,
// 2007-11, 2012+] (see BUILD_ERAS).
export const SAMPLE_AREAS: readonly SampleArea[] = [
  {
    id: 'bath',
    name: 'Bath',
    country: 'England',
    countryCode: 'E92000001',
    regionCode: 'E12000009',
    localAuthority: { code: 'E06000022', name: 'Bath and North East Somerset' },
    legacyLaCode: '00HA',
    centre: { x: 375000, y: 164800 },
    postTown: 'BATH',
    uprnBase: 100120000000,
    uprnNewBase: 10001100000,
    uprnShare: 1,
    documentedUprns: [],
    districts: [
      {
        outward: 'BA1',
        sectors: [1, 2, 3, 4, 5, 6, 7],
        centre: { x: 374700, y: 165500 },
        radius: 1300,
        weight: 1,
        localities: ['', '', 'Larkhall', 'Weston', 'Newbridge', 'Lansdown', 'Walcot'],
        streets: [
          'Gay Street',
          'Milsom Street',
          'Brock Street',
          'Royal Crescent',
          'Walcot Street',
          'London Road',
          'Lansdown Road',
          'Weston Road',
          'Newbridge Road',
          'Upper Bristol Road',
          'Julian Road',
          'Camden Road',
          "St Saviour's Road",
          'Fairfield Road',
          'Kelston Road',
          'Charlcombe Lane',
          'Catharine Place',
          'Rivers Street',
          'Sion Hill',
          'Eastbourne Avenue',
          'Lyme Road',
          'Chelsea Road',
          'Penn Lea Road',
          'Purlewent Drive',
          'Cavendish Road',
          'Ringswell Gardens',
        ],
        constituency: { code: 'E14001084', name: 'Bath' },
        eraWeights: [30, 10, 12, 14, 8, 5, 5, 3, 4, 3, 3, 3],
      },
      {
        outward: 'BA2',
        sectors: [1, 2, 3, 4, 5, 6, 7, 9],
        centre: { x: 375600, y: 163900 },
        radius: 1400,
        weight: 1,
        localities: ['', '', 'Widcombe', 'Bathwick', 'Oldfield Park', 'Combe Down', 'Odd Down', 'Twerton'],
        streets: [
          'Great Pulteney Street',
          'Bathwick Hill',
          'Widcombe Hill',
          'Prior Park Road',
          'Wells Road',
          'Wellsway',
          'Claverton Street',
          'Lyncombe Hill',
          'Moorland Road',
          'Shaftesbury Road',
          'Oldfield Road',
          'Englishcombe Lane',
          'Bloomfield Road',
          'Entry Hill',
          'Combe Road',
          'North Road',
          'Ralph Allen Drive',
          'Lower Bristol Road',
          'Coronation Avenue',
          'Southdown Road',
          'Rush Hill',
          'Sydney Place',
          'Henrietta Road',
          'Beckford Road',
          'Warminster Road',
          'Pulteney Road',
        ],
        constituency: { code: 'E14001084', name: 'Bath' },
        eraWeights: [22, 16, 14, 16, 8, 5, 5, 3, 4, 3, 2, 2],
      },
    ],
    wards: [
      { code: 'E05012436', name: 'Kingsmead', centre: { x: 374800, y: 164800 } },
      { code: 'E05012437', name: 'Lansdown', centre: { x: 374600, y: 166000 } },
      { code: 'E05012438', name: 'Walcot', centre: { x: 375300, y: 165600 } },
      { code: 'E05012439', name: 'Lambridge', centre: { x: 376300, y: 166200 } },
      { code: 'E05012440', name: 'Weston', centre: { x: 372900, y: 166200 } },
      { code: 'E05012441', name: 'Newbridge', centre: { x: 372800, y: 165300 } },
      { code: 'E05012442', name: 'Widcombe & Lyncombe', centre: { x: 375600, y: 163900 } },
      { code: 'E05012443', name: 'Bathwick', centre: { x: 376300, y: 164900 } },
      { code: 'E05012444', name: 'Oldfield Park', centre: { x: 374000, y: 164200 } },
      { code: 'E05012445', name: 'Combe Down', centre: { x: 376200, y: 162300 } },
      { code: 'E05012446', name: 'Odd Down', centre: { x: 374000, y: 162300 } },
      { code: 'E05012447', name: 'Moorlands', centre: { x: 374600, y: 163300 } },
      { code: 'E05012448', name: 'Twerton', centre: { x: 372500, y: 164500 } },
      { code: 'E05012449', name: 'Southdown', centre: { x: 373200, y: 163300 } },
    ],
    onspd: {
      county: 'E99999999',
      countyElectoralDivision: 'E99999999',
      nhsRegion: 'E40000006',
      ttwa: 'E30000165',
      itl: 'E06000022',
      nationalPark: 'E65000001',
      subIcbLocation: 'E38000231',
      builtUpArea: 'E63004853',
      lep1: 'E37000049',
      lep2: '',
      policeForceArea: 'E23000036',
      icb: 'E54000040',
      healthArea: 'E18000010',
      europeanElectoralRegion: 'E15000009',
      parish: 'E43000197',
      cancerAlliance: 'E56000020',
      primaryCareOrganisation: 'E16000153',
      ruralUrban: ['UN1', 'UN1', 'UN1', 'UF1'],
      oaPrefix: 'E00',
      oaBase: 72700,
      lsoaPrefix: 'E01',
      lsoaBase: 14370,
      msoaPrefix: 'E02',
      msoaBase: 2980,
      wzPrefix: 'E33',
      wzBase: 28400,
      imdMax: 32844,
    },
  },
  {
    id: 'cardiff',
    name: 'Cardiff',
    country: 'Wales',
    countryCode: 'W92000004',
    regionCode: 'W99999999',
    localAuthority: { code: 'W06000015', name: 'Cardiff', nameWelsh: 'Caerdydd' },
    legacyLaCode: '00PT',
    centre: { x: 318000, y: 176000 },
    postTown: 'CARDIFF',
    uprnBase: 100100000000,
    uprnNewBase: 10002900000,
    uprnShare: 1,
    // 11 digits from 100…: a UPRN of the national range GeoPlace allocates for newer addresses, as Cardiff's
    // newer addresses here are (10002900000…); it is the third documented UPRN, documented with the third
    // point (Cardiff), so it goes to the Cardiff address nearest that point (CF11, Grangetown).
    documentedUprns: [
      { uprn: 10014197137, near: { x: 317405, y: 173007 }, latitude: 51.45, longitude: -3.19 },
    ],
    districts: [
      {
        outward: 'CF10',
        sectors: [1, 2, 3, 4, 5],
        centre: { x: 318600, y: 175700 },
        radius: 900,
        weight: 0.8,
        localities: ['', '', 'Butetown', 'Cardiff Bay'],
        streets: [
          'St Mary Street',
          'Churchill Way',
          'Bute Street',
          'James Street',
          'Lloyd George Avenue',
          'Mount Stuart Square',
          'Dumballs Road',
          'Schooner Way',
          'Hemingway Road',
          'Adelaide Street',
          'Stuart Street',
          'Windsor Place',
          'Westgate Street',
          'Charles Street',
          'Working Street',
        ],
        constituency: {
          code: 'W07000091',
          name: 'Cardiff South and Penarth',
          nameWelsh: 'De Caerdydd a Phenarth',
        },
        eraWeights: [10, 6, 3, 4, 6, 5, 8, 6, 14, 14, 12, 12],
      },
      {
        outward: 'CF11',
        sectors: [6, 7, 8, 9],
        centre: { x: 316800, y: 176100 },
        radius: 1100,
        weight: 1,
        localities: ['', '', 'Canton', 'Riverside', 'Grangetown', 'Pontcanna'],
        streets: [
          'Cathedral Road',
          'Cowbridge Road East',
          'Llandaff Road',
          'Severn Road',
          'Romilly Road',
          'Kings Road',
          'Clive Street',
          'Corporation Road',
          'Penarth Road',
          'Pontcanna Street',
          'Conway Road',
          'Talbot Street',
          'Ninian Park Road',
          'Clare Road',
          'Kent Street',
          'Brunswick Street',
          'Market Road',
          'Lansdowne Road',
        ],
        constituency: { code: 'W07000092', name: 'Cardiff West', nameWelsh: 'Gorllewin Caerdydd' },
        eraWeights: [28, 30, 8, 8, 5, 3, 4, 3, 4, 3, 2, 2],
      },
      {
        outward: 'CF14',
        sectors: [1, 2, 3, 4, 5],
        centre: { x: 317500, y: 179600 },
        radius: 1400,
        weight: 1,
        localities: ['', '', 'Heath', 'Whitchurch', 'Llandaff North', 'Gabalfa', 'Birchgrove'],
        streets: [
          'Heath Park Avenue',
          'Caerphilly Road',
          'Whitchurch Road',
          'Merthyr Road',
          'Park Road',
          'Birchgrove Road',
          'King George V Drive',
          'Maes-y-Coed Road',
          'Allensbank Road',
          'Heathwood Road',
          'Pantbach Road',
          'Velindre Road',
          'Ty Wern Road',
          'Rhiwbina Hill',
          'Heol Llanishen Fach',
        ],
        constituency: { code: 'W07000090', name: 'Cardiff North', nameWelsh: 'Gogledd Caerdydd' },
        eraWeights: [4, 14, 24, 22, 10, 6, 6, 3, 4, 3, 2, 2],
      },
      {
        outward: 'CF24',
        sectors: [1, 2, 3, 4, 5],
        centre: { x: 319600, y: 177300 },
        radius: 1100,
        weight: 1.1,
        localities: ['', '', 'Roath', 'Cathays', 'Splott', 'Adamsdown', 'Plasnewydd'],
        streets: [
          'Albany Road',
          'City Road',
          'Richmond Road',
          'Crwys Road',
          'Cathays Terrace',
          'Woodville Road',
          'Splott Road',
          'Newport Road',
          'Broadway',
          'Ninian Road',
          'Marlborough Road',
          'Diana Street',
          'Moy Road',
          'Arabella Street',
          'Inverness Place',
          'Claude Road',
          'Mackintosh Place',
          'Carlisle Street',
          'Habershon Street',
          'Tyler Street',
        ],
        constituency: { code: 'W07000089', name: 'Cardiff East', nameWelsh: 'Dwyrain Caerdydd' },
        eraWeights: [30, 34, 6, 6, 4, 3, 3, 2, 4, 3, 3, 2],
      },
    ],
    wards: [
      { code: 'W05001317', name: 'Butetown', nameWelsh: 'Tre-biwt', centre: { x: 318900, y: 174900 } },
      { code: 'W05001318', name: 'Grangetown', nameWelsh: 'Grangetown', centre: { x: 317800, y: 175000 } },
      { code: 'W05001319', name: 'Riverside', nameWelsh: 'Glan-yr-afon', centre: { x: 317300, y: 176500 } },
      { code: 'W05001320', name: 'Canton', nameWelsh: 'Treganna', centre: { x: 316200, y: 176600 } },
      { code: 'W05001321', name: 'Pontcanna', nameWelsh: 'Pontcanna', centre: { x: 317000, y: 177300 } },
      { code: 'W05001322', name: 'Cathays', nameWelsh: 'Cathays', centre: { x: 318100, y: 177700 } },
      { code: 'W05001323', name: 'Plasnewydd', nameWelsh: 'Plasnewydd', centre: { x: 319100, y: 177800 } },
      { code: 'W05001324', name: 'Adamsdown', nameWelsh: 'Y Waun Ddyfal', centre: { x: 319500, y: 176600 } },
      { code: 'W05001325', name: 'Splott', nameWelsh: 'Sblot', centre: { x: 320200, y: 176200 } },
      { code: 'W05001326', name: 'Penylan', nameWelsh: 'Pen-y-lan', centre: { x: 320000, y: 178500 } },
      { code: 'W05001327', name: 'Heath', nameWelsh: 'Y Mynydd Bychan', centre: { x: 318200, y: 180200 } },
      { code: 'W05001328', name: 'Gabalfa', nameWelsh: 'Gabalfa', centre: { x: 316900, y: 178900 } },
      { code: 'W05001329', name: 'Llandaff North', nameWelsh: 'Ystum Taf', centre: { x: 316000, y: 179500 } },
      {
        code: 'W05001330',
        name: 'Whitchurch & Tongwynlais',
        nameWelsh: 'Yr Eglwys Newydd a Thongwynlais',
        centre: { x: 315800, y: 181000 },
      },
    ],
    onspd: {
      county: 'W99999999',
      countyElectoralDivision: 'W99999999',
      nhsRegion: 'W99999999',
      ttwa: 'W22000029',
      itl: 'W06000015',
      nationalPark: 'W31000001',
      subIcbLocation: 'W11000029',
      builtUpArea: 'W45000123',
      lep1: 'W99999999',
      lep2: '',
      policeForceArea: 'W15000003',
      icb: 'W99999999',
      healthArea: 'W11000029',
      europeanElectoralRegion: 'W08000001',
      parish: 'W04000839',
      cancerAlliance: 'W99999999',
      primaryCareOrganisation: 'W11000029',
      ruralUrban: ['UN1', 'UN1', 'UN1', 'UN1', 'UF1'],
      oaPrefix: 'W00',
      oaBase: 8790,
      lsoaPrefix: 'W01',
      lsoaBase: 1700,
      msoaPrefix: 'W02',
      msoaBase: 330,
      wzPrefix: 'W35',
      wzBase: 600,
      imdMax: 1909,
    },
  },
  {
    id: 'stirling',
    name: 'Stirling',
    country: 'Scotland',
    countryCode: 'S92000003',
    regionCode: 'S99999999',
    localAuthority: { code: 'S12000030', name: 'Stirling' },
    legacyLaCode: 'QS',
    centre: { x: 279500, y: 693500 },
    postTown: 'STIRLING',
    uprnBase: 134000000,
    uprnNewBase: 10008000000,
    uprnShare: 1,
    documentedUprns: [],
    districts: [
      {
        outward: 'FK7',
        sectors: [0, 7, 8, 9],
        centre: { x: 280100, y: 691900 },
        radius: 1300,
        weight: 1,
        localities: ['', '', 'St Ninians', 'Bannockburn', 'Whins of Milton', 'Cambusbarron'],
        streets: [
          'St Ninians Road',
          'Glasgow Road',
          'Bannockburn Road',
          'Borestone Crescent',
          'Kenningknowes Road',
          'Polmaise Road',
          'Torbrex Road',
          'Newhouse',
          'Burghmuir Road',
          'Randolph Road',
          'Coxithill Road',
          'Brentham Crescent',
          'Drummond Place',
          'Thistle Crescent',
          'Weir Street',
        ],
        constituency: { code: 'S14000102', name: 'Stirling and Strathallan' },
        eraWeights: [10, 8, 16, 20, 12, 8, 7, 4, 5, 4, 3, 3],
      },
      {
        outward: 'FK8',
        sectors: [1, 2, 3],
        centre: { x: 279200, y: 693700 },
        radius: 900,
        weight: 1,
        localities: ['', '', 'Raploch', 'Riverside', 'Top of the Town'],
        streets: [
          'Murray Place',
          'King Street',
          'Port Street',
          'Baker Street',
          'Friars Street',
          'Barnton Street',
          'Spittal Street',
          'Broad Street',
          'St John Street',
          'Drip Road',
          'Raploch Road',
          'Victoria Place',
          'Snowdon Place',
          'Albert Place',
          'Park Terrace',
          'Dumbarton Road',
          'Clarendon Place',
          'Wallace Street',
          'Union Street',
          'Queen Street',
        ],
        constituency: { code: 'S14000102', name: 'Stirling and Strathallan' },
        eraWeights: [34, 12, 8, 12, 8, 5, 4, 3, 4, 4, 3, 3],
      },
      {
        outward: 'FK9',
        sectors: [4, 5],
        centre: { x: 280300, y: 695400 },
        radius: 1200,
        weight: 0.9,
        localities: ['', '', 'Causewayhead', 'Bridge of Allan', 'Cornton'],
        streets: [
          'Causewayhead Road',
          'Henderson Street',
          'Fountain Road',
          'Kenilworth Road',
          'Cornton Road',
          'Airthrey Road',
          'Alexander Drive',
          'Easter Cornton Road',
          'Manse Crescent',
          'Mine Road',
          'Pullar Avenue',
          'Logie Road',
          'Wallace Road',
          'Abbey Road',
        ],
        constituency: { code: 'S14000102', name: 'Stirling and Strathallan' },
        eraWeights: [16, 10, 12, 16, 12, 8, 8, 4, 5, 4, 3, 2],
      },
    ],
    wards: [
      { code: 'S13002684', name: 'Stirling West', centre: { x: 278500, y: 693600 } },
      { code: 'S13002685', name: 'Stirling North', centre: { x: 280300, y: 694900 } },
      { code: 'S13002686', name: 'Stirling East', centre: { x: 280600, y: 693100 } },
      { code: 'S13002687', name: 'Bannockburn', centre: { x: 281000, y: 691000 } },
      { code: 'S13002688', name: 'Dunblane and Bridge of Allan', centre: { x: 279200, y: 697000 } },
      { code: 'S13002689', name: 'Forth and Endrick', centre: { x: 277600, y: 692000 } },
    ],
    onspd: {
      county: 'S99999999',
      countyElectoralDivision: 'S99999999',
      nhsRegion: 'S99999999',
      ttwa: 'S22000089',
      itl: 'S12000030',
      nationalPark: 'S99999999',
      subIcbLocation: 'S03000043',
      builtUpArea: 'S99999999',
      lep1: 'S99999999',
      lep2: '',
      policeForceArea: 'S23000009',
      icb: 'S99999999',
      healthArea: 'S08000019',
      europeanElectoralRegion: 'S15000001',
      parish: 'S99999999',
      cancerAlliance: 'S99999999',
      primaryCareOrganisation: 'S03000043',
      ruralUrban: ['2', '2', '2', '3'],
      oaPrefix: 'S00',
      oaBase: 136200,
      lsoaPrefix: 'S01',
      lsoaBase: 16410,
      msoaPrefix: 'S02',
      msoaBase: 2570,
      wzPrefix: 'S34',
      wzBase: 3100,
      imdMax: 6976,
    },
  },
  // The two small areas (uprnShare 0.2) where the real service's documentation sends new users. Codes real
  // where areas.ts says so (LA, region, country, health area, police force, European electoral region);
  // ward and constituency names real, their numbers well-formed but unchecked.
  {
    id: 'london',
    name: 'Fulham',
    country: 'England',
    countryCode: 'E92000001',
    regionCode: 'E12000007',
    localAuthority: { code: 'E09000013', name: 'Hammersmith and Fulham' },
    legacyLaCode: '00AN',
    centre: { x: 524600, y: 176900 },
    postTown: 'LONDON',
    // Hammersmith and Fulham's UPRNs are 8 digits from 34…; the documented 34076006 lies below both ranges.
    uprnBase: 34080000,
    uprnNewBase: 34200000,
    uprnShare: 0.2,
    documentedUprns: [{ uprn: 34076006, near: { x: 525813, y: 176112 }, latitude: 51.47, longitude: -0.19 }],
    districts: [
      {
        outward: 'SW6',
        sectors: [1, 2, 3, 4, 5, 6, 7],
        centre: { x: 525300, y: 176500 },
        radius: 900,
        weight: 1.3,
        localities: ['', '', 'Fulham', 'Parsons Green', 'Sands End', 'Walham Green', 'Hurlingham'],
        streets: [
          'Wandsworth Bridge Road',
          'New Kings Road',
          'Munster Road',
          'Fulham Road',
          'Harwood Road',
          'Townmead Road',
          'Broomhouse Lane',
          'Hurlingham Road',
          'Parsons Green Lane',
          'Peterborough Road',
          'Bagleys Lane',
          'Imperial Road',
          'Studdridge Street',
          'Stephendale Road',
          'Elthiron Road',
          'Waterford Road',
          'Dawes Road',
          'Lillie Road',
          'Wyfold Road',
          'Ackmar Road',
          'Quarrendon Street',
          'Hugon Road',
          'Rosebury Road',
          'Sandilands Road',
          'Chiddingstone Street',
          'Cortayne Road',
        ],
        constituency: { code: 'E14001162', name: 'Chelsea and Fulham' },
        eraWeights: [46, 20, 6, 8, 5, 3, 3, 2, 3, 2, 1, 1],
      },
      {
        outward: 'W6',
        sectors: [0, 7, 8, 9],
        centre: { x: 523300, y: 178100 },
        radius: 800,
        weight: 0.7,
        localities: ['', '', 'Hammersmith', 'Brook Green', 'Ravenscourt Park', 'Fulham Reach'],
        streets: [
          'King Street',
          'Fulham Palace Road',
          'Hammersmith Grove',
          'Brook Green',
          'Shepherds Bush Road',
          'Paddenswick Road',
          'Dalling Road',
          'Glenthorne Road',
          'Queen Caroline Street',
          'Margravine Gardens',
          'Colwith Road',
          'Crabtree Lane',
          'Greyhound Road',
          'Lower Mall',
          'Upper Mall',
          'Aspenlea Road',
          "St Dunstan's Road",
          'Yeldham Road',
          'Ravenscourt Road',
          'Aldensley Road',
        ],
        constituency: { code: 'E14001267', name: 'Hammersmith and Chiswick' },
        eraWeights: [40, 22, 8, 10, 6, 3, 3, 2, 3, 1, 1, 1],
      },
    ],
    wards: [
      { code: 'E05013735', name: 'Fulham Reach', centre: { x: 523400, y: 177500 } },
      { code: 'E05013736', name: 'Fulham Town', centre: { x: 525000, y: 176800 } },
      { code: 'E05013737', name: 'Hammersmith Broadway', centre: { x: 523400, y: 178600 } },
      { code: 'E05013741', name: 'Munster', centre: { x: 524200, y: 176900 } },
      { code: 'E05013742', name: 'Palace and Hurlingham', centre: { x: 524600, y: 175900 } },
      { code: 'E05013743', name: 'Parsons Green and Sandford', centre: { x: 525300, y: 176300 } },
      { code: 'E05013744', name: 'Ravenscourt', centre: { x: 522500, y: 178500 } },
      { code: 'E05013745', name: 'Sands End', centre: { x: 526000, y: 176400 } },
      { code: 'E05013748', name: 'Walham Green', centre: { x: 525300, y: 177300 } },
      { code: 'E05013749', name: 'West Kensington', centre: { x: 524500, y: 178000 } },
    ],
    onspd: {
      county: 'E99999999',
      countyElectoralDivision: 'E99999999',
      nhsRegion: 'E40000003',
      ttwa: 'E30000234',
      itl: 'E09000013',
      nationalPark: 'E65000001',
      subIcbLocation: 'E38000070',
      builtUpArea: 'E63005164',
      lep1: 'E37000051',
      lep2: '',
      policeForceArea: 'E23000001',
      icb: 'E54000027',
      healthArea: 'E18000007',
      europeanElectoralRegion: 'E15000007',
      parish: 'E43000207',
      cancerAlliance: 'E56000027',
      primaryCareOrganisation: 'E16000070',
      ruralUrban: ['UN1'],
      oaPrefix: 'E00',
      oaBase: 14250,
      lsoaPrefix: 'E01',
      lsoaBase: 1872,
      msoaPrefix: 'E02',
      msoaBase: 373,
      wzPrefix: 'E33',
      wzBase: 4550,
      imdMax: 32844,
    },
  },
  {
    id: 'edinburgh',
    name: 'Edinburgh',
    country: 'Scotland',
    countryCode: 'S92000003',
    regionCode: 'S99999999',
    localAuthority: { code: 'S12000036', name: 'City of Edinburgh' },
    legacyLaCode: 'QH',
    centre: { x: 325700, y: 676500 },
    postTown: 'EDINBURGH',
    // City of Edinburgh's UPRNs are 9 digits from 906…; the documented 906178651 lies below both ranges.
    uprnBase: 906200000,
    uprnNewBase: 906700000,
    uprnShare: 0.2,
    documentedUprns: [{ uprn: 906178651, near: { x: 325842, y: 676975 }, latitude: 55.98, longitude: -3.19 }],
    districts: [
      {
        outward: 'EH5',
        sectors: [1, 2, 3],
        centre: { x: 325000, y: 676500 },
        radius: 750,
        weight: 1,
        localities: ['', '', 'Trinity', 'Wardie', 'Granton', 'Pilton'],
        streets: [
          'Granton Road',
          'Boswall Parkway',
          'Wardie Road',
          'Trinity Road',
          'East Trinity Road',
          'Lomond Road',
          'Netherby Road',
          'Boswall Road',
          'Lennox Row',
          'Laverockbank Road',
          'York Road',
          'Craighall Road',
          'Granton Crescent',
          'Pilton Drive',
          'Wardie Crescent',
          'Zetland Place',
          'Starbank Road',
          'Lower Granton Road',
          'Ferry Road',
        ],
        constituency: { code: 'S14000084', name: 'Edinburgh North and Leith' },
        eraWeights: [24, 14, 14, 16, 10, 5, 5, 3, 4, 3, 1, 1],
      },
      {
        outward: 'EH6',
        sectors: [4, 5, 6, 7, 8],
        centre: { x: 326700, y: 676300 },
        radius: 800,
        weight: 1,
        localities: ['', '', 'Newhaven', 'Leith', 'Bonnington', 'Victoria Quay'],
        streets: [
          'Newhaven Road',
          'Pier Place',
          'Lindsay Road',
          'Great Junction Street',
          'Bonnington Road',
          'Ocean Drive',
          'Commercial Street',
          'Constitution Street',
          'Duke Street',
          'Easter Road',
          'Madeira Street',
          'Dudley Avenue',
          'North Junction Street',
          'Restalrig Road',
          'Albert Street',
          'Iona Street',
          'Pilrig Street',
          'Salamander Street',
          'Links Gardens',
          'Western Harbour Drive',
        ],
        constituency: { code: 'S14000084', name: 'Edinburgh North and Leith' },
        eraWeights: [30, 10, 6, 10, 8, 4, 4, 3, 8, 8, 5, 3],
      },
    ],
    wards: [
      { code: 'S13002925', name: 'Forth', centre: { x: 325000, y: 676900 } },
      { code: 'S13002926', name: 'Inverleith', centre: { x: 324800, y: 675400 } },
      { code: 'S13002933', name: 'Leith', centre: { x: 327000, y: 676700 } },
      { code: 'S13002934', name: 'Leith Walk', centre: { x: 326600, y: 675300 } },
    ],
    onspd: {
      county: 'S99999999',
      countyElectoralDivision: 'S99999999',
      nhsRegion: 'S99999999',
      ttwa: 'S22000059',
      itl: 'S12000036',
      nationalPark: 'S99999999',
      subIcbLocation: 'S03000012',
      builtUpArea: 'S99999999',
      lep1: 'S99999999',
      lep2: '',
      policeForceArea: 'S23000009',
      icb: 'S99999999',
      healthArea: 'S08000024',
      europeanElectoralRegion: 'S15000001',
      parish: 'S99999999',
      cancerAlliance: 'S99999999',
      primaryCareOrganisation: 'S03000012',
      ruralUrban: ['1', '1', '1', '2'],
      oaPrefix: 'S00',
      oaBase: 137400,
      lsoaPrefix: 'S01',
      lsoaBase: 14800,
      msoaPrefix: 'S02',
      msoaBase: 2700,
      wzPrefix: 'S34',
      wzBase: 3300,
      imdMax: 6976,
    },
  },
];

/** The main sample area of a country (the first of SAMPLE_AREAS there: Bath, Cardiff, Stirling). */
export function sampleAreaFor(country: SampleCountry): SampleArea {
  const area = SAMPLE_AREAS.find((a) => a.country === country);
  if (!area) throw new Error(`no sample area for ${country}`);
  return area;
}

/** Country and region names for the ONSPD Documents lookups. */
export const COUNTRY_NAMES: readonly NamedCode[] = [
  { code: 'E92000001', name: 'England', nameWelsh: 'Lloegr' },
  { code: 'W92000004', name: 'Wales', nameWelsh: 'Cymru' },
  { code: 'S92000003', name: 'Scotland', nameWelsh: 'Yr Alban' },
  { code: 'N92000002', name: 'Northern Ireland', nameWelsh: 'Gogledd Iwerddon' },
  { code: 'L93000001', name: 'Channel Islands', nameWelsh: 'Ynysoedd y Sianel' },
  { code: 'M83000003', name: 'Isle of Man', nameWelsh: 'Ynys Manaw' },
];

export const REGION_NAMES: readonly NamedCode[] = [
  { code: 'E12000001', name: 'North East' },
  { code: 'E12000002', name: 'North West' },
  { code: 'E12000003', name: 'Yorkshire and The Humber' },
  { code: 'E12000004', name: 'East Midlands' },
  { code: 'E12000005', name: 'West Midlands' },
  { code: 'E12000006', name: 'East of England' },
  { code: 'E12000007', name: 'London' },
  { code: 'E12000008', name: 'South East' },
  { code: 'E12000009', name: 'South West' },
  { code: 'W99999999', name: '(pseudo) Wales' },
  { code: 'S99999999', name: '(pseudo) Scotland' },
  { code: 'N99999999', name: '(pseudo) Northern Ireland' },
  { code: 'L99999999', name: '(pseudo) Channel Islands' },
  { code: 'M99999999', name: '(pseudo) Isle of Man' },
];

/** A few real neighbouring authorities, so the LA lookup is more than our own rows. */
export const NEIGHBOUR_AUTHORITIES: readonly NamedCode[] = [
  { code: 'E06000023', name: 'Bristol, City of' },
  { code: 'E06000024', name: 'North Somerset' },
  { code: 'E06000025', name: 'South Gloucestershire' },
  { code: 'W06000014', name: 'Vale of Glamorgan', nameWelsh: 'Bro Morgannwg' },
  { code: 'W06000016', name: 'Rhondda Cynon Taf', nameWelsh: 'Rhondda Cynon Taf' },
  { code: 'S12000005', name: 'Clackmannanshire' },
  { code: 'S12000014', name: 'Falkirk' },
  { code: 'E09000020', name: 'Kensington and Chelsea' },
  { code: 'E09000032', name: 'Wandsworth' },
  { code: 'S12000019', name: 'Midlothian' },
  { code: 'S12000040', name: 'West Lothian' },
];
