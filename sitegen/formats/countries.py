"""The country codes of ISO 3166-1: the 249 officially assigned alpha-2 codes (``FR``), and
each one's alpha-3 code (``FRA``), for ``sitegen player add --country`` (:mod:`sitegen.commands.
player`), which checks a code typed on the command line, and the countries' English names
(``France``), from which it suggests the code. A players file's ``country`` is read as
written and never checked against this list: OpenGotha exports carry codes such as ``12``.

Source: the ISO 3166-1 list as the Debian iso-codes package ships it
(/usr/share/iso-codes/json/iso_3166-1.json), copied once; codes change seldom (the last new
one, SS, in 2011).
"""

from __future__ import annotations

import unicodedata

ALPHA3: dict[str, str] = {
    "ABW": "AW", "AFG": "AF", "AGO": "AO", "AIA": "AI", "ALA": "AX", "ALB": "AL", "AND": "AD",
    "ARE": "AE", "ARG": "AR", "ARM": "AM", "ASM": "AS", "ATA": "AQ", "ATF": "TF", "ATG": "AG",
    "AUS": "AU", "AUT": "AT", "AZE": "AZ", "BDI": "BI", "BEL": "BE", "BEN": "BJ", "BES": "BQ",
    "BFA": "BF", "BGD": "BD", "BGR": "BG", "BHR": "BH", "BHS": "BS", "BIH": "BA", "BLM": "BL",
    "BLR": "BY", "BLZ": "BZ", "BMU": "BM", "BOL": "BO", "BRA": "BR", "BRB": "BB", "BRN": "BN",
    "BTN": "BT", "BVT": "BV", "BWA": "BW", "CAF": "CF", "CAN": "CA", "CCK": "CC", "CHE": "CH",
    "CHL": "CL", "CHN": "CN", "CIV": "CI", "CMR": "CM", "COD": "CD", "COG": "CG", "COK": "CK",
    "COL": "CO", "COM": "KM", "CPV": "CV", "CRI": "CR", "CUB": "CU", "CUW": "CW", "CXR": "CX",
    "CYM": "KY", "CYP": "CY", "CZE": "CZ", "DEU": "DE", "DJI": "DJ", "DMA": "DM", "DNK": "DK",
    "DOM": "DO", "DZA": "DZ", "ECU": "EC", "EGY": "EG", "ERI": "ER", "ESH": "EH", "ESP": "ES",
    "EST": "EE", "ETH": "ET", "FIN": "FI", "FJI": "FJ", "FLK": "FK", "FRA": "FR", "FRO": "FO",
    "FSM": "FM", "GAB": "GA", "GBR": "GB", "GEO": "GE", "GGY": "GG", "GHA": "GH", "GIB": "GI",
    "GIN": "GN", "GLP": "GP", "GMB": "GM", "GNB": "GW", "GNQ": "GQ", "GRC": "GR", "GRD": "GD",
    "GRL": "GL", "GTM": "GT", "GUF": "GF", "GUM": "GU", "GUY": "GY", "HKG": "HK", "HMD": "HM",
    "HND": "HN", "HRV": "HR", "HTI": "HT", "HUN": "HU", "IDN": "ID", "IMN": "IM", "IND": "IN",
    "IOT": "IO", "IRL": "IE", "IRN": "IR", "IRQ": "IQ", "ISL": "IS", "ISR": "IL", "ITA": "IT",
    "JAM": "JM", "JEY": "JE", "JOR": "JO", "JPN": "JP", "KAZ": "KZ", "KEN": "KE", "KGZ": "KG",
    "KHM": "KH", "KIR": "KI", "KNA": "KN", "KOR": "KR", "KWT": "KW", "LAO": "LA", "LBN": "LB",
    "LBR": "LR", "LBY": "LY", "LCA": "LC", "LIE": "LI", "LKA": "LK", "LSO": "LS", "LTU": "LT",
    "LUX": "LU", "LVA": "LV", "MAC": "MO", "MAF": "MF", "MAR": "MA", "MCO": "MC", "MDA": "MD",
    "MDG": "MG", "MDV": "MV", "MEX": "MX", "MHL": "MH", "MKD": "MK", "MLI": "ML", "MLT": "MT",
    "MMR": "MM", "MNE": "ME", "MNG": "MN", "MNP": "MP", "MOZ": "MZ", "MRT": "MR", "MSR": "MS",
    "MTQ": "MQ", "MUS": "MU", "MWI": "MW", "MYS": "MY", "MYT": "YT", "NAM": "NA", "NCL": "NC",
    "NER": "NE", "NFK": "NF", "NGA": "NG", "NIC": "NI", "NIU": "NU", "NLD": "NL", "NOR": "NO",
    "NPL": "NP", "NRU": "NR", "NZL": "NZ", "OMN": "OM", "PAK": "PK", "PAN": "PA", "PCN": "PN",
    "PER": "PE", "PHL": "PH", "PLW": "PW", "PNG": "PG", "POL": "PL", "PRI": "PR", "PRK": "KP",
    "PRT": "PT", "PRY": "PY", "PSE": "PS", "PYF": "PF", "QAT": "QA", "REU": "RE", "ROU": "RO",
    "RUS": "RU", "RWA": "RW", "SAU": "SA", "SDN": "SD", "SEN": "SN", "SGP": "SG", "SGS": "GS",
    "SHN": "SH", "SJM": "SJ", "SLB": "SB", "SLE": "SL", "SLV": "SV", "SMR": "SM", "SOM": "SO",
    "SPM": "PM", "SRB": "RS", "SSD": "SS", "STP": "ST", "SUR": "SR", "SVK": "SK", "SVN": "SI",
    "SWE": "SE", "SWZ": "SZ", "SXM": "SX", "SYC": "SC", "SYR": "SY", "TCA": "TC", "TCD": "TD",
    "TGO": "TG", "THA": "TH", "TJK": "TJ", "TKL": "TK", "TKM": "TM", "TLS": "TL", "TON": "TO",
    "TTO": "TT", "TUN": "TN", "TUR": "TR", "TUV": "TV", "TWN": "TW", "TZA": "TZ", "UGA": "UG",
    "UKR": "UA", "UMI": "UM", "URY": "UY", "USA": "US", "UZB": "UZ", "VAT": "VA", "VCT": "VC",
    "VEN": "VE", "VGB": "VG", "VIR": "VI", "VNM": "VN", "VUT": "VU", "WLF": "WF", "WSM": "WS",
    "YEM": "YE", "ZAF": "ZA", "ZMB": "ZM", "ZWE": "ZW"
}
"""Each officially assigned alpha-3 code, with its alpha-2 code: ``{"FRA": "FR", ...}``."""

ALPHA2: frozenset[str] = frozenset(ALPHA3.values())
"""The officially assigned alpha-2 codes, upper case."""


NAMES: dict[str, tuple[str, ...]] = {
    "AD": ("Andorra",), "AE": ("United Arab Emirates",), "AF": ("Afghanistan",),
    "AG": ("Antigua and Barbuda",), "AI": ("Anguilla",), "AL": ("Albania",), "AM": ("Armenia",),
    "AO": ("Angola",), "AQ": ("Antarctica",), "AR": ("Argentina",), "AS": ("American Samoa",),
    "AT": ("Austria",), "AU": ("Australia",), "AW": ("Aruba",), "AX": ("Åland Islands",),
    "AZ": ("Azerbaijan",), "BA": ("Bosnia and Herzegovina",), "BB": ("Barbados",),
    "BD": ("Bangladesh",), "BE": ("Belgium",), "BF": ("Burkina Faso",), "BG": ("Bulgaria",),
    "BH": ("Bahrain",), "BI": ("Burundi",), "BJ": ("Benin",), "BL": ("Saint Barthélemy",),
    "BM": ("Bermuda",), "BN": ("Brunei Darussalam",),
    "BO": ("Bolivia, Plurinational State of", "Bolivia"),
    "BQ": ("Bonaire, Sint Eustatius and Saba",), "BR": ("Brazil",), "BS": ("Bahamas",),
    "BT": ("Bhutan",), "BV": ("Bouvet Island",), "BW": ("Botswana",), "BY": ("Belarus",),
    "BZ": ("Belize",), "CA": ("Canada",), "CC": ("Cocos (Keeling) Islands",),
    "CD": ("Congo, The Democratic Republic of the",), "CF": ("Central African Republic",),
    "CG": ("Congo",), "CH": ("Switzerland",), "CI": ("Côte d'Ivoire",), "CK": ("Cook Islands",),
    "CL": ("Chile",), "CM": ("Cameroon",), "CN": ("China",), "CO": ("Colombia",),
    "CR": ("Costa Rica",), "CU": ("Cuba",), "CV": ("Cabo Verde",), "CW": ("Curaçao",),
    "CX": ("Christmas Island",), "CY": ("Cyprus",), "CZ": ("Czechia",), "DE": ("Germany",),
    "DJ": ("Djibouti",), "DK": ("Denmark",), "DM": ("Dominica",), "DO": ("Dominican Republic",),
    "DZ": ("Algeria",), "EC": ("Ecuador",), "EE": ("Estonia",), "EG": ("Egypt",),
    "EH": ("Western Sahara",), "ER": ("Eritrea",), "ES": ("Spain",), "ET": ("Ethiopia",),
    "FI": ("Finland",), "FJ": ("Fiji",), "FK": ("Falkland Islands (Malvinas)",),
    "FM": ("Micronesia, Federated States of",), "FO": ("Faroe Islands",), "FR": ("France",),
    "GA": ("Gabon",), "GB": ("United Kingdom",), "GD": ("Grenada",), "GE": ("Georgia",),
    "GF": ("French Guiana",), "GG": ("Guernsey",), "GH": ("Ghana",), "GI": ("Gibraltar",),
    "GL": ("Greenland",), "GM": ("Gambia",), "GN": ("Guinea",), "GP": ("Guadeloupe",),
    "GQ": ("Equatorial Guinea",), "GR": ("Greece",),
    "GS": ("South Georgia and the South Sandwich Islands",), "GT": ("Guatemala",), "GU": ("Guam",),
    "GW": ("Guinea-Bissau",), "GY": ("Guyana",), "HK": ("Hong Kong",),
    "HM": ("Heard Island and McDonald Islands",), "HN": ("Honduras",), "HR": ("Croatia",),
    "HT": ("Haiti",), "HU": ("Hungary",), "ID": ("Indonesia",), "IE": ("Ireland",),
    "IL": ("Israel",), "IM": ("Isle of Man",), "IN": ("India",),
    "IO": ("British Indian Ocean Territory",), "IQ": ("Iraq",),
    "IR": ("Iran, Islamic Republic of", "Iran"), "IS": ("Iceland",), "IT": ("Italy",),
    "JE": ("Jersey",), "JM": ("Jamaica",), "JO": ("Jordan",), "JP": ("Japan",), "KE": ("Kenya",),
    "KG": ("Kyrgyzstan",), "KH": ("Cambodia",), "KI": ("Kiribati",), "KM": ("Comoros",),
    "KN": ("Saint Kitts and Nevis",),
    "KP": ("Korea, Democratic People's Republic of", "North Korea"),
    "KR": ("Korea, Republic of", "South Korea"), "KW": ("Kuwait",), "KY": ("Cayman Islands",),
    "KZ": ("Kazakhstan",), "LA": ("Lao People's Democratic Republic", "Laos"), "LB": ("Lebanon",),
    "LC": ("Saint Lucia",), "LI": ("Liechtenstein",), "LK": ("Sri Lanka",), "LR": ("Liberia",),
    "LS": ("Lesotho",), "LT": ("Lithuania",), "LU": ("Luxembourg",), "LV": ("Latvia",),
    "LY": ("Libya",), "MA": ("Morocco",), "MC": ("Monaco",),
    "MD": ("Moldova, Republic of", "Moldova"), "ME": ("Montenegro",),
    "MF": ("Saint Martin (French part)",), "MG": ("Madagascar",), "MH": ("Marshall Islands",),
    "MK": ("North Macedonia",), "ML": ("Mali",), "MM": ("Myanmar",), "MN": ("Mongolia",),
    "MO": ("Macao",), "MP": ("Northern Mariana Islands",), "MQ": ("Martinique",),
    "MR": ("Mauritania",), "MS": ("Montserrat",), "MT": ("Malta",), "MU": ("Mauritius",),
    "MV": ("Maldives",), "MW": ("Malawi",), "MX": ("Mexico",), "MY": ("Malaysia",),
    "MZ": ("Mozambique",), "NA": ("Namibia",), "NC": ("New Caledonia",), "NE": ("Niger",),
    "NF": ("Norfolk Island",), "NG": ("Nigeria",), "NI": ("Nicaragua",), "NL": ("Netherlands",),
    "NO": ("Norway",), "NP": ("Nepal",), "NR": ("Nauru",), "NU": ("Niue",), "NZ": ("New Zealand",),
    "OM": ("Oman",), "PA": ("Panama",), "PE": ("Peru",), "PF": ("French Polynesia",),
    "PG": ("Papua New Guinea",), "PH": ("Philippines",), "PK": ("Pakistan",), "PL": ("Poland",),
    "PM": ("Saint Pierre and Miquelon",), "PN": ("Pitcairn",), "PR": ("Puerto Rico",),
    "PS": ("Palestine, State of",), "PT": ("Portugal",), "PW": ("Palau",), "PY": ("Paraguay",),
    "QA": ("Qatar",), "RE": ("Réunion",), "RO": ("Romania",), "RS": ("Serbia",),
    "RU": ("Russian Federation",), "RW": ("Rwanda",), "SA": ("Saudi Arabia",),
    "SB": ("Solomon Islands",), "SC": ("Seychelles",), "SD": ("Sudan",), "SE": ("Sweden",),
    "SG": ("Singapore",), "SH": ("Saint Helena, Ascension and Tristan da Cunha",),
    "SI": ("Slovenia",), "SJ": ("Svalbard and Jan Mayen",), "SK": ("Slovakia",),
    "SL": ("Sierra Leone",), "SM": ("San Marino",), "SN": ("Senegal",), "SO": ("Somalia",),
    "SR": ("Suriname",), "SS": ("South Sudan",), "ST": ("Sao Tome and Principe",),
    "SV": ("El Salvador",), "SX": ("Sint Maarten (Dutch part)",),
    "SY": ("Syrian Arab Republic", "Syria"), "SZ": ("Eswatini",),
    "TC": ("Turks and Caicos Islands",), "TD": ("Chad",), "TF": ("French Southern Territories",),
    "TG": ("Togo",), "TH": ("Thailand",), "TJ": ("Tajikistan",), "TK": ("Tokelau",),
    "TL": ("Timor-Leste",), "TM": ("Turkmenistan",), "TN": ("Tunisia",), "TO": ("Tonga",),
    "TR": ("Türkiye",), "TT": ("Trinidad and Tobago",), "TV": ("Tuvalu",),
    "TW": ("Taiwan, Province of China", "Taiwan"),
    "TZ": ("Tanzania, United Republic of", "Tanzania"), "UA": ("Ukraine",), "UG": ("Uganda",),
    "UM": ("United States Minor Outlying Islands",), "US": ("United States",), "UY": ("Uruguay",),
    "UZ": ("Uzbekistan",), "VA": ("Holy See (Vatican City State)",),
    "VC": ("Saint Vincent and the Grenadines",),
    "VE": ("Venezuela, Bolivarian Republic of", "Venezuela"), "VG": ("Virgin Islands, British",),
    "VI": ("Virgin Islands, U.S.",), "VN": ("Viet Nam", "Vietnam"), "VU": ("Vanuatu",),
    "WF": ("Wallis and Futuna",), "WS": ("Samoa",), "YE": ("Yemen",), "YT": ("Mayotte",),
    "ZA": ("South Africa",), "ZM": ("Zambia",), "ZW": ("Zimbabwe",)
}
"""Each officially assigned alpha-2 code with the country's English names in the same source: its
``name``, and its ``common_name`` where it has one (``"BO": ("Bolivia, Plurinational State of",
"Bolivia")``), for ``player add --country France`` to suggest ``FR`` (:func:`code_of_name`)."""


def _folded(text: str) -> str:
    """Return ``text`` compared as a name: case, accents and spacing aside (``Côte  d'ivoire``
    -> ``cote d'ivoire``)."""
    plain = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in plain if not unicodedata.combining(c)).casefold().split())


TYPED_NAMES = {
    "Russia": "RU", "Czech Republic": "CZ", "Great Britain": "GB", "Britain": "GB",
    "England": "GB", "Scotland": "GB", "Wales": "GB", "Northern Ireland": "GB",
    "The Netherlands": "NL", "Holland": "NL", "Korea": "KR", "Republic of Korea": "KR",
    "Turkey": "TR", "United States of America": "US", "Ivory Coast": "CI", "Macedonia": "MK",
    "Burma": "MM", "Swaziland": "SZ", "Cape Verde": "CV", "East Timor": "TL", "Vatican": "VA",
}
"""Names that organizers type for a country and that ISO 3166's list does not give (stop 53's
newcomer: ``--country Russia`` and ``--country "Czech Republic"`` got no suggestion): an
earlier or everyday English name, or a constituent country of the United Kingdom (whose players
federations list under GB). "Korea" is the Republic of Korea, as Go's federations name it (the
Korea Baduk Association); a suggestion only, never written unasked."""

_BY_NAME = {**{_folded(name): code for name, code in TYPED_NAMES.items()},
            **{_folded(name): code for code, names in NAMES.items() for name in names}}
"""Every name of :data:`TYPED_NAMES` and :data:`NAMES`, folded, with its code (ISO's names
last: they win where both have one)."""


def code_of_name(text: str) -> str | None:
    """Return the alpha-2 code of the country named ``text`` in :data:`NAMES` or
    :data:`TYPED_NAMES` (case, accents and spacing aside: ``france`` -> ``FR``, ``South Korea``
    -> ``KR``, ``Cote d'Ivoire`` -> ``CI``, ``Russia`` -> ``RU``), else None."""
    return _BY_NAME.get(_folded(text))
